/**
 * A save from the editor, on a Git repository holding a copy of the demo content and a database
 * it was imported into (SQLite, and PostgreSQL when the test command runs one): a good save is
 * committed alone, by the editor, with Decap's message, and imported (the revision moves); a save
 * the content check refuses leaves files, history and database as they were, and names the file
 * and the field; an upload is committed without an import.
 */
import { execFileSync } from "node:child_process";
import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabases } from "../../tests/databases.ts";
import { createContentService } from "../api/content-service.ts";
import { readRevision } from "../api/revision.ts";
import { ContentError } from "../content/read-folder.ts";
import type { DatabaseHandle } from "../db/database.ts";
import { contentEditing } from "./save.ts";

const demo = path.resolve(import.meta.dirname, "../../content/demo");
const EDITOR = { name: "Ayşe Editör", email: "ayse@example.org" };
const SERVICE = "services/language-editing.yaml";
const ISSUE = "journals/journal-of-social-inquiry/issues/v15-n1.yaml";
const git = (dir: string, ...args: string[]) => execFileSync("git", args, { cwd: dir, encoding: "utf8" }).trim();

// What a save writes to the database is an import, whose tests run on both databases.
describe.each(testDatabases({ demo: true, postgres: false }))("saving from the editor ($dialect)", (database) => {
  let repo: string;
  let content: string;
  let handle: DatabaseHandle;

  beforeAll(async () => {
    repo = await mkdtemp(path.join(tmpdir(), "editor-save-"));
    content = path.join(repo, "content");
    await cp(demo, content, { recursive: true });
    git(repo, "init", "-q", "-b", "main");
    git(repo, "add", "-A");
    git(repo, "-c", "user.name=Seed", "-c", "user.email=seed@example.org", "commit", "-qm", "demo content");
    // The demo's database: what importing the folder just committed writes.
    handle = await database.open();
  }, 60_000);
  afterAll(async () => {
    await handle?.db.destroy();
    await rm(repo, { recursive: true, force: true });
  });

  it("commits only the saved file, as the editor, imports it, and the revision moves", async () => {
    const service = createContentService(handle.db);
    const before = await readRevision(handle.db);
    // Someone's change in the working tree that is not the editor's: it stays out of the commit.
    await writeFile(path.join(repo, "NOTES.txt"), "not for the editor's commit\n");
    const file = (await readFile(path.join(content, SERVICE), "utf8")).replace(
      "title: Dil Düzenleme ve Redaksiyon",
      "title: Dil Düzenleme ve Son Okuma",
    );
    const editing = contentEditing({ contentDir: content, db: handle.db });

    const saved = await editing.save([{ path: SERVICE, content: file }], "Update Service “language-editing”", EDITOR);

    expect(saved.imported).toBe(true);
    expect(git(repo, "log", "-1", "--format=%H|%an <%ae>|%s")).toBe(
      `${saved.commit}|Ayşe Editör <ayse@example.org>|Update Service “language-editing”`,
    );
    expect(git(repo, "show", "--name-only", "--format=", "HEAD")).toBe(`content/${SERVICE}`);
    expect(git(repo, "status", "--porcelain")).toBe("?? NOTES.txt");
    expect((await service.contentItem("services", "tr", "dil-duzenleme-ve-redaksiyon")).title).toBe("Dil Düzenleme ve Son Okuma");
    expect(await readRevision(handle.db)).toBeGreaterThan(before);
  }, 60_000);

  it("refuses a bad DOI naming the file and the field: the file, the history and the site stay as they were", async () => {
    const original = await readFile(path.join(content, ISSUE), "utf8");
    const head = git(repo, "rev-parse", "HEAD");
    const revision = await readRevision(handle.db);
    const broken = original
      .replace("doi: 10.5555/jsi.2026.15.1.1", "doi: not-a-doi")
      .replace(/title: Climate Anxiety[^\n]*/, "title: Changed, but not saved");
    expect(broken).not.toBe(original);
    const editing = contentEditing({ contentDir: content, db: handle.db });

    const refused = await editing.save([{ path: ISSUE, content: broken }], "Update Issue “v15-n1”", EDITOR).catch((error: unknown) => error);

    expect(refused).toBeInstanceOf(ContentError);
    expect((refused as ContentError).problems[0]).toEqual({ file: ISSUE, field: "articles.0.doi", message: "a DOI such as 10.5555/abc.2025.1" });
    expect(await readFile(path.join(content, ISSUE), "utf8")).toBe(original);
    expect(git(repo, "rev-parse", "HEAD")).toBe(head);
    expect(await readRevision(handle.db)).toBe(revision);
    const article = await createContentService(handle.db).article(
      "en",
      "journal-of-social-inquiry",
      "v15-n1",
      "climate-anxiety-and-pro-environmental-action-among-university-students",
    );
    expect(article.title).toMatch(/^Climate Anxiety/);
  }, 60_000);

  it("refuses a missing required field, and a new file that fails is not left behind", async () => {
    const editing = contentEditing({ contentDir: content, db: handle.db });
    const refused = await editing
      .save(
        [
          {
            path: "calls/new-call.yaml",
            content:
              "id: new-call\njournal: journal-of-social-inquiry\ndeadline: 2027-01-31\nen:\n  title: A call\n  body: Text\ntr:\n  body: Metin\n",
          },
        ],
        "Create Call",
        EDITOR,
      )
      .catch((error: unknown) => error);
    expect((refused as ContentError).problems).toContainEqual(expect.objectContaining({ file: "calls/new-call.yaml", field: "tr.title" }));
    await expect(readFile(path.join(content, "calls/new-call.yaml"))).rejects.toThrow(/ENOENT/);
  }, 60_000);

  it("commits an upload without importing the folder again", async () => {
    const revision = await readRevision(handle.db);
    const editing = contentEditing({ contentDir: content, db: handle.db });
    const png = Buffer.from("89504e470d0a1a0a0000000d49484452", "hex");
    const saved = await editing.save([{ path: "images/covers/journals/new-cover.png", content: png }], "Upload “new-cover.png”", EDITOR);
    expect(saved.imported).toBe(false);
    expect(git(repo, "show", "--name-only", "--format=%s", "HEAD")).toBe("Upload “new-cover.png”\n\ncontent/images/covers/journals/new-cover.png");
    expect(await readRevision(handle.db)).toBe(revision);
  }, 60_000);
});
