/**
 * An article page's beacon (USAGE_BEACON) at BEACON_PATH: a view counted when it comes from the
 * page itself (our own pages, and the page's token) and not too often (counter.ts `viewed`);
 * 403 from elsewhere, 413 past a small body.
 */
import { type Context, Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { BEACON_PATH } from "../../contract/usage-beacon.ts";
import { isOwnPost } from "../post-origin.ts";
import type { UsageCounter } from "./counter.ts";

const BEACON_MAX_BYTES = 2048;

export function beaconApp(
  usage: UsageCounter,
  { ownHosts, visitorIp }: { ownHosts: (c: Context) => string[]; visitorIp: (c: Context) => string | undefined },
): Hono {
  const app = new Hono();
  app.post(BEACON_PATH, bodyLimit({ maxSize: BEACON_MAX_BYTES, onError: (c) => c.body(null, 413) }), async (c) => {
    const status = isOwnPost(c.req.raw.headers, ownHosts(c)) ? usage.viewed(c, await c.req.text(), visitorIp) : 403;
    return c.body(null, status, { "Cache-Control": "no-store" });
  });
  return app;
}
