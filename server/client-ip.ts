import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";

/**
 * The visitor's address, for the form rate limit and the IP-to-country lookup. Behind
 * `trustProxy` proxies (a load balancer, a CDN) the socket is the nearest proxy's; the visitor is
 * then the entry that the farthest trusted proxy appended to X-Forwarded-For, counted from the
 * end, so a visitor cannot choose their own address by sending the header themselves.
 * @example clientIp("10.0.0.2", "203.0.113.9, 198.51.100.7", 1) // "198.51.100.7"
 */
export function clientIp(socketAddress: string | undefined, forwardedFor: string | undefined, trustProxy: number): string | undefined {
  return trustedHop(forwardedFor, trustProxy) ?? socketAddress;
}

/** The entry of a list header (X-Forwarded-For, X-Forwarded-Proto) that the farthest of `trustProxy` proxies appended. */
function trustedHop(header: string | undefined, trustProxy: number): string | undefined {
  if (trustProxy === 0 || !header) return undefined;
  const hops = header
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  return hops[Math.max(0, hops.length - trustProxy)];
}

/**
 * The scheme the visitor used, as the farthest trusted proxy reported it in X-Forwarded-Proto
 * (counted like X-Forwarded-For); undefined when no proxy is trusted or none said.
 * @example clientProtocol("http", 1) // "http"
 */
export function clientProtocol(forwardedProto: string | undefined, trustProxy: number): string | undefined {
  return trustedHop(forwardedProto, trustProxy)?.toLowerCase();
}

/** The visitor's address of a request: its socket's, or what the trusted proxies say. */
export function visitorIpOf(trustProxy: number): (c: Context) => string | undefined {
  return (c) => {
    let socketAddress: string | undefined;
    try {
      socketAddress = getConnInfo(c).remote.address;
    } catch {
      // Not served from a socket (app.request in tests).
    }
    return clientIp(socketAddress, c.req.header("x-forwarded-for"), trustProxy);
  };
}
