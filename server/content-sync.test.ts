/**
 * Commits pushed to the content's repository reach the site: a bare repository stands in for the
 * Git host, the site's CONTENT_DIR is a clone of it, and another clone pushes as an editor
 * elsewhere would. A good commit is fetched, checked, fast-forwarded and imported; a commit with
 * a bad DOI, or an upload that is not what its name says, is refused with file and field, and the
 * site keeps the last good commit; the webhook is taken only with the host's signature or token.
 */
import { execFileSync } from "node:child_process";
import { createHmac } from "node:crypto";
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createContentService } from "../service/api/content-service.ts";
import { readRevision } from "../service/api/revision.ts";
import { importContent } from "../service/content/import.ts";
import { readContentFolder } from "../service/content/read-folder.ts";
import { type DatabaseHandle, migrateToLatest, openDatabase } from "../service/db/database.ts";
import { type ContentSync, contentSync, contentSyncApp, type SyncStatus } from "./content-sync.ts";

const demo = path.resolve(import.meta.dirname, "../content/demo");
const SECRET = "a-webhook-secret-of-some-length";
const SERVICE = "content/services/language-editing.yaml";
const ISSUE = "content/journals/journal-of-social-inquiry/issues/v15-n1.yaml";
const git = (dir: string, ...args: string[]) =>
  execFileSync("git", ["-c", "user.name=Elsewhere", "-c", "user.email=elsewhere@example.org", ...args], { cwd: dir, encoding: "utf8" }).trim();

let work: string;
let site: string;
let other: string;
let handle: DatabaseHandle;
let sync: ContentSync;

/** A commit pushed from the other clone, as an editor on another machine would. */
async function push(file: string, change: (text: string) => string | Buffer, message: string) {
  const target = path.join(other, file);
  const before = await readFile(target, "utf8").catch(() => "");
  await mkdir(path.dirname(target), { recursive: true });
  await writeFile(target, change(before));
  git(other, "add", "-A");
  git(other, "commit", "-qm", message);
  git(other, "push", "-q", "origin", "main");
  return git(other, "rev-parse", "HEAD");
}

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), "content-sync-"));
  git(work, "init", "-q", "--bare", "-b", "main", "origin.git");
  git(work, "clone", "-q", "origin.git", "seed");
  await cp(demo, path.join(work, "seed/content"), { recursive: true });
  git(path.join(work, "seed"), "add", "-A");
  git(path.join(work, "seed"), "commit", "-qm", "demo content");
  git(path.join(work, "seed"), "push", "-q", "origin", "main");
  git(work, "clone", "-q", "origin.git", "site");
  git(work, "clone", "-q", "origin.git", "other");
  site = path.join(work, "site");
  other = path.join(work, "other");
  handle = openDatabase(":memory:");
  await migrateToLatest(handle.db);
  await importContent(handle.db, await readContentFolder(path.join(site, "content")));
  sync = contentSync({ contentDir: path.join(site, "content"), db: handle.db, remote: "origin", branch: "main", pollMs: 0 });
}, 120_000);

afterAll(async () => {
  await sync?.stop();
  await handle?.db.destroy();
  await rm(work, { recursive: true, force: true });
});

const serviceTitle = async () => (await createContentService(handle.db).contentItem("services", "tr", "dil-duzenleme-ve-redaksiyon")).title;

describe("commits pushed to the content's repository", () => {
  it("has nothing to do while the branch has not moved", async () => {
    expect((await sync.runOnce()).outcome).toBe("current");
  });

  it("imports a good commit: the folder moves to it, the site shows it, the revision moves", async () => {
    const revision = await readRevision(handle.db);
    const commit = await push(
      SERVICE,
      (text) => text.replace("title: Dil Düzenleme ve Redaksiyon", "title: Dil Düzenleme ve Son Okuma"),
      "A Turkish title",
    );
    const status = await sync.runOnce();
    expect(status).toMatchObject({ outcome: "imported", commit });
    expect(git(site, "rev-parse", "HEAD")).toBe(commit);
    expect(await serviceTitle()).toBe("Dil Düzenleme ve Son Okuma");
    expect(await readRevision(handle.db)).toBeGreaterThan(revision);
  }, 120_000);

  it("refuses a commit with a bad DOI naming file and field, keeps the last good one, and imports the fix", async () => {
    const head = git(site, "rev-parse", "HEAD");
    const revision = await readRevision(handle.db);
    const original = await readFile(path.join(site, ISSUE), "utf8");
    const bad = await push(ISSUE, (text) => text.replace("doi: 10.5555/jsi.2026.15.1.1", "doi: not-a-doi"), "A bad DOI");
    const refused = await sync.runOnce();
    expect(refused).toMatchObject({ outcome: "refused", commit: bad });
    expect(refused.problems).toEqual([
      { file: "journals/journal-of-social-inquiry/issues/v15-n1.yaml", field: "articles.0.doi", message: "a DOI such as 10.5555/abc.2025.1" },
    ]);
    expect(git(site, "rev-parse", "HEAD")).toBe(head);
    expect(await readFile(path.join(site, ISSUE), "utf8")).toBe(original);
    expect(await readRevision(handle.db)).toBe(revision);
    expect(await sync.status()).toMatchObject({ outcome: "refused", commit: bad });
    expect(git(site, "worktree", "list").split("\n")).toHaveLength(1);

    const fixed = await push(ISSUE, (text) => text.replace("doi: not-a-doi", "doi: 10.5555/jsi.2026.15.1.1"), "The DOI mended");
    expect(await sync.runOnce()).toMatchObject({ outcome: "imported", commit: fixed });
  }, 120_000);

  it("refuses an upload whose bytes are not what its name says", async () => {
    const commit = await push("content/images/covers/journals/new-cover.png", () => Buffer.from([0xff, 0xd8, 0xff, 0xe0]), "A cover");
    expect(await sync.runOnce()).toMatchObject({
      outcome: "refused",
      commit,
      problems: [{ file: "images/covers/journals/new-cover.png", field: "(file)", message: "the file is not a PNG image, whatever its name says" }],
    });
    git(other, "rm", "-q", "content/images/covers/journals/new-cover.png");
    git(other, "commit", "-qm", "No cover");
    git(other, "push", "-q", "origin", "main");
    expect((await sync.runOnce()).outcome).toBe("imported");
  }, 120_000);
});

describe("the push webhook", () => {
  const app = () => contentSyncApp(sync, { secret: SECRET, branch: "main" });
  const post = (body: string, headers: Record<string, string>) => app().request("/hooks/content", { method: "POST", body, headers });
  const sign = (body: string) => createHmac("sha256", SECRET).update(body).digest("hex");
  const settled = async (commit: string) => {
    // The sync runs in the background: a fetch, a worktree, two reads of the folder and an import, slow on a busy machine.
    const deadline = Date.now() + 90_000;
    while (Date.now() < deadline && (await sync.status())?.commit !== commit) await new Promise((resolve) => setTimeout(resolve, 200));
    return (await sync.status()) as SyncStatus;
  };

  it("syncs on GitHub's signed push, and tells what the last sync did", async () => {
    const commit = await push(SERVICE, (text) => text.replace("title: Dil Düzenleme ve Son Okuma", "title: Dil Düzenleme"), "Shorter");
    const body = JSON.stringify({ ref: "refs/heads/main", after: commit });
    const response = await post(body, { "X-Hub-Signature-256": `sha256=${sign(body)}`, "Content-Type": "application/json" });
    expect(response.status).toBe(202);
    expect(await settled(commit)).toMatchObject({ outcome: "imported", commit });
    expect(await serviceTitle()).toBe("Dil Düzenleme");
    expect(await (await app().request("/hooks/content")).json()).toMatchObject({ branch: "main", last: { outcome: "imported", commit } });
  }, 120_000);

  it("takes GitLab's token and Gitea's or Forgejo's signature, and refuses anything else", async () => {
    const body = JSON.stringify({ ref: "refs/heads/main" });
    expect((await post(body, { "X-Gitlab-Token": SECRET })).status).toBe(202);
    expect((await post(body, { "X-Gitea-Signature": sign(body) })).status).toBe(202);
    expect((await post(body, { "X-Forgejo-Signature": sign(body) })).status).toBe(202);
    expect((await post(body, { "X-Hub-Signature-256": `sha256=${sign(`${body} `)}` })).status).toBe(401);
    expect((await post(body, { "X-Gitlab-Token": "not the secret" })).status).toBe(401);
    expect((await post(body, {})).status).toBe(401);
    await sync.stop();
  }, 120_000);

  it("ignores a push to another branch", async () => {
    const body = JSON.stringify({ ref: "refs/heads/drafts" });
    const response = await post(body, { "X-Hub-Signature-256": `sha256=${sign(body)}` });
    expect([response.status, await response.json()]).toEqual([202, { ignored: "a push to refs/heads/drafts, not refs/heads/main" }]);
  });
});
