import { useCallback, useEffect, useRef } from "react";

/**
 * For a list's control that goes away once followed ("Clear all filters" once they are cleared,
 * "Next" on the last page): `onFollow` goes on the control, the returned `target` ref on where
 * focus goes then (focusable with tabIndex -1), so that the keyboard and the screen reader carry on
 * from there rather than from the top of the page. Runs when the list's `state` changes after the
 * control was followed, and only if focus went with it.
 */
export function useFocusWhenGone<T extends HTMLElement>(state: string | number) {
  const target = useRef<T>(null);
  const followed = useRef(false);
  const seen = useRef(state);
  useEffect(() => {
    if (state === seen.current) return;
    seen.current = state;
    if (followed.current && document.activeElement === document.body) target.current?.focus({ preventScroll: true });
    followed.current = false;
  }, [state]);
  const onFollow = useCallback(() => {
    followed.current = true;
  }, []);
  return { target, onFollow };
}
