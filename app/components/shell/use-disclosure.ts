/**
 * Open/closed state for a button and the panel it controls (header panels, language list,
 * mobile menu): closes on a click outside both, on Escape (focus back on the button), and on
 * navigation. `buttonProps` and `panelProps` carry the wiring (aria-expanded, aria-controls, id).
 */
import { useCallback, useEffect, useId, useRef, useState } from "react";
import { useLocation } from "react-router";

export function useDisclosure() {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement | null>(null);
  const panel = useRef<HTMLElement | null>(null);
  const panelId = useId();
  const { pathname, search } = useLocation();

  const close = useCallback(() => setOpen(false), []);
  const toggle = useCallback(() => setOpen((value) => !value), []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: closing is the point of a new location.
  useEffect(close, [pathname, search]);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!button.current?.contains(target) && !panel.current?.contains(target)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener("pointerdown", onPointerDown);
    document.addEventListener("keydown", onKeyDown);
    return () => {
      document.removeEventListener("pointerdown", onPointerDown);
      document.removeEventListener("keydown", onKeyDown);
    };
  }, [open]);

  const buttonProps = { ref: button, type: "button", "aria-expanded": open, "aria-controls": panelId, onClick: toggle } as const;
  const panelProps = {
    ref: (element: HTMLElement | null) => {
      panel.current = element;
    },
    id: panelId,
    hidden: !open,
  };
  return { open, close, button, panel, buttonProps, panelProps };
}
