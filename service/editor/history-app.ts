/**
 * GET /admin/history?journal=…&issue=…&article=…: what changed in an article's record
 * (service/editor/history.ts), for the editor's preview; GET /admin/last-import: what the site's
 * last import of a pushed commit did, with the files and fields it refused (content-sync.ts),
 * which the public GET /hooks/content does not tell. Locally (`npm run edit`) the editor is the
 * one person at this computer; with a Git host, only someone whose token (Decap's, sent as a
 * bearer token) may write to the content's repository gets either: the host says so, and its
 * answer is kept five minutes.
 */
import { createHash } from "node:crypto";
import { Hono } from "hono";
import { SLUG } from "../content/schema.ts";
import type { SyncStatus } from "../content/sync.ts";
import { type GitHost, hostEndpoints } from "./decap-config.ts";
import { articleHistory } from "./history.ts";

/** Reads what the content sync did last. */
export type LastSync = () => Promise<SyncStatus | undefined>;

const ACCESS_KEPT_MS = 5 * 60_000;
/** GitLab's Developer role, the first that may push. */
const GITLAB_DEVELOPER = 30;

/** Whether the host lets this token write to the repository. */
export async function hostLetsWrite(host: GitHost, token: string): Promise<boolean> {
  const { api } = hostEndpoints(host);
  const gitlab = host.name === "gitlab";
  const url = gitlab ? `${api}/projects/${encodeURIComponent(host.repo)}` : `${api}/repos/${host.repo}`;
  const response = await fetch(url, {
    headers: { Authorization: host.name === "github" || gitlab ? `Bearer ${token}` : `token ${token}`, Accept: "application/json" },
    signal: AbortSignal.timeout(5000),
  }).catch(() => undefined);
  if (!response?.ok) return false;
  const repo = (await response.json().catch(() => ({}))) as {
    permissions?: { push?: boolean; project_access?: { access_level?: number } | null; group_access?: { access_level?: number } | null };
  };
  if (!gitlab) return repo.permissions?.push === true;
  const level = Math.max(repo.permissions?.project_access?.access_level ?? 0, repo.permissions?.group_access?.access_level ?? 0);
  return level >= GITLAB_DEVELOPER;
}

export function editorHistoryApp({ contentDir, host, lastSync }: { contentDir: string; host?: GitHost; lastSync?: LastSync }) {
  const app = new Hono();
  const allowed = new Map<string, number>();
  const mayRead = async (authorization: string | undefined) => {
    if (!host) return true;
    const token = /^Bearer (\S+)$/.exec(authorization ?? "")?.[1];
    if (!token) return false;
    const key = createHash("sha256").update(token).digest("hex");
    if ((allowed.get(key) ?? 0) > Date.now()) return true;
    if (!(await hostLetsWrite(host, token))) return false;
    allowed.set(key, Date.now() + ACCESS_KEPT_MS);
    return true;
  };
  app.get("/admin/history", async (c) => {
    const { journal, issue, article } = c.req.query();
    if (![journal, issue, article].every((part) => typeof part === "string" && SLUG.test(part))) {
      return c.json({ error: "journal, issue and article: ids such as journal-of-social-inquiry, v15-n1, an-article" }, 400);
    }
    if (!(await mayRead(c.req.header("authorization")))) return c.json({ error: "Sign in with write access to the content's repository." }, 401);
    return c.json({ changes: await articleHistory(contentDir, { journal, issue, article }) });
  });
  if (lastSync) {
    app.get("/admin/last-import", async (c) => {
      if (!(await mayRead(c.req.header("authorization")))) return c.json({ error: "Sign in with write access to the content's repository." }, 401);
      return c.json({ last: (await lastSync()) ?? null });
    });
  }
  return app;
}
