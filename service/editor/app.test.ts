/**
 * The editor's page and configuration in production (EDITOR_BACKEND): Decap is pointed at the Git
 * host with the content folder's path in the repository, the page's policy lets it reach only
 * the host, and none of the local endpoint that writes files is there. Decap's own files are kept by
 * the browser until they change; nothing else is.
 */
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createEditorApp, type EditorBackend } from "./app.ts";

const contentDir = path.resolve(import.meta.dirname, "../../content/demo");
const SITE = "https://www.meridianpress.example";
const app = (backend: EditorBackend) => createEditorApp({ contentDir, backend, siteUrl: SITE, stylesheets: async () => ["/assets/shell.css"] });
const config = async (backend: EditorBackend) =>
  (await (await app(backend).request("/admin/config.yml")).json()) as Record<string, unknown> & {
    backend: Record<string, unknown>;
    media_folder: string;
    collections: { name: string; folder?: string; files?: { file: string }[]; fields?: { name: string; media_folder?: string }[] }[];
  };

describe("the editor with a Git host", () => {
  const github: EditorBackend = {
    kind: "host",
    host: { name: "github", repo: "meridian/content", branch: "main", appId: "Iv1.client" },
    folder: "content/demo",
    github: { clientId: "Iv1.client", clientSecret: "secret" },
  };

  it("points Decap at GitHub through the site's own sign-in, with every path under the content folder", async () => {
    const decap = await config(github);
    expect(decap.backend).toEqual({
      name: "github",
      repo: "meridian/content",
      branch: "main",
      api_root: "https://api.github.com",
      base_url: SITE,
      auth_endpoint: "admin/oauth/authorize",
    });
    expect(decap.media_folder).toBe("content/demo/images");
    const journals = decap.collections.find((c) => c.name === "journals");
    expect(journals?.folder).toBe("content/demo/journals");
    expect(journals?.fields?.find((f) => f.name === "cover")?.media_folder).toBe("/content/demo/images/covers/journals");
    expect(decap.collections.find((c) => c.name === "settings")?.files?.[0].file).toBe("content/demo/reference.yaml");
  });

  it("signs in to GitLab, Gitea or Forgejo with PKCE at the publisher's server", async () => {
    const gitlab = await config({
      kind: "host",
      host: { name: "gitlab", repo: "meridian/web/content", branch: "main", appId: "app-1" },
      folder: ".",
    });
    expect(gitlab.backend).toEqual({
      name: "gitlab",
      repo: "meridian/web/content",
      branch: "main",
      api_root: "https://gitlab.com/api/v4",
      base_url: "https://gitlab.com",
      app_id: "app-1",
      auth_type: "pkce",
    });
    expect(gitlab.collections.find((c) => c.name === "services")?.folder).toBe("services");
    const forgejo = await config({
      kind: "host",
      host: { name: "forgejo", repo: "meridian/content", branch: "live", url: "https://codeberg.org", appId: "app-2" },
      folder: ".",
    });
    expect(forgejo.backend).toMatchObject({
      name: "forgejo",
      branch: "live",
      base_url: "https://codeberg.org",
      api_root: "https://codeberg.org/api/v1",
      app_id: "app-2",
    });
  });

  it("lets the page reach only the host, and has no endpoint that writes files", async () => {
    const page = await app(github).request("/admin/");
    const policy = page.headers.get("content-security-policy") ?? "";
    expect(policy).toContain("connect-src 'self' blob: https://api.github.com https://github.com https://avatars.githubusercontent.com");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(await page.text()).toContain('data-site-styles="[&quot;/assets/shell.css&quot;]"');
    const write = await app(github).request("/admin/api/v1", {
      method: "POST",
      body: JSON.stringify({ action: "deleteFile", params: { path: "services/translation.yaml" } }),
    });
    expect(write.status).toBe(404);
    expect((await app(github).request("/admin/oauth.js")).status).toBe(200);
  });

  it("keeps Decap's files until they change (asked again, answered 304), and never the page or its configuration", async () => {
    const editor = app(github);
    const bundle = await editor.request("/admin/decap-cms.js");
    expect(bundle.status).toBe(200);
    expect(bundle.headers.get("cache-control")).toBe("no-cache");
    const tag = bundle.headers.get("etag") ?? "";
    expect(tag).not.toBe("");
    const again = await editor.request("/admin/decap-cms.js", { headers: { "If-None-Match": tag } });
    expect([again.status, await again.text()]).toEqual([304, ""]);
    expect(again.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    for (const path of ["/admin/", "/admin/config.yml"]) expect((await editor.request(path)).headers.get("cache-control"), path).toBe("no-store");
  });
});
