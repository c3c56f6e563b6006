/**
 * The content editor at /admin/ (docs/decisions/038-content-editor.md): Decap CMS's page, its
 * configuration generated from the content schemas, and its backend.
 * - Locally (`npm run edit`, EDIT_MODE): Decap's `proxy` backend, our endpoint (editor-proxy.ts),
 *   which checks, commits and imports every save, or refuses it naming the file and the field.
 * - In production (EDITOR_BACKEND): Decap signs the editor in to the Git host (GitHub through
 *   editor-oauth.ts; GitLab, Gitea and Forgejo with PKCE) and commits there; only someone with
 *   write access to the repository can, and the site imports the commit on the host's webhook
 *   (content-sync.ts), refusing one that fails the check: the editor's page says why.
 * The editor's answers carry their own policy and are never cached or indexed.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import { escapeAttribute } from "entities";
import { Hono } from "hono";
import { etag } from "hono/etag";
import { decapDist } from "./bundle.ts";
import { type DecapCollection, decapCollections, type GitHost, hostBackend, hostEndpoints, underFolder } from "./decap-config.ts";
import type { Author } from "./git.ts";
import { editorHistoryApp, type LastSync } from "./history-app.ts";
import { journalsOf } from "./journals.ts";
import { gitHubOAuthApp } from "./oauth.ts";
import { createProxyApp } from "./proxy.ts";
import type { ContentEditing } from "./save.ts";

/**
 * The editor's policy: Decap compiles its validators at run time (`'unsafe-eval'`, ajv) and sets
 * inline styles; in production it talks to the Git host's API and shows its avatars (`hosts`).
 */
export function editorPolicy(hosts: string[] = []): string {
  return [
    "default-src 'self'",
    "script-src 'self' 'unsafe-eval'",
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${hosts.map((h) => ` ${h}`).join("")}`,
    "media-src 'self' blob:",
    "font-src 'self' data:",
    `connect-src 'self' blob:${hosts.map((h) => ` ${h}`).join("")}`,
    "frame-src 'self' blob:",
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join("; ");
}

const editorClientScript = readFileSync(path.join(import.meta.dirname, "client.js"), "utf8");

/** Where saves go: the local endpoint, or a Git host. */
export type EditorBackend =
  | { kind: "local"; editing: ContentEditing; author: Author }
  | {
      kind: "host";
      host: GitHost;
      /** The content folder's path in the repository ("content/demo"; "." at its top). */
      folder: string;
      /** GitHub's OAuth application (its secret stays on the server). */
      github?: { clientId: string; clientSecret: string };
    };

export interface EditorOptions {
  contentDir: string;
  backend: EditorBackend;
  /** The site's public origin (required with a Git host: GitHub sends the editor back to it). */
  siteUrl?: string;
  /** The site's stylesheets (the build's), for the previews. */
  stylesheets: () => Promise<string[]>;
  /** What the site's last import of a pushed commit did (content-sync.ts), for the editors who may write. */
  lastSync?: LastSync;
}

/** Decap's page: the site's stylesheets and the journals are for the previews, the sync for the last import's refusal (editor-client.js). */
function editorPage(stylesheets: string[], journals: string[], contentSync: boolean) {
  return `<!doctype html>
<html lang="en" data-site-styles="${escapeAttribute(JSON.stringify(stylesheets))}" data-journals="${escapeAttribute(JSON.stringify(journals))}"${contentSync ? ' data-content-sync="1"' : ""}>
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>Content editor · Meridian</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<link href="/admin/config.yml" type="text/yaml" rel="cms-config-url">
</head>
<body>
<script src="/admin/editor-client.js"></script>
<script src="/admin/decap-cms.js"></script>
</body>
</html>
`;
}

/** Decap's whole configuration (https://decapcms.org/docs/configuration-options/). */
export function decapConfig(collections: DecapCollection[], siteUrl: string, backend: EditorBackend) {
  const local = backend.kind === "local";
  const folder = local ? "" : backend.folder.replace(/^\.$/, "");
  return {
    backend: local ? { name: "proxy", proxy_url: "/admin/api/v1", branch: "main" } : hostBackend(backend.host, siteUrl),
    site_url: siteUrl,
    display_url: siteUrl,
    media_folder: folder ? `${folder}/images` : "images",
    public_folder: "",
    slug: { encoding: "ascii", clean_accents: true, sanitize_replacement: "-" },
    collections: local ? collections : underFolder(collections, folder),
  };
}

export function createEditorApp({ contentDir, backend, siteUrl, stylesheets, lastSync }: EditorOptions) {
  if (!existsSync(path.join(decapDist, "decap-cms.js"))) {
    throw new Error(`the content editor's Decap CMS is not in ${decapDist}: run node scripts/editor-bundle.ts (npm start runs it)`);
  }
  const app = new Hono();
  const hosts = backend.kind === "host" ? hostOrigins(backend.host) : [];
  const headers = { "Content-Security-Policy": editorPolicy(hosts), "X-Robots-Tag": "noindex, nofollow" };

  app.use("/admin/*", async (c, next) => {
    await next();
    for (const [name, value] of Object.entries(headers)) c.res.headers.set(name, value);
    // Decap's own files (5 MB, the same until the pinned version changes) are asked again each time and
    // answered 304, so a reload neither downloads nor compiles them anew; the rest (the page, its
    // configuration, the content) is never kept.
    c.res.headers.set("Cache-Control", c.res.headers.has("ETag") ? "no-cache" : "no-store");
  });
  app.get("/admin", (c) => c.redirect("/admin/", 301));
  app.get("/admin/", async (c) =>
    c.html(
      editorPage(
        await stylesheets(),
        (await journalsOf(contentDir)).map((journal) => journal.id),
        lastSync !== undefined,
      ),
    ),
  );
  app.get("/admin/config.yml", async (c) => {
    const origin = siteUrl ?? new URL(c.req.url).origin;
    // JSON is YAML too: Decap reads the file as YAML, and says so when it is not labelled so.
    return c.body(JSON.stringify(decapConfig(decapCollections(await journalsOf(contentDir)), origin, backend)), 200, {
      "Content-Type": "text/yaml; charset=utf-8",
    });
  });
  app.get("/admin/editor-client.js", (c) => c.body(editorClientScript, 200, { "Content-Type": "text/javascript; charset=utf-8" }));
  app.route("/", editorHistoryApp({ contentDir, host: backend.kind === "host" ? backend.host : undefined, lastSync }));
  if (backend.kind === "local") app.route("/", createProxyApp({ contentDir, editing: backend.editing, author: backend.author }));
  else if (backend.github && siteUrl) {
    app.route("/", gitHubOAuthApp({ ...backend.github, web: hostEndpoints(backend.host).web, siteUrl }));
  }
  app.use(
    "/admin/*",
    etag(),
    serveStatic({
      root: path.relative(process.cwd(), decapDist),
      rewriteRequestPath: (p) => p.replace(/^\/admin/, ""),
    }),
  );
  return app;
}

/** The Git host's origins the editor's page talks to: its API, and where its avatars come from. */
function hostOrigins(host: GitHost): string[] {
  const { web, api } = hostEndpoints(host);
  const origins = new Set([new URL(api).origin, new URL(web).origin]);
  if (host.name === "github" && !host.url) origins.add("https://avatars.githubusercontent.com");
  return [...origins];
}
