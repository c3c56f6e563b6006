/**
 * Commits made elsewhere reach the site (docs/decisions/038-content-editor.md, 040): CONTENT_DIR
 * is a clone of the content's repository, and on a push the Git host's webhook (or, every
 * CONTENT_POLL_MINUTES, a poll) has the site fetch the branch and compare its commit with the one
 * the database holds (the import records it in its transaction: the folder is never trusted
 * alone). A new commit is checked as `content:check` does: Git's own record first (no symbolic
 * link), then its folder in a worktree of its own; only then does the working folder move to it
 * (a fast-forward, or, when the branch was force-pushed, a reset to it) and is it imported in one
 * transaction; the content's revision moves and every process's kept pages turn stale. A commit
 * that fails the check is not moved to or imported: the site keeps the last good one, and says why
 * in its log and, to the site's operators (API_TOKEN), at GET /hooks/content.
 *
 * The webhook is verified with CONTENT_WEBHOOK_SECRET: GitHub's and Gitea's or Forgejo's HMAC
 * signatures, GitLab's token; a delivery received before (within a day) is ignored. Processes on
 * one clone sync one at a time (a lock in its .git); a push announced while a sync runs, in this
 * process or another, has exactly one more sync run after it.
 */
import { createHmac } from "node:crypto";
import { access, mkdtemp, readFile, rename, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { hasBearer, sameSecret } from "../api/bearer.ts";
import type { ContentDb } from "../db/database.ts";
import { git, placeInRepository } from "../editor/git.ts";
import { mediaProblem } from "../editor/media.ts";
import { type LockTurn, takeLock } from "../lock-file.ts";
import { importContent, importedCommit } from "./import.ts";
import { type ContentBundle, ContentError, type ContentProblem, readContentFolder } from "./read-folder.ts";
import { deliveryKeys, firstDelivery } from "./webhook-deliveries.ts";

/** What the last sync did. */
export interface SyncStatus {
  at: string;
  /** `queued`: another process was syncing, and syncs once more for this request. */
  outcome: "imported" | "current" | "refused" | "failed" | "queued";
  /** The branch's commit it looked at. */
  commit?: string;
  problems?: ContentProblem[];
  message?: string;
}

/** A lock not touched for this long (its holder touches it every quarter of it) was left by a process on another host that stopped. */
const LOCK_STALE_MS = 10 * 60_000;
const WEBHOOK_MAX_BYTES = 5 * 1024 * 1024;
const MEDIA = /\.(?:png|jpe?g|webp|svg|pdf)$/i;
/** Git's mode of a symbolic link. */
const SYMBOLIC_LINK = "120000";

const hmac = (secret: string, body: string) => createHmac("sha256", secret).update(body).digest("hex");

/** Whether a webhook comes from the Git host that knows the secret: GitHub (and Gitea, Forgejo) sign the body; GitLab sends the token. */
export function verifiedWebhook(headers: Headers, body: string, secret: string): boolean {
  const signature = headers.get("x-hub-signature-256");
  if (signature) return sameSecret(signature, `sha256=${hmac(secret, body)}`);
  const giteaSignature = headers.get("x-forgejo-signature") ?? headers.get("x-gitea-signature");
  if (giteaSignature) return sameSecret(giteaSignature, hmac(secret, body));
  const token = headers.get("x-gitlab-token");
  if (token) return sameSecret(token, secret);
  return false;
}

export interface ContentSync {
  /** Fetches, checks, moves and imports, once, and again while another sync was asked for meanwhile (the webhook's and the poll's work; tests call it). */
  runOnce(): Promise<SyncStatus>;
  /** Runs it in the background; asked while it runs, it runs once more after. */
  kick(): void;
  status(): Promise<SyncStatus | undefined>;
  /** Remembers a webhook's delivery for a day: whether it is new. */
  firstDelivery(keys: string[]): Promise<boolean>;
  stop(): Promise<void>;
}

/** The files of a commit's tree under `folder`, with Git's modes (`git ls-tree -r`). */
async function treeEntries(root: string, folder: string, commit: string) {
  return (await git(root, ["ls-tree", "-r", "-z", commit, "--", folder]))
    .split("\0")
    .filter(Boolean)
    .map((line) => {
      const tab = line.indexOf("\t");
      return { mode: line.slice(0, line.indexOf(" ")), file: line.slice(tab + 1) };
    });
}

export function contentSync({
  contentDir,
  db,
  remote,
  branch,
  pollMs,
}: {
  contentDir: string;
  db: ContentDb;
  remote: string;
  branch: string;
  /** How often to poll (0: only on webhooks). */
  pollMs: number;
}): ContentSync {
  let running: Promise<void> | undefined;
  let again = false;
  // Where the content folder is in its clone: asked of Git once.
  let place: ReturnType<typeof placeInRepository> | undefined;
  const repository = () => {
    place ??= placeInRepository(contentDir);
    return place;
  };
  const inGitDir = async (name: string) => path.join((await repository()).gitDir, name);

  /**
   * The folder at `commit`, checked: what to import, or its problems. Git's record of the commit is
   * read first, and a symbolic link refuses it before any of its files is checked out or read (a
   * link to /proc/self/environ would publish the server's secrets); then the folder is read in a
   * worktree of its own, and the uploads changed since `base` are checked by their bytes.
   */
  async function checkedAt(
    root: string,
    folder: string,
    base: string,
    commit: string,
  ): Promise<{ bundle: ContentBundle } | { problems: ContentProblem[] }> {
    const inFolder = (file: string) => path.posix.relative(folder.split(path.sep).join("/"), file);
    const links = (await treeEntries(root, folder, commit)).filter((entry) => entry.mode === SYMBOLIC_LINK);
    if (links.length > 0) {
      return {
        problems: links.map(({ file }) => ({ file: inFolder(file), field: "(file)", message: "a symbolic link: not allowed in the content folder" })),
      };
    }
    const tree = await mkdtemp(path.join(tmpdir(), "content-sync-"));
    try {
      await git(root, ["worktree", "add", "--quiet", "--detach", tree, commit]);
      const bundle = await readContentFolder(path.join(tree, folder));
      // The editor's upload rules hold for what was committed elsewhere too.
      const changed = (await git(root, ["diff", "--name-only", "-z", "--diff-filter=AM", base, commit, "--", folder]))
        .split("\0")
        .filter((f) => MEDIA.test(f));
      const problems: ContentProblem[] = [];
      for (const file of changed) {
        const problem = mediaProblem(inFolder(file), await readFile(path.join(tree, file)));
        if (problem) problems.push({ file: inFolder(file), field: "(file)", message: problem });
      }
      return problems.length > 0 ? { problems } : { bundle };
    } catch (error) {
      if (error instanceof ContentError) return { problems: error.problems };
      throw error;
    } finally {
      await git(root, ["worktree", "remove", "--force", tree]).catch(() => rm(tree, { recursive: true, force: true }));
    }
  }

  /** Moves the working folder to `target`: a fast-forward, or a reset when the branch was rewritten; says which. */
  async function moveTo(root: string, head: string, target: string): Promise<string | undefined> {
    if (head === target) return undefined;
    const fastForward = await git(root, ["merge-base", "--is-ancestor", head, target]).then(
      () => true,
      () => false,
    );
    // --keep: files with changes of their own are never overwritten (the move fails instead).
    await git(root, ["reset", "--quiet", "--keep", target]);
    if (fastForward) return undefined;
    const note = `${remote}/${branch} was rewritten (force-pushed): the folder followed it from ${head.slice(0, 12)}, which Git's reflog keeps (git reset --keep ${head} brings it back)`;
    console.warn(`content sync: ${note}`);
    return note;
  }

  async function sync(): Promise<SyncStatus> {
    const { root, folder } = await repository();
    await git(root, ["fetch", "--quiet", remote, branch]);
    const [head, target] = (await git(root, ["rev-parse", "HEAD", "FETCH_HEAD"])).trim().split("\n");
    // What the site shows is what the database holds: a folder moved to a commit whose import did
    // not finish (a process killed between the two) is imported now.
    const imported = await importedCommit(db);
    const at = new Date().toISOString();
    if (head === target && imported === target) return { at, outcome: "current", commit: target };
    if ((await git(root, ["status", "--porcelain", "--", folder])).trim()) {
      return { at, outcome: "failed", commit: target, message: "the content folder has uncommitted changes: commit or discard them" };
    }
    if (imported === target) {
      await moveTo(root, head, target);
      return { at, outcome: "current", commit: target, message: "the folder was moved back to the commit the site shows" };
    }
    // Uploads are checked from the last commit checked: the one imported, else the folder's.
    const base =
      imported &&
      (await git(root, ["cat-file", "-e", `${imported}^{commit}`]).then(
        () => true,
        () => false,
      ))
        ? imported
        : head;
    const checked = await checkedAt(root, folder, base, target);
    if ("problems" in checked) return { at, outcome: "refused", commit: target, problems: checked.problems };
    const rewritten = await moveTo(root, head, target);
    // What was read in the worktree is what the folder now holds: imported without reading it again.
    await importContent(db, checked.bundle, { commit: target });
    return { at, outcome: "imported", commit: target, ...(rewritten ? { message: rewritten } : {}) };
  }

  /** One sync, logged, and kept for GET /hooks/content unless nothing changed. */
  async function reported(): Promise<SyncStatus> {
    const status = await sync().catch((error: Error): SyncStatus => ({ at: new Date().toISOString(), outcome: "failed", message: error.message }));
    const line = `content sync: ${status.outcome}${status.commit ? ` ${status.commit.slice(0, 12)}` : ""}${status.message ? `: ${status.message}` : ""}`;
    if (status.outcome === "refused")
      console.error(`${line}; not imported:\n${status.problems?.map((p) => `  ${p.file}: ${p.field}: ${p.message}`).join("\n")}`);
    else (status.outcome === "failed" ? console.error : console.log)(line);
    if (status.outcome !== "current") {
      // Whole or not at all: another process (or the webhook's GET) may read it meanwhile.
      const file = await inGitDir("meridian-content-sync.json");
      await writeFile(`${file}.${process.pid}.tmp`, JSON.stringify(status));
      await rename(`${file}.${process.pid}.tmp`, file);
    }
    return status;
  }

  async function runOnce(): Promise<SyncStatus> {
    const lockFile = await inGitDir("meridian-content-sync.lock");
    // A request for one more sync, left for the process that holds the lock.
    const againFile = await inGitDir("meridian-content-sync.again");
    const asked = () =>
      access(againFile).then(
        () => true,
        () => false,
      );
    let lock: LockTurn = await takeLock(lockFile, LOCK_STALE_MS, "content sync");
    if (!("release" in lock)) {
      // Another process is syncing, from a fetch that may be older than the push this is for.
      await writeFile(againFile, "");
      // It may have let go between the two, without seeing the request: then the turn is this one's.
      lock = await takeLock(lockFile, LOCK_STALE_MS, "content sync");
      if (!("release" in lock))
        return { at: new Date().toISOString(), outcome: "queued", message: "another process is syncing: it syncs once more after" };
    }
    for (;;) {
      let status: SyncStatus;
      try {
        // Taken before the fetch: a request written after this is for a push the fetch may miss.
        await rm(againFile, { force: true });
        status = await reported();
      } finally {
        await lock.release();
      }
      // Asked after the lock is let go, so that a request written meanwhile is seen here or by its writer.
      if (!(await asked())) return status;
      lock = await takeLock(lockFile, LOCK_STALE_MS, "content sync");
      // Another process took the lock: its sync starts after the request.
      if (!("release" in lock)) return status;
    }
  }

  const kick = () => {
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      do {
        again = false;
        await runOnce().catch((error: Error) => console.error(`content sync: failed: ${error.message}`));
      } while (again);
    })().finally(() => {
      running = undefined;
    });
  };
  const timer = pollMs > 0 ? setInterval(kick, pollMs) : undefined;
  timer?.unref();
  return {
    runOnce,
    kick,
    async status() {
      return readFile(await inGitDir("meridian-content-sync.json"), "utf8").then(
        (text) => JSON.parse(text) as SyncStatus,
        () => undefined,
      );
    },
    firstDelivery: (keys) => firstDelivery(db, keys),
    async stop() {
      if (timer) clearInterval(timer);
      await running;
    },
  };
}

/**
 * POST /hooks/content: the Git host's push webhook (202: the sync runs in the background); GET:
 * what the last sync did, whole only with API_TOKEN (`token`): the commit, the refused files and
 * Git's messages (which name paths and the remote) are for the site's operators; anyone else (the
 * editor's page) learns when it ran and its outcome.
 */
export function contentSyncApp(sync: ContentSync, { secret, branch, token }: { secret?: string; branch: string; token?: string }) {
  const app = new Hono();
  app.get("/hooks/content", async (c) => {
    const last = (await sync.status()) ?? null;
    const operator = token !== undefined && hasBearer(c.req.header("authorization"), token);
    return c.json({ branch, last: last && !operator ? { at: last.at, outcome: last.outcome } : last }, 200, { "Cache-Control": "no-store" });
  });
  if (secret) {
    app.post("/hooks/content", bodyLimit({ maxSize: WEBHOOK_MAX_BYTES, onError: (c) => c.json({ error: "too large" }, 413) }), async (c) => {
      const body = await c.req.text();
      if (!verifiedWebhook(c.req.raw.headers, body, secret))
        return c.json({ error: "the webhook's signature or token does not match CONTENT_WEBHOOK_SECRET" }, 401);
      // Remembered only once verified: nobody without the secret fills the table.
      if (!(await sync.firstDelivery(deliveryKeys(c.req.raw.headers, body)))) return c.json({ ignored: "this delivery was received before" }, 202);
      let ref: unknown;
      try {
        ref = (JSON.parse(body) as { ref?: unknown }).ref;
      } catch {
        // Not JSON (a host's test delivery): sync all the same.
      }
      if (typeof ref === "string" && ref !== `refs/heads/${branch}`) return c.json({ ignored: `a push to ${ref}, not refs/heads/${branch}` }, 202);
      sync.kick();
      return c.json({ accepted: true }, 202);
    });
  }
  return app;
}
