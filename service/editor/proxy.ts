/**
 * The endpoint Decap's `proxy` backend talks to in local mode (`npm run edit`), at /admin/api/v1:
 * the protocol of Decap's own `decap-server`, one JSON POST per action (entries by folder or
 * file, an entry, media, persisting, deleting). Every save goes through
 * service/editor/save.ts: checked, committed, imported, or refused naming the file and the field.
 * Only same-origin posts, paths inside the content folder (never hidden ones such as .git, never
 * through a symbolic link) and uploads whose bytes match their names are taken. Each entry is given
 * with its version, and a save names the versions it was opened at (editor-client.js): a save over
 * an entry another save changed meanwhile is refused, not silently overwritten.
 */
import { readdir } from "node:fs/promises";
import path from "node:path";
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { assertNoLink, OutsideFolderError, readInside, readInsideIfThere } from "../content/confined.ts";
import { ContentError } from "../content/read-folder.ts";
import { isOwnPost } from "../post-origin.ts";
import { decapCollections, type FolderCollection, isEntryFile } from "./decap-config.ts";
import { type ArticleFolderFiles, fromEditor, safeContentPath, toEditor } from "./entry-files.ts";
import type { Author } from "./git.ts";
import { journalsOf } from "./journals.ts";
import { mediaProblem } from "./media.ts";
import { type Change, ChangedSinceOpened, type ContentEditing, fileVersion } from "./save.ts";

/** The largest request the endpoint reads: a PDF galley at its limit, base64-encoded, with its envelope. */
const API_MAX_BYTES = 28 * 1024 * 1024;

async function listFiles(dir: string, extension: string, depth: number): Promise<string[]> {
  if (depth <= 0) return [];
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  const nested = await Promise.all(
    entries.map((entry) =>
      entry.isDirectory()
        ? listFiles(path.join(dir, entry.name), extension, depth - 1).then((files) => files.map((file) => `${entry.name}/${file}`))
        : entry.isFile() && entry.name.endsWith(extension) && !entry.name.startsWith(".")
          ? [entry.name]
          : [],
    ),
  );
  return nested.flat();
}

/** A request the editor could not have meant: a 422 with what was wrong (Decap shows `error`). */
class BadRequest extends Error {}

export function createProxyApp({ contentDir, editing, author }: { contentDir: string; editing: ContentEditing; author: Author }) {
  const app = new Hono();
  const file = (relative: unknown) => {
    const safe = safeContentPath(relative);
    if (!safe) throw new BadRequest(`not a path in the content folder: ${String(relative).slice(0, 120)}`);
    return { relative: safe, absolute: path.join(contentDir, safe) };
  };
  /** The galley and figures beside an article's reference list, for the editor's form. */
  const beside = async (absolute: string): Promise<ArticleFolderFiles> => {
    const folder = path.dirname(absolute);
    // Its own files only: a link named galley.pdf or figures/ is none.
    const names = await readdir(folder, { withFileTypes: true }).catch(() => []);
    const has = (name: string, is: "isFile" | "isDirectory") => names.some((entry) => entry.name === name && entry[is]());
    const figures = has("figures", "isDirectory") ? await readdir(path.join(folder, "figures"), { withFileTypes: true }).catch(() => []) : [];
    return {
      galley: has("galley.pdf", "isFile"),
      figures: figures.filter((entry) => entry.isFile() && !entry.name.startsWith(".")).map((entry) => `figures/${entry.name}`),
    };
  };
  const entry = async (relative: string) => {
    const { absolute } = file(relative);
    const bytes = await readInsideIfThere(contentDir, relative);
    return {
      data: bytes === null ? null : toEditor(relative, bytes.toString("utf8"), await beside(absolute)),
      file: { path: relative, id: bytes === null ? null : fileVersion(bytes) },
    };
  };
  const mediaFile = async (relative: string) => {
    const bytes = await readInside(contentDir, file(relative).relative);
    return { id: fileVersion(bytes), content: bytes.toString("base64"), encoding: "base64", path: relative, name: path.posix.basename(relative) };
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
      if (body === null || typeof body !== "object") return c.json({ error: "The request is not a JSON object." }, 400);
      try {
        return c.json(await answer(body.action, body.params ?? {}));
      } catch (error) {
        if (error instanceof ContentError) {
          const list = error.problems.slice(0, 8).map((p) => `${p.file}: ${p.field}: ${p.message}`);
          const more = error.problems.length > 8 ? ` (and ${error.problems.length - 8} more)` : "";
          return c.json({ error: `Not saved, nothing published. ${list.join("; ")}${more}`, problems: error.problems }, 422);
        }
        if (error instanceof BadRequest || error instanceof OutsideFolderError) return c.json({ error: error.message }, 422);
        if (error instanceof ChangedSinceOpened)
          return c.json({ error: `Not saved: ${error.message}. Open it again to see that change, then make yours.`, file: error.file }, 409);
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
        await assertNoLink(contentDir, dir.relative);
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
        // The versions the entries were opened at, by path (editor-client.js adds them; Decap does not).
        const versions = (params.versions ?? {}) as Record<string, unknown>;
        const opened = (relative: string) => (typeof versions[relative] === "string" ? { opened: versions[relative] as string } : {});
        const changes: Change[] = [];
        for (const data of dataFiles) {
          const from = file(data.path).relative;
          const to = data.newPath ? file(data.newPath).relative : from;
          changes.push({ path: to, content: fromEditor(to, String(data.raw ?? "")), ...(to === from ? opened(from) : {}) });
          if (to !== from) changes.push({ path: from, content: null, ...opened(from) });
        }
        const assets = Array.isArray(params.assets) ? (params.assets as Parameters<typeof mediaChange>[0][]) : [];
        changes.push(...assets.map(mediaChange));
        const options = (params.options ?? {}) as { commitMessage?: unknown };
        const saved = await save(changes, options.commitMessage);
        const written = changes.flatMap((change) => (change.content === null ? [] : [[change.path, fileVersion(change.content)]]));
        return { message: "entry persisted", commit: saved.commit, versions: Object.fromEntries(written) };
      }
      case "getMedia": {
        const folder = file(params.mediaFolder);
        await assertNoLink(contentDir, folder.relative);
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
