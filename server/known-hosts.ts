/**
 * Which Host a request may name. The site's own URLs (canonical links, hreflang, JSON-LD,
 * sitemaps, feeds, the OAI-PMH base URL) are built on PUBLIC_URL; without it, on the request's
 * origin, so a forged Host would become the origin of what is sent and cached. Without PUBLIC_URL
 * only the names this process is known by are answered: loopback and ALLOWED_HOSTS (`hostCheck`
 * refuses the others with 421). The health checks answer whatever the Host (an orchestrator probes
 * by address), and name no URL.
 * @example knownHosts({ allowed: ["meridian.internal"] })("meridian.internal:3000", "/books") // true
 */
import type { Context, MiddlewareHandler } from "hono";
import { problemAnswer } from "./problem.ts";

const LOOPBACK = ["localhost", "127.0.0.1", "[::1]"];
const PROBES = new Set(["/healthz", "/readyz"]);

/** A Host header's name, lower-cased, without its port ("[::1]:3000" → "[::1]"). */
const hostName = (host: string) => host.toLowerCase().replace(/:\d+$/, "");

export function knownHosts({ publicUrl, allowed }: { publicUrl?: string; allowed: readonly string[] }) {
  const names = new Set([...LOOPBACK, ...allowed.map(hostName)]);
  return (host: string | undefined, path: string): boolean => {
    if (publicUrl || PROBES.has(path)) return true;
    const name = hostName(host ?? "");
    return names.has(name) || name.endsWith(".localhost");
  };
}

/** Refuses a request for a host this process is not known by (421, in the path's language), before anything builds a URL on it. */
export function hostCheck(isKnown: ReturnType<typeof knownHosts>): MiddlewareHandler {
  return async (c, next) => {
    if (isKnown(c.req.header("host"), c.req.path)) return next();
    return problemAnswer(c.req.url, 421, (t) => t.errors.unknownHost, { headers: { "Cache-Control": "no-store" } });
  };
}

/** The hosts a post from this site's own pages comes from: the public one, and the one asked (service/post-origin.ts). */
export const postHosts =
  (publicUrl: string | undefined) =>
  (c: Context): string[] =>
    [publicUrl && new URL(publicUrl).host, c.req.header("host")].filter((h): h is string => Boolean(h));
