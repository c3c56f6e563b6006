/**
 * The history is for editors: with a Git host, only a token the host lets write to the
 * repository gets it. A local HTTP server stands in for the hosts' APIs, answering with the
 * fields their documentation gives (GitHub's and Gitea's `permissions.push` on GET /repos/{repo},
 * GitLab's `permissions.project_access.access_level` on GET /projects/{id}).
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { GitHost } from "./decap-config.ts";
import { editorHistoryApp, hostLetsWrite } from "./history-app.ts";

let api: Server;
let origin: string;
const asked: string[] = [];

beforeAll(async () => {
  api = createServer((req, res) => {
    const auth = req.headers.authorization ?? "";
    asked.push(`${req.url} ${auth}`);
    const json = (body: unknown) => res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify(body));
    if (req.url === "/api/v3/repos/meridian/content") {
      if (auth === "Bearer writer") return json({ full_name: "meridian/content", permissions: { admin: false, push: true, pull: true } });
      if (auth === "Bearer reader") return json({ full_name: "meridian/content", permissions: { admin: false, push: false, pull: true } });
      return void res.writeHead(404).end();
    }
    if (req.url === "/api/v4/projects/meridian%2Fweb%2Fcontent") {
      return json({ permissions: { project_access: null, group_access: { access_level: auth === "Bearer maintainer" ? 40 : 20 } } });
    }
    if (req.url === "/api/v1/repos/meridian/content") return json({ permissions: { push: auth === "token writer" } });
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => api.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => api.close(resolve)));

const host = (name: GitHost["name"], repo = "meridian/content"): GitHost => ({ name, repo, branch: "main", url: origin });

describe("who may read an article's history", () => {
  it("asks GitHub, GitLab and Gitea whether the token may push", async () => {
    expect(await hostLetsWrite(host("github"), "writer")).toBe(true);
    expect(await hostLetsWrite(host("github"), "reader")).toBe(false);
    expect(await hostLetsWrite(host("github"), "unknown")).toBe(false);
    expect(await hostLetsWrite(host("gitlab", "meridian/web/content"), "maintainer")).toBe(true);
    expect(await hostLetsWrite(host("gitlab", "meridian/web/content"), "reporter")).toBe(false);
    expect(await hostLetsWrite(host("gitea"), "writer")).toBe(true);
    expect(await hostLetsWrite(host("forgejo"), "reader")).toBe(false);
  });

  it("answers a writer with the history, and anyone else with 401; ids must be ids", async () => {
    const app = editorHistoryApp({ contentDir: path.resolve(import.meta.dirname, "../../content/demo"), host: host("github") });
    const query =
      "/admin/history?journal=journal-of-social-inquiry&issue=v15-n1&article=climate-anxiety-and-pro-environmental-action-among-university-students";
    expect((await app.request(query)).status).toBe(401);
    expect((await app.request(query, { headers: { Authorization: "Bearer reader" } })).status).toBe(401);
    const writer = await app.request(query, { headers: { Authorization: "Bearer writer" } });
    expect(writer.status).toBe(200);
    expect(((await writer.json()) as { changes: unknown[] }).changes.length).toBeGreaterThan(0);
    // The host's answer is kept a while: a second request does not ask again.
    const before = asked.length;
    expect((await app.request(query, { headers: { Authorization: "Bearer writer" } })).status).toBe(200);
    expect(asked.length).toBe(before);
    expect((await app.request("/admin/history?journal=../x&issue=v1&article=a", { headers: { Authorization: "Bearer writer" } })).status).toBe(400);
  });
});

describe("what the site's last import refused", () => {
  it("is told in full to a writer, and to nobody else (the public GET /hooks/content tells only its outcome)", async () => {
    const refused = {
      at: "2026-12-07T10:00:00.000Z",
      outcome: "refused" as const,
      commit: "0123456789abcdef0123456789abcdef01234567",
      problems: [{ file: "journals/j/issues/v1-n1.yaml", field: "articles.0.doi", message: "a DOI such as 10.5555/abc.2025.1" }],
    };
    const app = editorHistoryApp({
      contentDir: path.resolve(import.meta.dirname, "../../content/demo"),
      host: host("github"),
      lastSync: async () => refused,
    });
    expect((await app.request("/admin/last-import")).status).toBe(401);
    expect((await app.request("/admin/last-import", { headers: { Authorization: "Bearer reader" } })).status).toBe(401);
    const writer = await app.request("/admin/last-import", { headers: { Authorization: "Bearer writer" } });
    expect(await writer.json()).toEqual({ last: refused });
    // Without a sync there is nothing to tell, and no such address.
    expect((await editorHistoryApp({ contentDir: ".", host: host("github") }).request("/admin/last-import")).status).toBe(404);
  });
});
