/**
 * The local editor's endpoint on a Git repository holding the small catalogue (the demo with one journal): a save over
 * an entry that another save changed since it was opened is refused, not silently overwritten; and
 * nothing outside the content folder is read or written through a symbolic link in it.
 */
import { execFileSync } from "node:child_process";
import { mkdtemp, readdir, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { copySmallCatalogue } from "../../tests/small-catalogue.ts";
import { importContent } from "../content/import.ts";
import { readContentFolder } from "../content/read-folder.ts";
import { type DatabaseHandle, migrateToLatest, openDatabase } from "../db/database.ts";
import { createProxyApp } from "./proxy.ts";
import { contentEditing } from "./save.ts";

const demo = path.resolve(import.meta.dirname, "../../content/demo");
const SERVICE = "services/language-editing.yaml";
const git = (dir: string, ...args: string[]) => execFileSync("git", args, { cwd: dir, encoding: "utf8" }).trim();

let repo: string;
let outside: string;
let handle: DatabaseHandle;
let app: ReturnType<typeof createProxyApp>;

beforeAll(async () => {
  repo = await mkdtemp(path.join(tmpdir(), "editor-proxy-"));
  outside = await mkdtemp(path.join(tmpdir(), "editor-outside-"));
  await writeFile(path.join(outside, "environ.png"), "CONTENT_WEBHOOK_SECRET=never-sent");
  // The small catalogue: each save imports the whole folder, as the editor's saves do.
  await copySmallCatalogue(repo);
  git(repo, "init", "-q", "-b", "main");
  git(repo, "add", "-A");
  git(repo, "-c", "user.name=Seed", "-c", "user.email=seed@example.org", "commit", "-qm", "demo content");
  handle = openDatabase(":memory:");
  await migrateToLatest(handle.db);
  await importContent(handle.db, await readContentFolder(repo));
  app = createProxyApp({
    contentDir: repo,
    editing: contentEditing({ contentDir: repo, db: handle.db }),
    author: { name: "Ayşe", email: "ayse@example.org" },
  });
}, 60_000);
afterAll(async () => {
  await handle?.db.destroy();
  await Promise.all([rm(repo, { recursive: true, force: true }), rm(outside, { recursive: true, force: true })]);
});

/** A post from the editor's own page. */
const post = (action: string, params: Record<string, unknown>) =>
  app.request("http://localhost/admin/api/v1", {
    method: "POST",
    headers: { "Content-Type": "application/json", Host: "localhost", "Sec-Fetch-Site": "same-origin" },
    body: JSON.stringify({ action, params }),
  });

describe("two saves of one entry", () => {
  it("the second, opened before the first was saved, is refused as changed since it was opened", async () => {
    const opened = (await (await post("getEntry", { path: SERVICE })).json()) as { data: string; file: { id: string } };
    const edit = (title: string) =>
      post("persistEntry", {
        dataFiles: [{ path: SERVICE, raw: opened.data.replace("title: Dil Düzenleme ve Redaksiyon", `title: ${title}`) }],
        assets: [],
        options: { commitMessage: `Update ${title}` },
        versions: { [SERVICE]: opened.file.id },
      });
    const head = git(repo, "rev-parse", "HEAD");

    const first = await edit("Dil Düzenleme ve Son Okuma");
    expect(first.status).toBe(200);
    const { versions } = (await first.json()) as { versions: Record<string, string> };
    const second = await edit("Dil Düzenleme");
    expect(second.status).toBe(409);
    expect(((await second.json()) as { error: string }).error).toContain(`${SERVICE} was changed by another save since you opened it`);

    expect(await readFile(path.join(repo, SERVICE), "utf8")).toContain("title: Dil Düzenleme ve Son Okuma");
    expect(git(repo, "rev-list", "--count", `${head}..HEAD`)).toBe("1");
    // Saved over the version the first save answered with, it goes through.
    const again = await post("persistEntry", {
      dataFiles: [{ path: SERVICE, raw: (await readFile(path.join(repo, SERVICE), "utf8")).replace("Son Okuma", "Son Okuma ve Dizin") }],
      assets: [],
      options: { commitMessage: "Update again" },
      versions,
    });
    expect(again.status).toBe(200);
  });
});

describe("a symbolic link in the content folder", () => {
  it("is not read as an entry or a media file, and nothing it points at is sent", async () => {
    await symlink(path.join(outside, "environ.png"), path.join(repo, "images", "environ.png"));
    await symlink(path.join(outside, "environ.png"), path.join(repo, "services", "environ.yaml"));
    try {
      for (const [action, params] of [
        ["getMediaFile", { path: "images/environ.png" }],
        ["getEntry", { path: "services/environ.yaml" }],
      ] as const) {
        const answer = await post(action, params);
        expect(answer.status).toBe(422);
        const text = await answer.text();
        expect(text).toContain("symbolic link");
        expect(text).not.toContain("never-sent");
      }
      const listed = await post("entriesByFolder", { folder: "services", extension: "yaml", depth: 1 });
      expect(await listed.text()).not.toContain("never-sent");
    } finally {
      await rm(path.join(repo, "images", "environ.png"));
      await rm(path.join(repo, "services", "environ.yaml"));
    }
  });

  it("is not written through: an upload into a linked folder is refused and the outside is untouched", async () => {
    await symlink(outside, path.join(repo, "images", "elsewhere"));
    const head = git(repo, "rev-parse", "HEAD");
    try {
      const jpeg = await readFile(path.join(demo, "images", "photos", "jetty.jpg"));
      const answer = await post("persistMedia", {
        asset: { path: "images/elsewhere/cover.jpg", content: jpeg.toString("base64"), encoding: "base64" },
        options: { commitMessage: "Upload" },
      });
      expect(answer.status).toBe(422);
      expect(((await answer.json()) as { error: string }).error).toContain("images/elsewhere: a symbolic link");
      expect(await readdir(outside)).toEqual(["environ.png"]);
      expect(git(repo, "rev-parse", "HEAD")).toBe(head);
    } finally {
      await rm(path.join(repo, "images", "elsewhere"));
    }
  });
});
