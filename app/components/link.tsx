/**
 * The site's internal links: React Router's Link and NavLink, prefetching the target's data and
 * code as they become visible unless the connection is on data saver or 2g (lib/prefetch.ts).
 */
import type { ComponentProps } from "react";
import { Link as RouterLink, NavLink as RouterNavLink } from "react-router";
import { type ConnectionInfo, prefetchMode } from "../lib/prefetch.ts";

// Decided once per page load. The server's answer does not matter: React Router renders the same
// markup for "viewport" and "none" and starts observing only in an effect, so nothing mismatches.
const prefetch = prefetchMode(typeof navigator === "undefined" ? undefined : (navigator as Navigator & { connection?: ConnectionInfo }).connection);

export function Link(props: ComponentProps<typeof RouterLink>) {
  return <RouterLink prefetch={prefetch} {...props} />;
}

export function NavLink(props: ComponentProps<typeof RouterNavLink>) {
  return <RouterNavLink prefetch={prefetch} {...props} />;
}
