/**
 * The content editor at /admin/ (EDIT_MODE, docs/decisions/038-content-editor.md): Decap CMS's
 * page, its configuration generated from the content schemas, and the endpoint its `proxy`
 * backend talks to (the protocol of Decap's own `decap-server`: one JSON POST per action). Every
 * save goes through service/editor/save.ts: checked, committed, imported, or refused naming the
 * file and the field. The editor's answers carry their own policy and are never cached or indexed.
 */
import { createHash } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { serveStatic } from "@hono/node-server/serve-static";
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { parse } from "yaml";
import {
  type DecapCollection,
  decapCollections,
  type FolderCollection,
  ISSUES_PREFIX,
  isEntryFile,
  type JournalListing,
} from "../service/editor/decap-config.ts";
import { fromEditor, safeContentPath, toEditor } from "../service/editor/entry-files.ts";
import type { Author } from "../service/editor/git.ts";
import { mediaProblem } from "../service/editor/media.ts";
import { type Change, type ContentEditing, SaveRefused } from "../service/editor/save.ts";
import { isOwnPost } from "./post-origin.ts";

/** The editor page's policy: Decap compiles its validators at run time (`'unsafe-eval'`, ajv) and sets inline styles. */
export const EDITOR_POLICY = [
  "default-src 'self'",
  "script-src 'self' 'unsafe-eval'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "media-src 'self' blob:",
  "font-src 'self' data:",
  "connect-src 'self' blob:",
  "frame-src 'self' blob:",
  "worker-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join("; ");
const EDITOR_HEADERS = { "Content-Security-Policy": EDITOR_POLICY, "Cache-Control": "no-store", "X-Robots-Tag": "noindex, nofollow" };

/** The largest request the endpoint reads: a PDF galley at its limit, base64-encoded, with its envelope. */
const API_MAX_BYTES = 28 * 1024 * 1024;
const decapDist = path.dirname(fileURLToPath(import.meta.resolve("decap-cms")));
const editorClient = path.join(import.meta.dirname, "editor-client.js");

export interface EditorOptions {
  contentDir: string;
  editing: ContentEditing;
  author: Author;
  /** The site's public origin, for the editor's links to it. */
  siteUrl?: string;
  /** The site's stylesheets (the build's), for the previews. */
  stylesheets: () => Promise<string[]>;
}

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

const escapeAttribute = (value: string) => value.replaceAll("&", "&amp;").replaceAll('"', "&quot;");

/** Decap's page: the site's stylesheets and the issues' collections are for the previews (editor-client.js). */
function editorPage(stylesheets: string[], issueCollections: string[]) {
  return `<!doctype html>
<html lang="en" data-site-styles="${escapeAttribute(JSON.stringify(stylesheets))}" data-issue-collections="${escapeAttribute(JSON.stringify(issueCollections))}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>Content editor · Meridian</title>
<link href="/admin/config.yml" type="text/yaml" rel="cms-config-url">
</head>
<body>
<script src="/admin/editor-client.js"></script>
<script src="/admin/decap-cms.js"></script>
</body>
</html>
`;
}

/** The journals of the folder, for their issues' and reference lists' collections. */
async function journalsOf(contentDir: string): Promise<JournalListing[]> {
  const dirs = await readdir(path.join(contentDir, "journals"), { withFileTypes: true }).catch(() => []);
  const journals = await Promise.all(
    dirs
      .filter((dir) => dir.isDirectory())
      .map(async (dir) => {
        const file = await readFile(path.join(contentDir, "journals", dir.name, "journal.yaml"), "utf8").catch(() => "");
        const title = (parse(file) as { en?: { title?: string } } | null)?.en?.title;
        return { id: dir.name, title: title ?? dir.name };
      }),
  );
  return journals.sort((a, b) => a.title.localeCompare(b.title, "en"));
}

/** Decap's whole configuration (https://decapcms.org/docs/configuration-options/). */
export function decapConfig(collections: DecapCollection[], siteUrl: string) {
  return {
    backend: { name: "proxy", proxy_url: "/admin/api/v1", branch: "main" },
    site_url: siteUrl,
    display_url: siteUrl,
    media_folder: "images",
    public_folder: "",
    slug: { encoding: "ascii", clean_accents: true, sanitize_replacement: "-" },
    collections,
  };
}

async function listFiles(dir: string, extension: string, depth: number): Promise<string[]> {
  if (depth <= 0) return [];
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  const nested = await Promise.all(
    entries.map((entry) =>
      entry.isDirectory()
        ? listFiles(path.join(dir, entry.name), extension, depth - 1).then((files) => files.map((file) => `${entry.name}/${file}`))
        : entry.name.endsWith(extension) && !entry.name.startsWith(".")
          ? [entry.name]
          : [],
    ),
  );
  return nested.flat();
}

/** A request the editor could not have meant: a 422 with what was wrong (Decap shows `error`). */
class BadRequest extends Error {}

export function createEditorApp({ contentDir, editing, author, siteUrl, stylesheets }: EditorOptions) {
  const app = new Hono();
  const file = (relative: unknown) => {
    const safe = safeContentPath(relative);
    if (!safe) throw new BadRequest(`not a path in the content folder: ${String(relative).slice(0, 120)}`);
    return { relative: safe, absolute: path.join(contentDir, safe) };
  };
  const entry = async (relative: string) => {
    const { absolute } = file(relative);
    const bytes = await readFile(absolute).catch(() => null);
    return {
      data: bytes === null ? null : toEditor(relative, bytes.toString("utf8")),
      file: { path: relative, id: bytes === null ? null : sha256(bytes) },
    };
  };
  const mediaFile = async (relative: string) => {
    const bytes = await readFile(file(relative).absolute);
    return { id: sha256(bytes), content: bytes.toString("base64"), encoding: "base64", path: relative, name: path.posix.basename(relative) };
  };
  const mediaChange = (asset: { path?: unknown; content?: unknown; encoding?: unknown }): Change => {
    const { relative } = file(asset.path);
    if (asset.encoding !== "base64" || typeof asset.content !== "string") throw new BadRequest(`${relative}: expected base64 content`);
    const bytes = Buffer.from(asset.content, "base64");
    const problem = mediaProblem(relative, bytes);
    if (problem) throw new BadRequest(`${relative}: ${problem}`);
    return { path: relative, content: bytes };
  };
  const save = (changes: Change[], message: unknown) =>
    editing.save(changes, typeof message === "string" && message.trim() ? message : "Edit content", author);

  app.use("/admin/*", async (c, next) => {
    await next();
    for (const [name, value] of Object.entries(EDITOR_HEADERS)) c.res.headers.set(name, value);
  });
  app.get("/admin", (c) => c.redirect("/admin/", 301));
  app.get("/admin/", async (c) => {
    const issues = decapCollections(await journalsOf(contentDir)).filter((collection) => collection.name.startsWith(ISSUES_PREFIX));
    return c.html(
      editorPage(
        await stylesheets(),
        issues.map((collection) => collection.name),
      ),
    );
  });
  app.get("/admin/config.yml", async (c) => {
    const origin = siteUrl ?? new URL(c.req.url).origin;
    // JSON is YAML too: Decap reads the file as YAML, and says so when it is not labelled so.
    return c.body(JSON.stringify(decapConfig(decapCollections(await journalsOf(contentDir)), origin)), 200, {
      "Content-Type": "text/yaml; charset=utf-8",
    });
  });
  app.get("/admin/editor-client.js", async (c) =>
    c.body(await readFile(editorClient, "utf8"), 200, { "Content-Type": "text/javascript; charset=utf-8" }),
  );
  app.use(
    "/admin/*",
    serveStatic({
      root: path.relative(process.cwd(), decapDist),
      rewriteRequestPath: (p) => p.replace(/^\/admin/, ""),
    }),
  );

  app.post(
    "/admin/api/v1",
    bodyLimit({
      maxSize: API_MAX_BYTES,
      onError: (c) => c.json({ error: `A request to the editor is at most ${API_MAX_BYTES / 1024 / 1024} MB.` }, 413),
    }),
    async (c) => {
      if (!isOwnPost(c.req.raw.headers, [c.req.header("host") ?? ""])) return c.json({ error: "Only the editor's own page may save." }, 403);
      let body: { action?: unknown; params?: Record<string, unknown> };
      try {
        body = await c.req.json();
      } catch {
        return c.json({ error: "The request is not JSON." }, 400);
      }
      try {
        return c.json(await answer(body.action, body.params ?? {}));
      } catch (error) {
        if (error instanceof SaveRefused) {
          const list = error.problems.slice(0, 8).map((p) => `${p.file}: ${p.field}: ${p.message}`);
          const more = error.problems.length > 8 ? ` (and ${error.problems.length - 8} more)` : "";
          return c.json({ error: `Not saved, nothing published. ${list.join("; ")}${more}`, problems: error.problems }, 422);
        }
        if (error instanceof BadRequest) return c.json({ error: error.message }, 422);
        if (error instanceof Error && "code" in error && error.code === "ENOENT") return c.json({ error: "No such file." }, 404);
        if (error instanceof Error && error.name === "YAMLParseError")
          return c.json({ error: `Not saved: the entry is not YAML (${error.message}).` }, 422);
        throw error;
      }
    },
  );

  async function answer(action: unknown, params: Record<string, unknown>): Promise<unknown> {
    switch (action) {
      case "info":
        return { repo: path.basename(path.resolve(contentDir)), publish_modes: ["simple"], type: "local_git" };
      case "entriesByFolder": {
        const { folder, extension, depth } = params as { folder: string; extension: string; depth: number };
        const dir = file(folder);
        const collections = decapCollections(await journalsOf(contentDir)).filter(
          (collection): collection is FolderCollection => "folder" in collection && collection.folder === dir.relative,
        );
        const files = (await listFiles(dir.absolute, String(extension ?? ""), Math.min(Number(depth) || 1, 4)))
          .map((name) => `${dir.relative}/${name}`)
          .filter((name) => collections.length === 0 || collections.some((collection) => isEntryFile(collection, name)));
        return Promise.all(files.map(entry));
      }
      case "entriesByFiles": {
        const files = Array.isArray(params.files) ? (params.files as { path: unknown; label?: string }[]) : [];
        return Promise.all(
          files.map(async (f) => {
            const found = await entry(file(f.path).relative);
            return { ...found, file: { ...found.file, label: f.label } };
          }),
        );
      }
      case "getEntry":
        return entry(file(params.path).relative);
      case "unpublishedEntries":
        return [];
      case "getDeployPreview":
        return null;
      case "persistEntry": {
        const dataFiles = (params.dataFiles ?? (params.entry ? [params.entry] : [])) as { path: unknown; raw: unknown; newPath?: unknown }[];
        const changes: Change[] = [];
        for (const data of dataFiles) {
          const from = file(data.path).relative;
          const to = data.newPath ? file(data.newPath).relative : from;
          changes.push({ path: to, content: fromEditor(to, String(data.raw ?? "")) });
          if (to !== from) changes.push({ path: from, content: null });
        }
        const assets = Array.isArray(params.assets) ? (params.assets as Parameters<typeof mediaChange>[0][]) : [];
        changes.push(...assets.map(mediaChange));
        const options = (params.options ?? {}) as { commitMessage?: unknown };
        const saved = await save(changes, options.commitMessage);
        return { message: "entry persisted", commit: saved.commit };
      }
      case "getMedia": {
        const folder = file(params.mediaFolder);
        const files = await listFiles(folder.absolute, "", 1);
        return Promise.all(files.map((name) => mediaFile(`${folder.relative}/${name}`)));
      }
      case "getMediaFile":
        return mediaFile(file(params.path).relative);
      case "persistMedia": {
        const change = mediaChange((params.asset ?? {}) as Parameters<typeof mediaChange>[0]);
        await save([change], (params.options as { commitMessage?: unknown } | undefined)?.commitMessage);
        return mediaFile(change.path);
      }
      case "deleteFile":
      case "deleteFiles": {
        const paths = action === "deleteFile" ? [params.path] : Array.isArray(params.paths) ? params.paths : [];
        const changes = paths.map((p) => ({ path: file(p).relative, content: null }));
        await save(changes, (params.options as { commitMessage?: unknown } | undefined)?.commitMessage);
        return { message: `deleted ${changes.map((change) => change.path).join(", ")}` };
      }
      default:
        throw new BadRequest(`Unknown action ${String(action).slice(0, 60)}`);
    }
  }

  return app;
}
