import { type ReactNode, Suspense } from "react";

/**
 * A part of the page that React hydrates after the rest, in short slices of work between which the
 * browser answers the visitor: a server-rendered Suspense boundary is hydrated at the lowest
 * priority, once the page around it is interactive. Its markup is in the page from the first
 * paint, as rendered on the server (the server keeps every boundary in place: entry.server.tsx);
 * a click inside it before then hydrates it first and is then handled. Nothing in it suspends.
 */
export function HydrateLater({ children }: { children: ReactNode }) {
  return <Suspense>{children}</Suspense>;
}
