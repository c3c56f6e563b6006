/**
 * Everything the route table declares (pages, and files such as feeds, sitemaps and citation
 * downloads), last: the root's locale, the prerendered pages, the kept pages, then React Router.
 * Pages are read (GET, HEAD); a form's screen also takes its form (POST), from our own pages only
 * and up to FORM_MAX_BYTES. Anything else is refused here, in the path's language, before React
 * Router and before a body is read.
 */
import type { Context, MiddlewareHandler } from "hono";
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { formScreenIds } from "../contract/route-rules.ts";
import { whichRoute } from "../contract/which-route.ts";
import { isOwnPost } from "../service/post-origin.ts";
import type { Config } from "./config.ts";
import { problemAnswer } from "./problem.ts";
import type { Render } from "./render.ts";
import { rootRedirect } from "./root.ts";

/**
 * The largest form a page accepts; a longer post is refused with 413 before it is read. Every
 * field at its maximum length, in three-byte characters, percent-encoded, stays below it.
 */
export const FORM_MAX_BYTES = 128 * 1024;
const READ_METHODS = ["GET", "HEAD"];
const PAGE_METHODS = [...READ_METHODS, "POST"];

export interface PagesOptions {
  config: Pick<Config, "ROOT_REDIRECT" | "ROOT_REDIRECT_STATUS">;
  render: Render;
  /** The pages the build prerendered (PRERENDER_PATHS), answered as built. */
  prerendered?: MiddlewareHandler;
  /** The kept pages' middleware (kept-pages.ts): answers a kept page, or renders and keeps one. */
  kept?: MiddlewareHandler;
  ownHosts: (c: Context) => string[];
  visitorIp: (c: Context) => string | undefined;
}

/** A method the path does not take: OPTIONS is answered with what it takes, anything else 405 with a page in the path's language. */
function refuseMethod(c: Context, allowed: readonly string[]) {
  const Allow = allowed.join(", ");
  if (c.req.method === "OPTIONS") return c.body(null, 204, { Allow });
  return problemAnswer(c.req.url, 405, (t) => t.errors.methodNotAllowed, { headers: { Allow } });
}

function pageMethods(ownHosts: PagesOptions["ownHosts"]): MiddlewareHandler {
  return async (c, next) => {
    const method = c.req.method;
    if (method === "GET" || method === "HEAD") return next();
    if (method !== "POST") return refuseMethod(c, PAGE_METHODS);
    if (!whichRoute(c.req.url, formScreenIds)) return refuseMethod(c, READ_METHODS);
    if (isOwnPost(c.req.raw.headers, ownHosts(c))) return next();
    return problemAnswer(c.req.url, 403, (t) => t.forms.problems.crossSite, { toForm: true });
  };
}

const formBodyLimit = bodyLimit({
  maxSize: FORM_MAX_BYTES,
  onError: (c) => problemAnswer(c.req.url, 413, (t) => t.forms.problems.tooLarge, { toForm: true }),
});

export function pagesApp({ config, render, prerendered, kept, ownHosts, visitorIp }: PagesOptions): Hono {
  const app = new Hono();
  app.get("/", rootRedirect(config));
  if (prerendered) app.use(prerendered);
  if (kept) app.use(kept);
  app.use(pageMethods(ownHosts));
  app.post("*", formBodyLimit);
  app.all("*", (c) => render(c.req.raw, visitorIp(c)));
  return app;
}
