/**
 * Serves the pages `npm run build` prerendered (scripts/prerender.ts): each one's HTML at its path
 * and its client-navigation data at `{path}.data`, from memory, for those exact paths only.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import type { MiddlewareHandler } from "hono";

export const MANIFEST = "manifest.json";

export interface PrerenderedPage {
  /** The page's path as the server sees it (percent-encoded). */
  path: string;
  html: string;
  data: string;
  dataType: string;
}

/** The site paths PRERENDER_PATHS names (comma-separated), as written there. */
export const prerenderPathsOf = (value: string | undefined) =>
  (value ?? "")
    .split(",")
    .map((p) => p.trim())
    .filter(Boolean);

/** React Router's client-navigation data URL of a page (`/_.data` for the root). */
export const dataPath = (pagePath: string) => (pagePath === "/" ? "/_.data" : `${pagePath}.data`);

/**
 * The middleware for a build's prerendered pages, or none when the build has none. `policyOf`
 * gives a page's Content-Security-Policy from its HTML (server/security-headers.ts): computed once
 * per page, when the files are read.
 */
export function prerenderedPages(dir: string, policyOf: (html: string) => string): MiddlewareHandler | undefined {
  const manifest = path.join(dir, MANIFEST);
  if (!existsSync(manifest)) return undefined;
  const answers = new Map<string, { body: Buffer; headers: Record<string, string> }>();
  for (const page of JSON.parse(readFileSync(manifest, "utf8")) as PrerenderedPage[]) {
    const html = readFileSync(path.join(dir, page.html));
    answers.set(page.path, {
      body: html,
      headers: { "Content-Type": "text/html; charset=utf-8", "Content-Security-Policy": policyOf(html.toString("utf8")) },
    });
    answers.set(dataPath(page.path), { body: readFileSync(path.join(dir, page.data)), headers: { "Content-Type": page.dataType } });
  }
  return async (c, next) => {
    const answer = c.req.method === "GET" || c.req.method === "HEAD" ? answers.get(new URL(c.req.url).pathname) : undefined;
    if (!answer) return next();
    return c.body(new Uint8Array(answer.body), 200, { ...answer.headers, "X-Prerendered": "1" });
  };
}
