/**
 * Commits made elsewhere reach the site (docs/decisions/038-content-editor.md): CONTENT_DIR is a
 * clone of the content's repository, and on a push the Git host's webhook (or, every
 * CONTENT_POLL_MINUTES, a poll) has the site fetch the branch, check the new commit's folder as
 * `content:check` does in a worktree of its own, and only then move the working folder to it
 * (fast-forward) and import it in one transaction; the content's revision moves and every
 * process's kept pages turn stale. A commit that fails the check is not merged or imported: the
 * site keeps the last good one, and says why in its log and at GET /hooks/content.
 *
 * The webhook is verified with CONTENT_WEBHOOK_SECRET: GitHub's and Gitea's or Forgejo's HMAC
 * signatures, GitLab's token. Processes on one clone sync one at a time (a lock in its .git).
 */
import { createHmac } from "node:crypto";
import { mkdtemp, readFile, rename, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { sameSecret } from "../service/api/bearer.ts";
import { importContent } from "../service/content/import.ts";
import { type ContentBundle, ContentError, type ContentProblem, readContentFolder } from "../service/content/read-folder.ts";
import type { ContentDb } from "../service/db/database.ts";
import { git, placeInRepository } from "../service/editor/git.ts";
import { mediaProblem } from "../service/editor/media.ts";
import { takeLock } from "./lock-file.ts";

/** What the last sync did. */
export interface SyncStatus {
  at: string;
  outcome: "imported" | "current" | "refused" | "failed";
  /** The branch's commit it looked at. */
  commit?: string;
  problems?: ContentProblem[];
  message?: string;
}

const LOCK_STALE_MS = 30 * 60_000;
const WEBHOOK_MAX_BYTES = 5 * 1024 * 1024;
const MEDIA = /\.(?:png|jpe?g|webp|svg|pdf)$/i;

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
  /** Fetches, checks, merges and imports, once (the webhook's and the poll's work; tests call it). */
  runOnce(): Promise<SyncStatus>;
  /** Runs it in the background unless one is under way. */
  kick(): void;
  status(): Promise<SyncStatus | undefined>;
  stop(): Promise<void>;
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
  let running: Promise<SyncStatus> | undefined;
  // Where the content folder is in its clone: asked of Git once.
  let place: ReturnType<typeof placeInRepository> | undefined;
  const repository = () => {
    place ??= placeInRepository(contentDir);
    return place;
  };
  const statusFile = async () => path.join((await repository()).gitDir, "meridian-content-sync.json");

  /** The folder at `commit`, checked in a worktree of its own: what to import, or its problems. */
  async function checkedAt(
    root: string,
    folder: string,
    from: string,
    commit: string,
  ): Promise<{ bundle: ContentBundle } | { problems: ContentProblem[] }> {
    const tree = await mkdtemp(path.join(tmpdir(), "content-sync-"));
    try {
      await git(root, ["worktree", "add", "--quiet", "--detach", tree, commit]);
      const bundle = await readContentFolder(path.join(tree, folder));
      // The editor's upload rules hold for what was committed elsewhere too.
      const changed = (await git(root, ["diff", "--name-only", "--diff-filter=AM", from, commit, "--", folder]))
        .split("\n")
        .filter((f) => MEDIA.test(f));
      const problems: ContentProblem[] = [];
      for (const file of changed) {
        const inFolder = path.posix.relative(folder.split(path.sep).join("/"), file);
        const problem = mediaProblem(inFolder, await readFile(path.join(tree, file)));
        if (problem) problems.push({ file: inFolder, field: "(file)", message: problem });
      }
      return problems.length > 0 ? { problems } : { bundle };
    } catch (error) {
      if (error instanceof ContentError) return { problems: error.problems };
      throw error;
    } finally {
      await git(root, ["worktree", "remove", "--force", tree]).catch(() => rm(tree, { recursive: true, force: true }));
    }
  }

  async function sync(): Promise<SyncStatus> {
    const { root, folder } = await repository();
    await git(root, ["fetch", "--quiet", remote, branch]);
    const [head, target] = (await git(root, ["rev-parse", "HEAD", "FETCH_HEAD"])).trim().split("\n");
    const at = new Date().toISOString();
    if (head === target) return { at, outcome: "current", commit: target };
    const fastForward = await git(root, ["merge-base", "--is-ancestor", head, target]).then(
      () => true,
      () => false,
    );
    if (!fastForward)
      return { at, outcome: "failed", commit: target, message: `the working folder has commits ${remote}/${branch} does not: push or reset them` };
    if ((await git(root, ["status", "--porcelain", "--", folder])).trim()) {
      return { at, outcome: "failed", commit: target, message: "the content folder has uncommitted changes: commit or discard them" };
    }
    const checked = await checkedAt(root, folder, head, target);
    if ("problems" in checked) return { at, outcome: "refused", commit: target, problems: checked.problems };
    await git(root, ["merge", "--quiet", "--ff-only", target]);
    // What was read in the worktree is what the folder now holds: imported without reading it again.
    await importContent(db, checked.bundle);
    return { at, outcome: "imported", commit: target };
  }

  async function runOnce(): Promise<SyncStatus> {
    const release = await takeLock(path.join((await repository()).gitDir, "meridian-content-sync.lock"), LOCK_STALE_MS, "content sync");
    if (!release) return { at: new Date().toISOString(), outcome: "current", message: "another process is syncing" };
    try {
      const status = await sync().catch((error: Error): SyncStatus => ({ at: new Date().toISOString(), outcome: "failed", message: error.message }));
      const line = `content sync: ${status.outcome}${status.commit ? ` ${status.commit.slice(0, 12)}` : ""}${status.message ? `: ${status.message}` : ""}`;
      if (status.outcome === "refused")
        console.error(`${line}; not imported:\n${status.problems?.map((p) => `  ${p.file}: ${p.field}: ${p.message}`).join("\n")}`);
      else (status.outcome === "failed" ? console.error : console.log)(line);
      if (status.outcome !== "current") {
        // Whole or not at all: another process (or the webhook's GET) may read it meanwhile.
        const file = await statusFile();
        await writeFile(`${file}.tmp`, JSON.stringify(status));
        await rename(`${file}.tmp`, file);
      }
      return status;
    } finally {
      await release();
    }
  }

  const kick = () => {
    if (running) return;
    running = runOnce().finally(() => {
      running = undefined;
    });
  };
  const timer = pollMs > 0 ? setInterval(kick, pollMs) : undefined;
  timer?.unref();
  return {
    runOnce,
    kick,
    async status() {
      return readFile(await statusFile(), "utf8").then(
        (text) => JSON.parse(text) as SyncStatus,
        () => undefined,
      );
    },
    async stop() {
      if (timer) clearInterval(timer);
      await running;
    },
  };
}

/** POST /hooks/content: the Git host's push webhook (202: the sync runs in the background); GET: what the last sync did. */
export function contentSyncApp(sync: ContentSync, { secret, branch }: { secret?: string; branch: string }) {
  const app = new Hono();
  app.get("/hooks/content", async (c) => c.json({ branch, last: (await sync.status()) ?? null }, 200, { "Cache-Control": "no-store" }));
  if (secret) {
    app.post("/hooks/content", bodyLimit({ maxSize: WEBHOOK_MAX_BYTES, onError: (c) => c.json({ error: "too large" }, 413) }), async (c) => {
      const body = await c.req.text();
      if (!verifiedWebhook(c.req.raw.headers, body, secret))
        return c.json({ error: "the webhook's signature or token does not match CONTENT_WEBHOOK_SECRET" }, 401);
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
