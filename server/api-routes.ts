/**
 * The content API at /api, public for reading only (GET, HEAD). The forms' actions of web
 * processes elsewhere (API_URL) write through it with API_TOKEN: their submissions, the posts they
 * count against the shared rate limit, the uses they counted. Any other request, or one of those
 * without the token, is refused with 405 in the language the client asks for.
 */
import { type Context, Hono } from "hono";
import { bearerAuth } from "hono/bearer-auth";
import { messages } from "../i18n/messages/index.ts";

/** What web processes holding the token may post. */
const WRITES = ["/api/submissions", "/api/rate-limit", "/api/usage"];

const readOnly = (c: Context) => {
  const locale = /^\s*tr\b/i.test(c.req.header("accept-language") ?? "") ? "tr" : "en";
  return c.json({ error: "method_not_allowed", message: messages[locale].api.methodNotAllowed }, 405, { Allow: "GET, HEAD" });
};

export function apiRoutes(apiApp: { fetch: (request: Request) => Response | Promise<Response> }, token: string | undefined): Hono {
  const app = new Hono();
  app.on(["GET", "HEAD"], "/api/*", (c) => apiApp.fetch(c.req.raw));
  if (token) {
    // Without the token, or with another, a post is answered as the read-only API answers it.
    const refused = { message: readOnly };
    const withToken = bearerAuth({ token, noAuthenticationHeader: refused, invalidAuthenticationHeader: refused, invalidToken: refused });
    app.on("POST", WRITES, withToken, (c) => apiApp.fetch(c.req.raw));
  }
  app.all("/api/*", readOnly);
  return app;
}
