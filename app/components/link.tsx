/**
 * The site's internal links: React Router's Link and NavLink, prefetching the target's data and
 * code on intent (pointer over it, focus, touch), and once the page is idle for the first few
 * visible ones (idle-prefetch.tsx); never on data saver or 2g (lib/prefetch.ts). A link given its
 * own `prefetch` keeps it and stays out of the idle prefetching (a list's many filter links).
 */
import { type ComponentProps, type Ref, useCallback } from "react";
import { Link as RouterLink, NavLink as RouterNavLink } from "react-router";
import { linkPrefetch, watchForIdlePrefetch } from "./idle-prefetch.tsx";

/** The anchor's ref: the caller's, if any, and the idle prefetching's. */
function useLinkRef(ref: Ref<HTMLAnchorElement> | undefined, ownPrefetch: boolean) {
  const merged = useCallback(
    (anchor: HTMLAnchorElement | null) => {
      if (typeof ref === "function") ref(anchor);
      else if (ref) ref.current = anchor;
      const unwatch = ownPrefetch ? undefined : watchForIdlePrefetch(anchor);
      return () => {
        unwatch?.();
        if (typeof ref === "function") ref(null);
        else if (ref) ref.current = null;
      };
    },
    [ref, ownPrefetch],
  );
  return ref ? merged : ownPrefetch ? undefined : watchForIdlePrefetch;
}

export function Link({ ref, ...props }: ComponentProps<typeof RouterLink>) {
  return <RouterLink prefetch={linkPrefetch} {...props} ref={useLinkRef(ref, props.prefetch !== undefined)} />;
}

export function NavLink({ ref, ...props }: ComponentProps<typeof RouterNavLink>) {
  return <RouterNavLink prefetch={linkPrefetch} {...props} ref={useLinkRef(ref, props.prefetch !== undefined)} />;
}
