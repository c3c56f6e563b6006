import { useEffect, useRef, useState } from "react";
import { useNavigation } from "react-router";

/** The specification's defaults (its shell uses a 2 px bar). */
export const LOADING_BAR_DEFAULTS = { duration: 2000, throttle: 200, hideDelay: 500, resetDelay: 400, height: 3 };

interface Bar {
  /** Width in percent. */
  progress: number;
  visible: boolean;
  /** How long the width takes to reach `progress`. */
  transitionMs: number;
}

/**
 * A thin bar at the top of the page while a client navigation loads: it appears only when the
 * navigation takes longer than `throttle`, creeps towards the end over `duration`, completes
 * when the page is ready, fades after `hideDelay` and is reset `resetDelay` later. Under
 * `prefers-reduced-motion` it neither creeps nor fades: app.css ends its transitions at once.
 */
export function LoadingBar({ height = LOADING_BAR_DEFAULTS.height, ...options }: Partial<typeof LOADING_BAR_DEFAULTS>) {
  const { duration, throttle, hideDelay, resetDelay } = { ...LOADING_BAR_DEFAULTS, ...options };
  const busy = useNavigation().state !== "idle";
  const [bar, setBar] = useState<Bar>({ progress: 0, visible: false, transitionMs: 0 });
  const shown = useRef(false);

  useEffect(() => {
    const timers: ReturnType<typeof setTimeout>[] = [];
    const later = (ms: number, next: Bar) => timers.push(setTimeout(() => setBar(next), ms));
    if (busy) {
      timers.push(
        setTimeout(() => {
          shown.current = true;
          setBar({ progress: 0, visible: true, transitionMs: 0 });
          // Let the browser paint the empty bar, then let it creep towards 90 %.
          requestAnimationFrame(() => requestAnimationFrame(() => setBar({ progress: 90, visible: true, transitionMs: duration })));
        }, throttle),
      );
    } else if (shown.current) {
      shown.current = false;
      setBar({ progress: 100, visible: true, transitionMs: 200 });
      later(hideDelay, { progress: 100, visible: false, transitionMs: 200 });
      later(hideDelay + resetDelay, { progress: 0, visible: false, transitionMs: 0 });
    }
    return () => {
      for (const timer of timers) clearTimeout(timer);
    };
  }, [busy, duration, throttle, hideDelay, resetDelay]);

  return (
    <div
      aria-hidden="true"
      data-loading-bar={bar.visible ? "visible" : "hidden"}
      className="pointer-events-none fixed inset-x-0 top-0 z-50 origin-left bg-gradient-to-r from-orange-600 to-orange-300"
      style={{
        height,
        width: `${bar.progress}%`,
        opacity: bar.visible ? 1 : 0,
        transition: `width ${bar.transitionMs}ms ease-out, opacity 200ms linear`,
      }}
    />
  );
}
