import { useEffect, useRef } from "react";

/**
 * Where focus goes when the control that had it goes away with a change of `state` (a list's
 * "Clear all filters" once they are cleared, its "Next" on the last page): the returned ref's
 * element, focusable with tabIndex -1, so that the keyboard and the screen reader carry on from
 * there and not from the top of the page. Focus that is still somewhere stays there.
 */
export function useFocusWhenLost<T extends HTMLElement>(state: string | number) {
  const target = useRef<T>(null);
  const seen = useRef(state);
  useEffect(() => {
    if (state === seen.current) return;
    seen.current = state;
    if (document.activeElement === document.body) target.current?.focus({ preventScroll: true });
  }, [state]);
  return target;
}
