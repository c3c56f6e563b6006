/**
 * A button and the panel it controls (header panels, language list, mobile menu), built on the
 * browser's popover: the button opens and closes the panel before and without JavaScript, and the
 * browser closes it on a click outside and on Escape (focus back on the button). Once hydrated, the
 * hook follows the panel's state (`open`, `aria-expanded`) and closes it on navigation and when
 * focus moves on to something outside the panel and its button (Tab past its last item).
 * `buttonProps` and `panelProps` carry the wiring (popovertarget, aria-controls, id).
 */
import { type FocusEvent, type ToggleEvent, useCallback, useEffect, useId, useRef, useState, useSyncExternalStore } from "react";
import { useLocation } from "react-router";

const noSubscription = () => () => {};

/** False in the server's markup and while hydrating, true after. */
function useHydrated() {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

export function useDisclosure() {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement | null>(null);
  const panel = useRef<HTMLElement | null>(null);
  const panelId = useId();
  const hydrated = useHydrated();
  const { pathname, search } = useLocation();
  const location = pathname + search;
  const shownAt = useRef(location);

  const close = useCallback(() => {
    if (panel.current?.matches(":popover-open")) panel.current.hidePopover();
  }, []);

  // A new location closes the panel. On hydration, a panel the visitor opened before stays open, followed from here.
  useEffect(() => {
    if (location === shownAt.current) {
      setOpen(panel.current?.matches(":popover-open") ?? false);
    } else {
      shownAt.current = location;
      close();
    }
  }, [location, close]);

  // Focus leaving the page (for another window) is no reason to close: it has no element to go to.
  const closeOnFocusOut = useCallback(
    (event: FocusEvent) => {
      const next = event.relatedTarget;
      if (next && !panel.current?.contains(next) && !button.current?.contains(next)) close();
    },
    [close],
  );

  const buttonProps = {
    ref: button,
    type: "button",
    popoverTarget: panelId,
    "aria-controls": panelId,
    // Without JavaScript the browser tells the expanded state of a popover's button itself.
    "aria-expanded": hydrated ? open : undefined,
    onBlur: closeOnFocusOut,
  } as const;
  const panelProps = {
    ref: (element: HTMLElement | null) => {
      panel.current = element;
    },
    id: panelId,
    popover: "auto",
    onToggle: (event: ToggleEvent<HTMLElement>) => setOpen(event.newState === "open"),
    onBlur: closeOnFocusOut,
  } as const;
  return { open, close, hydrated, button, panel, buttonProps, panelProps };
}
