/**
 * For a load balancer or an orchestrator: the process answers (/healthz), and its content can be
 * read (/readyz: 503 while its database, or the content service of API_URL, does not answer).
 * Answered whatever the Host and the scheme (server/known-hosts.ts, server/https-redirect.ts).
 */
import { Hono } from "hono";

export function healthApp(ready: () => Promise<boolean>): Hono {
  const app = new Hono();
  app.get("/healthz", (c) => c.json({ status: "ok" }, 200, { "Cache-Control": "no-store" }));
  app.get("/readyz", async (c) => {
    const isReady = await ready().catch(() => false);
    return c.json({ status: isReady ? "ready" : "unavailable" }, isReady ? 200 : 503, { "Cache-Control": "no-store" });
  });
  return app;
}
