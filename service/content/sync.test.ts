/**
 * Commits pushed to the content's repository reach the site: a bare repository stands in for the
 * Git host, the site's CONTENT_DIR is a clone of it, and another clone pushes as an editor
 * elsewhere would. A good commit is fetched, checked, moved to and imported; a commit with a bad
 * DOI, an upload that is not what its name says or a symbolic link is refused with its file, and
 * the site keeps the last good commit. The sync converges under faults: a force-pushed branch is
 * followed, a sync killed (SIGKILL, a real process) between the move and the import is finished by
 * the next, and a push announced while a sync runs (the import held up by another writer's lock
 * on the SQLite file) has exactly one more sync after it. The webhook is taken only with the host's
 * signature or token, once per delivery; the last sync's details only with the API token.
 */
import { execFileSync, spawn } from "node:child_process";
import { createHmac } from "node:crypto";
import { access, mkdir, mkdtemp, readFile, rm, symlink, unlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { killHard } from "../../tests/lock-holder.ts";
import { copySmallCatalogue } from "../../tests/small-catalogue.ts";
import { createContentService } from "../api/content-service.ts";
import { readRevision } from "../api/revision.ts";
import { type DatabaseHandle, migrateToLatest, openDatabase } from "../db/database.ts";
import { importContent, importedCommit } from "./import.ts";
import { readContentFolder } from "./read-folder.ts";
import { type ContentSync, contentSync, contentSyncApp, type SyncStatus } from "./sync.ts";

const SECRET = "a-webhook-secret-of-some-length";
const TOKEN = "an-api-token-of-at-least-thirty-two-characters";
const SERVICE = "content/services/language-editing.yaml";
const ISSUE = "content/journals/journal-of-social-inquiry/issues/v15-n1.yaml";
const FULL_TEXT = "content/journals/journal-of-social-inquiry/articles/editorial-fifteen-years-of-social-inquiry/full-text.md";
const git = (dir: string, ...args: string[]) =>
  execFileSync("git", ["-c", "user.name=Elsewhere", "-c", "user.email=elsewhere@example.org", ...args], { cwd: dir, encoding: "utf8" }).trim();

let work: string;
let site: string;
let other: string;
let dbFile: string;
let handle: DatabaseHandle;
let sync: ContentSync;
const options = () => ({ contentDir: path.join(site, "content"), db: handle.db, remote: "origin", branch: "main", pollMs: 0 });

/** A commit pushed from the other clone, as an editor on another machine would. */
async function push(file: string, change: (text: string) => string | Buffer, message: string) {
  const target = path.join(other, file);
  const before = await readFile(target, "utf8").catch(() => "");
  await mkdir(path.dirname(target), { recursive: true });
  await writeFile(target, change(before));
  return commitAndPush(message);
}
function commitAndPush(message: string, ...pushArgs: string[]) {
  git(other, "add", "-A");
  git(other, "commit", "-qm", message);
  git(other, "push", "-q", ...pushArgs, "origin", "main");
  return git(other, "rev-parse", "HEAD");
}
/** The language-editing service's Turkish title, as pushed. */
const retitle = (title: string) => (text: string) => text.replace(/^( {2}title: )Dil.*$/m, `$1${title}`);
const serviceTitle = async () => (await createContentService(handle.db).contentItem("services", "tr", "dil-duzenleme-ve-redaksiyon")).title;
const siteHead = () => git(site, "rev-parse", "HEAD");

/** Holds the SQLite file's write lock, as another process's long import would: an import waits for it (it does not fail). */
function holdWriteLock() {
  const blocker = new DatabaseSync(dbFile);
  blocker.exec("BEGIN IMMEDIATE");
  return () => {
    blocker.exec("ROLLBACK");
    blocker.close();
  };
}

/**
 * Holds the sync's check up, as a slow disk or a large commit would: a post-checkout hook in the
 * site's clone (run by the worktree the check reads) that waits for a gate file. Its fetch is done.
 */
async function holdCheck() {
  const hook = path.join(site, ".git/hooks/post-checkout");
  const gate = path.join(work, "gate");
  const started = path.join(work, "check-started");
  await writeFile(hook, `#!/bin/sh\ntouch "${started}"\nwhile [ ! -e "${gate}" ]; do sleep 0.05; done\n`, { mode: 0o755 });
  return {
    started: () =>
      access(started).then(
        () => true,
        () => false,
      ),
    async release() {
      await writeFile(gate, "");
    },
    async remove() {
      await Promise.all([hook, gate, started].map((file) => rm(file, { force: true })));
    },
  };
}

/** Waits for a condition that background work brings about (slow on a busy machine). */
function until(condition: () => boolean | Promise<boolean>, what: string) {
  return vi.waitFor(
    async () => {
      if (!(await condition())) throw new Error(`still waiting for ${what}`);
    },
    { timeout: 90_000, interval: 50 },
  );
}

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), "content-sync-"));
  git(work, "init", "-q", "--bare", "-b", "main", "origin.git");
  git(work, "clone", "-q", "origin.git", "seed");
  await copySmallCatalogue(path.join(work, "seed/content"));
  git(path.join(work, "seed"), "add", "-A");
  git(path.join(work, "seed"), "commit", "-qm", "demo content");
  git(path.join(work, "seed"), "push", "-q", "origin", "main");
  git(work, "clone", "-q", "origin.git", "site");
  git(work, "clone", "-q", "origin.git", "other");
  site = path.join(work, "site");
  other = path.join(work, "other");
  // A file, which a second process opens too; an import waits as long as a test holds its lock.
  dbFile = path.join(work, "site.db");
  handle = openDatabase(dbFile, { sqlite: { busyDeadlineMs: 120_000 } });
  await migrateToLatest(handle.db);
  await importContent(handle.db, await readContentFolder(path.join(site, "content")));
  sync = contentSync(options());
}, 120_000);

afterEach(() => {
  vi.restoreAllMocks();
});

afterAll(async () => {
  await sync?.stop();
  await handle?.db.destroy();
  await rm(work, { recursive: true, force: true });
});

describe("commits pushed to the content's repository", () => {
  it("imports once the commit the folder holds when the database holds none, then has nothing to do", async () => {
    const head = siteHead();
    expect(await importedCommit(handle.db)).toBeNull();
    expect(await sync.runOnce()).toMatchObject({ outcome: "imported", commit: head });
    expect(await importedCommit(handle.db)).toBe(head);
    expect((await sync.runOnce()).outcome).toBe("current");
  }, 120_000);

  it("imports a good commit: the folder moves to it, the site shows it, the revision moves", async () => {
    const revision = await readRevision(handle.db);
    const commit = await push(SERVICE, retitle("Dil Düzenleme ve Son Okuma"), "A Turkish title");
    const status = await sync.runOnce();
    expect(status).toMatchObject({ outcome: "imported", commit });
    expect(siteHead()).toBe(commit);
    expect(await importedCommit(handle.db)).toBe(commit);
    expect(await serviceTitle()).toBe("Dil Düzenleme ve Son Okuma");
    expect(await readRevision(handle.db)).toBeGreaterThan(revision);
  }, 120_000);

  it("refuses a commit with a bad DOI naming file and field, keeps the last good one, and imports the fix", async () => {
    const head = siteHead();
    const revision = await readRevision(handle.db);
    const original = await readFile(path.join(site, ISSUE), "utf8");
    const bad = await push(ISSUE, (text) => text.replace("doi: 10.5555/jsi.2026.15.1.1", "doi: not-a-doi"), "A bad DOI");
    const refused = await sync.runOnce();
    expect(refused).toMatchObject({ outcome: "refused", commit: bad });
    expect(refused.problems).toEqual([
      { file: "journals/journal-of-social-inquiry/issues/v15-n1.yaml", field: "articles.0.doi", message: "a DOI such as 10.5555/abc.2025.1" },
    ]);
    expect(siteHead()).toBe(head);
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
    const removed = commitAndPush("No cover");
    expect(await sync.runOnce()).toMatchObject({ outcome: "imported", commit: removed });
  }, 120_000);

  it("refuses a symbolic link from Git's record of the commit, before any file is read: nothing outside the folder reaches the site", async () => {
    const head = siteHead();
    const outside = path.join(work, "server-secrets.env");
    await writeFile(outside, "API_TOKEN=a-secret-outside-the-content-folder\n");
    await unlink(path.join(other, FULL_TEXT));
    await symlink(outside, path.join(other, FULL_TEXT));
    await symlink("/proc/self/environ", path.join(other, "content/pages/environ.md"));
    const linked = commitAndPush("A full text that is a link");
    const refused = await sync.runOnce();
    expect(refused).toMatchObject({ outcome: "refused", commit: linked });
    expect(refused.problems).toEqual([
      {
        file: "journals/journal-of-social-inquiry/articles/editorial-fifteen-years-of-social-inquiry/full-text.md",
        field: "(file)",
        message: "a symbolic link: not allowed in the content folder",
      },
      { file: "pages/environ.md", field: "(file)", message: "a symbolic link: not allowed in the content folder" },
    ]);
    expect(siteHead()).toBe(head);
    expect(git(site, "worktree", "list").split("\n")).toHaveLength(1);
    const texts = await handle.db.selectFrom("articleFullText").select("html").execute();
    expect(texts.length).toBeGreaterThan(0);
    expect(texts.some(({ html }) => html.includes("a-secret-outside"))).toBe(false);

    git(other, "rm", "-q", "content/pages/environ.md");
    git(other, "checkout", "-q", head, "--", FULL_TEXT);
    const mended = commitAndPush("The full text again");
    expect(await sync.runOnce()).toMatchObject({ outcome: "imported", commit: mended });
  }, 120_000);

  it("follows a force-pushed branch when its commit passes the check, and keeps the last good one when it does not", async () => {
    // Two commits back: before the link and its removal.
    git(other, "reset", "-q", "--hard", "HEAD~2");
    await writeFile(path.join(other, SERVICE), retitle("Dil Düzenleme (yeniden yazıldı)")(await readFile(path.join(other, SERVICE), "utf8")));
    const rewritten = commitAndPush("History rewritten", "--force");
    const warn = vi.spyOn(console, "warn");
    const followed = await sync.runOnce();
    expect(followed).toMatchObject({ outcome: "imported", commit: rewritten, message: expect.stringMatching(/^origin\/main was rewritten/) });
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/^content sync: origin\/main was rewritten \(force-pushed\)/));
    expect(siteHead()).toBe(rewritten);
    expect(await serviceTitle()).toBe("Dil Düzenleme (yeniden yazıldı)");

    git(other, "reset", "-q", "--hard", "HEAD~1");
    await writeFile(
      path.join(other, ISSUE),
      (await readFile(path.join(other, ISSUE), "utf8")).replace("doi: 10.5555/jsi.2026.15.1.1", "doi: not-a-doi"),
    );
    const bad = commitAndPush("Rewritten with a bad DOI", "--force");
    expect(await sync.runOnce()).toMatchObject({ outcome: "refused", commit: bad });
    expect(siteHead()).toBe(rewritten);
    expect(await importedCommit(handle.db)).toBe(rewritten);
    expect(await serviceTitle()).toBe("Dil Düzenleme (yeniden yazıldı)");

    git(other, "reset", "-q", "--hard", rewritten);
    git(other, "push", "-q", "--force", "origin", "main");
    expect(await sync.runOnce()).toMatchObject({ outcome: "current", commit: rewritten });
  }, 120_000);

  it("finishes, on the next sync, the import of a sync killed (SIGKILL) after it moved the folder", async () => {
    const before = await importedCommit(handle.db);
    const commit = await push(SERVICE, retitle("Dil Düzenleme (yarım kalan)"), "Killed halfway");
    const release = holdWriteLock();
    const script = `
      import { contentSync } from "./service/content/sync.ts";
      import { openDatabase } from "./service/db/database.ts";
      const { db } = openDatabase(process.env.DB_FILE, { sqlite: { busyDeadlineMs: 600_000 } });
      await contentSync({ contentDir: process.env.CONTENT_DIR, db, remote: "origin", branch: "main", pollMs: 0 }).runOnce();
    `;
    const child = spawn(process.execPath, ["--input-type=module", "-e", script], {
      cwd: process.cwd(),
      env: { ...process.env, DB_FILE: dbFile, CONTENT_DIR: path.join(site, "content") },
      stdio: "ignore",
    });
    try {
      // Checked and moved to; its import waits for the write lock, and is killed there.
      await until(() => siteHead() === commit, "the killed sync to move the folder");
      await killHard(child);
    } finally {
      await killHard(child);
      release();
    }
    // The folder is ahead of the database, and the folder alone does not say so.
    expect(await importedCommit(handle.db)).toBe(before);
    expect(await serviceTitle()).toBe("Dil Düzenleme (yeniden yazıldı)");
    const warn = vi.spyOn(console, "warn");
    expect(await sync.runOnce()).toMatchObject({ outcome: "imported", commit });
    expect(warn).toHaveBeenCalledWith(
      expect.stringMatching(new RegExp(`^content sync: removed the lock left by pid ${child.pid} on .+: that process is gone$`)),
    );
    expect(await importedCommit(handle.db)).toBe(commit);
    expect(await serviceTitle()).toBe("Dil Düzenleme (yarım kalan)");
  }, 120_000);

  it("runs once more, in the process that syncs, for another process's sync asked meanwhile", async () => {
    const first = await push(SERVICE, retitle("Dil Düzenleme (bir)"), "One");
    const elsewhere = contentSync(options());
    const release = holdWriteLock();
    let running: Promise<SyncStatus> | undefined;
    let second: string;
    try {
      running = sync.runOnce();
      await until(() => siteHead() === first, "the sync to move the folder");
      second = await push(SERVICE, retitle("Dil Düzenleme (iki)"), "Two");
      expect(await elsewhere.runOnce()).toMatchObject({ outcome: "queued" });
    } finally {
      release();
    }
    expect(await running).toMatchObject({ outcome: "imported", commit: second });
    expect(await serviceTitle()).toBe("Dil Düzenleme (iki)");
  }, 120_000);
});

describe("the push webhook", () => {
  const app = () => contentSyncApp(sync, { secret: SECRET, branch: "main", token: TOKEN });
  const post = (body: string, headers: Record<string, string>) => app().request("/hooks/content", { method: "POST", body, headers });
  const sign = (body: string) => createHmac("sha256", SECRET).update(body).digest("hex");
  /** GitHub's push of `commit`, as one delivery. */
  const gitHubPush = (commit: string, delivery = crypto.randomUUID()) => {
    const body = JSON.stringify({ ref: "refs/heads/main", after: commit });
    return post(body, { "X-Hub-Signature-256": `sha256=${sign(body)}`, "X-GitHub-Delivery": delivery, "Content-Type": "application/json" });
  };
  const settled = async (commit: string) => {
    // The sync runs in the background: a fetch, a worktree, two reads of the folder and an import, slow on a busy machine.
    await until(async () => (await sync.status())?.commit === commit, `the sync of ${commit}`);
    return (await sync.status()) as SyncStatus;
  };
  const lastSync = async (headers: Record<string, string> = {}) =>
    (await (await app().request("/hooks/content", { headers })).json()) as { last: unknown };

  it("syncs on GitHub's signed push, and tells the last sync's details only with the API token", async () => {
    const commit = await push(SERVICE, retitle("Dil Düzenleme"), "Shorter");
    expect((await gitHubPush(commit)).status).toBe(202);
    expect(await settled(commit)).toMatchObject({ outcome: "imported", commit });
    expect(await serviceTitle()).toBe("Dil Düzenleme");
    expect(await lastSync({ Authorization: `Bearer ${TOKEN}` })).toMatchObject({ branch: "main", last: { outcome: "imported", commit } });
    const { last } = await lastSync();
    expect(last).toEqual({ at: expect.any(String), outcome: "imported" });
    expect(await lastSync({ Authorization: "Bearer not-the-token-but-just-as-long-as-it" })).toEqual({ branch: "main", last });
  }, 120_000);

  it("hides a refusal's files and Git's errors from anyone without the API token", async () => {
    const bad = await push(ISSUE, (text) => text.replace("doi: 10.5555/jsi.2026.15.1.1", "doi: not-a-doi"), "A bad DOI again");
    expect((await gitHubPush(bad)).status).toBe(202);
    expect(await settled(bad)).toMatchObject({ outcome: "refused" });
    const answer = JSON.stringify(await lastSync());
    expect(answer).not.toContain("v15-n1.yaml");
    expect(answer).not.toContain(bad);
    expect(await lastSync({ Authorization: `Bearer ${TOKEN}` })).toMatchObject({
      last: { outcome: "refused", commit: bad, problems: [{ field: "articles.0.doi" }] },
    });
    const fixed = await push(ISSUE, (text) => text.replace("doi: not-a-doi", "doi: 10.5555/jsi.2026.15.1.1"), "Mended again");
    expect((await gitHubPush(fixed)).status).toBe(202);
    expect(await settled(fixed)).toMatchObject({ outcome: "imported" });
  }, 120_000);

  it("ignores a delivery received before: the same id, or the same signed body under another id", async () => {
    const commit = git(other, "rev-parse", "HEAD");
    const delivery = crypto.randomUUID();
    const body = JSON.stringify({ ref: "refs/heads/main", after: commit, replayed: delivery });
    const headers = { "X-Hub-Signature-256": `sha256=${sign(body)}`, "X-GitHub-Delivery": delivery };
    expect(await (await post(body, headers)).json()).toEqual({ accepted: true });
    const replays = [await post(body, headers), await post(body, { ...headers, "X-GitHub-Delivery": crypto.randomUUID() })];
    expect(await Promise.all(replays.map(async (r) => [r.status, await r.json()]))).toEqual([
      [202, { ignored: "this delivery was received before" }],
      [202, { ignored: "this delivery was received before" }],
    ]);
    await sync.stop();
  }, 120_000);

  it("has exactly one more sync run for pushes announced while a sync runs", async () => {
    const log = vi.spyOn(console, "log");
    const first = await push(SERVICE, retitle("Dil Düzenleme (ilk)"), "First");
    const check = await holdCheck();
    const later: string[] = [];
    try {
      expect((await gitHubPush(first)).status).toBe(202);
      // Fetched the first commit, and checking it: the sync is under way.
      await until(check.started, "the sync to check the first commit");
      for (const n of [1, 2, 3]) {
        later.push(await push(SERVICE, retitle(`Dil Düzenleme (${n})`), `Then ${n}`));
        expect((await gitHubPush(later[n - 1])).status).toBe(202);
      }
      await check.release();
      await sync.stop();
    } finally {
      await check.release();
      await check.remove();
    }
    const runs = log.mock.calls.map(([line]) => String(line)).filter((line) => line.startsWith("content sync:"));
    expect(runs).toEqual([`content sync: imported ${first.slice(0, 12)}`, `content sync: imported ${later[2].slice(0, 12)}`]);
    expect(await serviceTitle()).toBe("Dil Düzenleme (3)");
  }, 120_000);

  it("takes GitLab's token and Gitea's or Forgejo's signature, and refuses anything else", async () => {
    const body = (host: string) => JSON.stringify({ ref: "refs/heads/main", host });
    expect((await post(body("gitlab"), { "X-Gitlab-Token": SECRET, "X-Gitlab-Event-UUID": crypto.randomUUID() })).status).toBe(202);
    expect((await post(body("gitea"), { "X-Gitea-Signature": sign(body("gitea")), "X-Gitea-Delivery": crypto.randomUUID() })).status).toBe(202);
    expect((await post(body("forgejo"), { "X-Forgejo-Signature": sign(body("forgejo")), "X-Forgejo-Delivery": crypto.randomUUID() })).status).toBe(
      202,
    );
    expect((await post(body("github"), { "X-Hub-Signature-256": `sha256=${sign(`${body("github")} `)}` })).status).toBe(401);
    expect((await post(body("gitlab"), { "X-Gitlab-Token": "not the secret" })).status).toBe(401);
    expect((await post(body("none"), {})).status).toBe(401);
    await sync.stop();
  }, 120_000);

  it("ignores a push to another branch", async () => {
    const body = JSON.stringify({ ref: "refs/heads/drafts" });
    const response = await post(body, { "X-Hub-Signature-256": `sha256=${sign(body)}` });
    expect([response.status, await response.json()]).toEqual([202, { ignored: "a push to refs/heads/drafts, not refs/heads/main" }]);
  });
});
