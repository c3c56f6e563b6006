/**
 * The site in process, for tests that read answers and need no browser: the production build
 * (build/, made by `npm run build`, which the test command runs before Vitest) rendered by
 * server/site.ts over the content API of a copy of the demo database, reached with `app.request`
 * as a visitor's request would reach it. Pages come back parsed (htmlparser2), to be read with
 * domutils.
 */
import { existsSync, rmSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { Document } from "domhandler";
import { parseDocument } from "htmlparser2";
import type { ServerBuild } from "react-router";
import { readConfig } from "../server/config.ts";
import { inProcessOai } from "../server/oai.ts";
import { createRateLimiter } from "../server/rate-limiter.ts";
import { createSite } from "../server/site.ts";
import { createApiApp } from "../service/api/app.ts";
import { createApiClient } from "../service/api/client.ts";
import { createContentService } from "../service/api/content-service.ts";
import { followRevision, readRevision } from "../service/api/revision.ts";
import { openDatabase } from "../service/db/database.ts";
import { createOaiApp } from "../service/oai/app.ts";
import { copyDemoDatabase } from "./demo-snapshot.ts";

const root = path.resolve(import.meta.dirname, "..");
const PUBLIC_URL = "https://www.meridianpress.example";
/** A visitor's browser (a crawler's user agent gets no error page); no Accept-Encoding unless a test sends one, so answers read as text. */
const BROWSER_HEADERS = {
  "User-Agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36",
};

export interface SiteHarness {
  /** An answer to `path` (on the public origin), with a browser's headers unless `init` says otherwise. */
  request: (path: string, init?: RequestInit) => Promise<Response>;
  /** A page's status and parsed document. */
  page: (path: string, init?: RequestInit) => Promise<{ status: number; headers: Headers; html: string; document: Document }>;
  /** A content API answer's JSON; anything but a 200 fails, naming the path. */
  json: <T>(path: string) => Promise<T>;
  close: () => Promise<void>;
}

/**
 * The build, loaded once per configuration (`env`): its routes keep what is the same at a content
 * revision in module state (app/lib/per-revision.server.ts), the configuration's part of it too
 * (the footer's links, the analytics tag), and every copy of the demo has the same revision. Sites
 * configured differently in one worker (Vitest's files share its modules) would show each other's.
 */
const loadedBuilds = new Map<string, Promise<ServerBuild>>();
function serverBuild(env: Record<string, string>): Promise<ServerBuild> {
  const file = path.join(root, "build/server/index.js");
  if (!existsSync(file)) throw new Error("no build in build/: run `npm run build` first (`npm test` does)");
  const configuration = new URLSearchParams(Object.entries(env).sort()).toString();
  const url = `${pathToFileURL(file).href}${configuration ? `?${configuration}` : ""}`;
  if (!loadedBuilds.has(url)) loadedBuilds.set(url, import(url) as Promise<ServerBuild>);
  return loadedBuilds.get(url) as Promise<ServerBuild>;
}

/** The site on the demo content, configured as a web process with `env` (PUBLIC_URL is the public origin's unless given). */
export async function siteHarness(env: Record<string, string> = {}): Promise<SiteHarness> {
  const config = readConfig({ PUBLIC_URL, PRERENDER_DIR: path.join(root, "build/no-prerendered-pages"), ...env });
  const file = copyDemoDatabase();
  const { db } = openDatabase(file);
  const service = createContentService(db);
  const api = createApiClient(service);
  const site = createSite({
    config,
    api,
    forms: {
      secret: "a-form-secret-for-the-site-harness-32",
      minFillMs: config.FORM_MIN_FILL_MS,
      rateLimiter: createRateLimiter({ limit: config.FORM_RATE_LIMIT, windowMs: config.FORM_RATE_WINDOW_MS, api }),
    },
    apiApp: createApiApp(service, { publicUrl: config.PUBLIC_URL }),
    oai: inProcessOai(createOaiApp(db, { publicUrl: config.PUBLIC_URL })),
    build: await serverBuild(env),
    clientDir: path.join(root, "build/client"),
    ready: async () => true,
    revision: followRevision(() => readRevision(db), 60_000),
  });
  const origin = config.PUBLIC_URL ?? "http://localhost";
  const request = async (pathname: string, init: RequestInit = {}) => {
    const headers = new Headers(BROWSER_HEADERS);
    for (const [name, value] of new Headers(init.headers)) headers.set(name, value);
    return site.request(new URL(pathname, origin).toString(), { ...init, headers });
  };
  return {
    request,
    async page(pathname, init) {
      const response = await request(pathname, init);
      const html = await response.text();
      return { status: response.status, headers: response.headers, html, document: parseDocument(html) };
    },
    async json<T>(pathname: string) {
      const response = await request(pathname);
      if (response.status !== 200) throw new Error(`${pathname}: ${response.status}, not 200`);
      return (await response.json()) as T;
    },
    // The copy goes with the site (8 MB each, in the run's snapshot folder).
    async close() {
      await db.destroy();
      for (const part of [file, `${file}-wal`, `${file}-shm`]) rmSync(part, { force: true });
    },
  };
}
