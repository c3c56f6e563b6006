/**
 * Behind a proxy that ends TLS (TRUST_PROXY), a visitor who came over plain HTTP is sent to the
 * HTTPS site of PUBLIC_URL, same path and query, with 301; the health checks are answered first
 * (server/site.ts), whatever the scheme.
 */
import type { Context, MiddlewareHandler } from "hono";
import { clientProtocol } from "./client-ip.ts";
import type { Config } from "./config.ts";

/** Whether a request is to be sent to HTTPS: PUBLIC_URL is https, and the trusted proxy says the visitor used http. */
export function cameOverHttp(config: Pick<Config, "PUBLIC_URL" | "TRUST_PROXY">): (c: Context) => boolean {
  if (!config.PUBLIC_URL?.startsWith("https:") || config.TRUST_PROXY === 0) return () => false;
  return (c) => clientProtocol(c.req.header("x-forwarded-proto"), config.TRUST_PROXY) === "http";
}

export function httpsRedirect(config: Pick<Config, "PUBLIC_URL" | "TRUST_PROXY">): MiddlewareHandler {
  const overHttp = cameOverHttp(config);
  return async (c, next) => {
    if (!overHttp(c)) return next();
    const url = new URL(c.req.url);
    return c.redirect(`${config.PUBLIC_URL}${url.pathname}${url.search}`, 301);
  };
}
