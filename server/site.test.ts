/**
 * The site's edge, in process (app.request): what every answer carries, the methods and origins
 * pages take, the host check, the HTTPS redirect, the root's locale and the content API's writes.
 * No page is rendered here (the build is absent: a render answers 500); everything asserted is
 * answered before React Router.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiApp } from "../service/api/app.ts";
import { createApiClient } from "../service/api/client.ts";
import { createContentService } from "../service/api/content-service.ts";
import { followRevision } from "../service/api/revision.ts";
import { type DatabaseHandle, openDatabase } from "../service/db/database.ts";
import { copyDemoDatabase } from "../tests/demo-snapshot.ts";
import { readConfig } from "./config.ts";
import { createSite } from "./site.ts";

const PUBLIC_URL = "https://www.meridianpress.example";
const API_TOKEN = "t".repeat(40);
let handle: DatabaseHandle;
let service: ReturnType<typeof createContentService>;

beforeAll(() => {
  handle = openDatabase(copyDemoDatabase());
  service = createContentService(handle.db);
});
afterAll(() => handle.db.destroy());

/** A site on this configuration, with the build's files of `clientDir` and the content API. */
function site(env: Record<string, string>, clientDir?: string) {
  return createSite({
    config: readConfig({ PRERENDER_DIR: "/nonexistent", ...env }),
    api: createApiClient(service),
    forms: { secret: "s".repeat(32), minFillMs: 0, rateLimiter: { hit: () => Promise.reject(new Error("no form is taken in this test")) } },
    apiApp: createApiApp(service),
    clientDir,
    build: () => Promise.reject(new Error("no page is rendered in this test")),
    ready: async () => true,
    revision: followRevision(async () => 0, 60_000),
  });
}

describe("the site's edge", () => {
  it("sends the security headers with every kind of answer, and a page refused before React Router runs no script", async () => {
    const clientDir = mkdtempSync(path.join(tmpdir(), "site-client-"));
    writeFileSync(path.join(clientDir, "favicon.svg"), "<svg/>");
    const app = site({ PUBLIC_URL }, clientDir);
    const answers = {
      file: await app.request("/favicon.svg"),
      health: await app.request("/healthz"),
      messages: await app.request("/_i18n/tr/messages.json"),
      api: await app.request("/api/en/initial"),
      refused: await app.request("/journals", { method: "PUT" }),
    };
    for (const [kind, response] of Object.entries(answers)) {
      expect([kind, response.headers.get("strict-transport-security")]).toEqual([kind, "max-age=31536000"]);
      expect([kind, response.headers.get("x-content-type-options")]).toEqual([kind, "nosniff"]);
      expect([kind, response.headers.get("referrer-policy")]).toEqual([kind, "strict-origin-when-cross-origin"]);
      expect([kind, response.headers.get("cross-origin-resource-policy")]).toEqual([kind, "same-origin"]);
      expect([kind, response.headers.get("x-frame-options")]).toEqual([kind, "DENY"]);
      expect([kind, response.headers.get("permissions-policy")]).toEqual([
        kind,
        "camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=()",
      ]);
      expect([kind, response.headers.get("content-security-policy")]).toEqual([
        kind,
        expect.stringMatching(/^default-src 'none'; .*frame-ancestors 'none'/),
      ]);
      expect([kind, response.headers.get("cross-origin-opener-policy")]).toEqual([kind, null]);
    }
    expect(answers.refused.headers.get("content-security-policy")).toContain("script-src 'none'");
    expect(answers.api.headers.get("content-security-policy")).not.toContain("script-src");
  });

  it("gives each request an id, the proxy's when it is a plain token, and sends it back", async () => {
    const app = site({ PUBLIC_URL });
    expect((await app.request("/healthz", { headers: { "X-Request-Id": "proxy-id-0001" } })).headers.get("x-request-id")).toBe("proxy-id-0001");
    const fresh = (await app.request("/journals", { method: "PUT", headers: { "X-Request-Id": "bad id" } })).headers.get("x-request-id");
    expect(fresh).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("takes GET and HEAD on a page, POST on a form's page too; refuses another method in the page's language, with what it takes", async () => {
    const app = site({ PUBLIC_URL });
    const put = await app.request("/tr/dergiler", { method: "PUT", body: "x" });
    expect([put.status, put.headers.get("allow")]).toEqual([405, "GET, HEAD, POST"]);
    expect(await put.text()).toContain("Bu adres yalnızca okunabilir");
    const options = await app.request("/journals", { method: "OPTIONS" });
    expect([options.status, options.headers.get("allow")]).toEqual([204, "GET, HEAD, POST"]);
    const post = await app.request("/journals", { method: "POST", body: "a=b", headers: { "Content-Type": "application/x-www-form-urlencoded" } });
    expect([post.status, post.headers.get("allow")]).toEqual([405, "GET, HEAD"]);
    expect((await app.request("/contact-us", { method: "DELETE" })).status).toBe(405);
  });

  it("refuses a form post from another site's page, and one too large, in the page's language, before it is read", async () => {
    const app = site({ PUBLIC_URL });
    const form = { "Content-Type": "application/x-www-form-urlencoded" };
    for (const headers of [{ Origin: "https://evil.example" }, { "Sec-Fetch-Site": "cross-site" }] as Record<string, string>[]) {
      const response = await app.request("/tr/bize-ulasin", { method: "POST", body: "name=x", headers: { ...form, ...headers } });
      expect(response.status).toBe(403);
      expect(await response.text()).toContain("Bu form yalnızca sitemizdeki kendi sayfasından gönderilebilir.");
    }
    const large = await app.request("/tr/bize-ulasin", { method: "POST", body: `message=${"x".repeat(200_000)}`, headers: form });
    expect(large.status).toBe(413);
    const page = await large.text();
    expect(page).toContain("Form kabul edebileceğimizden büyük.");
    expect(page).toContain('<a href="/tr/bize-ulasin">Forma dön</a>');
  });

  it("without PUBLIC_URL, refuses a host it is not known by with 421 in the path's language, but answers the health checks", async () => {
    const app = site({ ALLOWED_HOSTS: "meridian.internal" });
    const forged = await app.request("http://evil.example/tr/dergiler", { headers: { Host: "evil.example" } });
    expect([forged.status, forged.headers.get("cache-control")]).toEqual([421, "no-store"]);
    expect(await forged.text()).toContain("Bu sunucu, isteğin gönderildiği alan adı için yanıt vermiyor.");
    expect((await app.request("http://evil.example/healthz", { headers: { Host: "evil.example" } })).status).toBe(200);
    expect((await app.request("http://meridian.internal:3000/journals", { method: "PUT", headers: { Host: "meridian.internal:3000" } })).status).toBe(
      405,
    );
  });

  it("behind a proxy that ends TLS, sends a visitor who came over HTTP to the HTTPS site with 301, but not the health checks", async () => {
    const app = site({ PUBLIC_URL, TRUST_PROXY: "1" });
    const http = await app.request("/journals?page=2", { headers: { "X-Forwarded-Proto": "http" } });
    expect([http.status, http.headers.get("location")]).toEqual([301, `${PUBLIC_URL}/journals?page=2`]);
    expect(http.headers.get("strict-transport-security")).toBe("max-age=31536000");
    expect((await app.request("/healthz", { headers: { "X-Forwarded-Proto": "http" } })).status).toBe(200);
    expect((await app.request("/journals", { method: "PUT", headers: { "X-Forwarded-Proto": "https" } })).status).toBe(405);
  });

  it("detects the root's locale: the cookie first, then the browser's languages, then English; and says what it read", async () => {
    const app = site({ PUBLIC_URL });
    const root = (headers: Record<string, string>, url = "/") => app.request(url, { headers });
    for (const [headers, location] of [
      [{ cookie: "i18n_redirected=tr" }, "/tr"],
      [{ "accept-language": "tr-TR,tr;q=0.9" }, "/tr"],
      [{ "accept-language": "de-DE,de;q=0.9,tr;q=0.7,en;q=0.6" }, "/tr"],
      [{ "accept-language": "en;q=0.5, tr;q=0.8" }, "/tr"],
      [{ cookie: "i18n_redirected=en", "accept-language": "tr" }, null],
      [{ "accept-language": "en-GB,en;q=0.9,tr;q=0.8" }, null],
      [{ "accept-language": "de-DE,fr;q=0.8" }, null],
      [{ "accept-language": "tr;q=0" }, null],
      [{}, null],
    ] as [Record<string, string>, string | null][]) {
      const response = await root(headers);
      expect([headers, response.headers.get("location")]).toEqual([headers, location]);
      expect(response.headers.get("vary")).toMatch(/Cookie, Accept-Language/);
      // The detection sets no cookie of its own: the language menu's is the visitor's choice.
      expect(response.headers.get("set-cookie")).toBeNull();
    }
    expect((await root({ cookie: "i18n_redirected=tr" }, "/?utm_source=newsletter")).headers.get("location")).toBe("/tr?utm_source=newsletter");
  });

  it("sends ROOT_REDIRECT's visitors there with its status", async () => {
    const response = await site({ PUBLIC_URL, ROOT_REDIRECT: "/journals", ROOT_REDIRECT_STATUS: "301" }).request("/");
    expect([response.status, response.headers.get("location")]).toEqual([301, "/journals"]);
  });

  it("lets only a web process holding API_TOKEN post to the content API; anyone else is answered that it reads only", async () => {
    const app = site({ PUBLIC_URL, API_TOKEN });
    const submit = (headers: Record<string, string>) =>
      app.request("/api/submissions", {
        method: "POST",
        body: JSON.stringify({ form: "contact" }),
        headers: { "Content-Type": "application/json", ...headers },
      });
    for (const authorization of [undefined, "Bearer wrong", `Bearer ${API_TOKEN}x`, "Basic abc", "Bearer two words"]) {
      const refused = await submit(authorization ? { Authorization: authorization } : {});
      expect([authorization, refused.status, refused.headers.get("allow")]).toEqual([authorization, 405, "GET, HEAD"]);
      expect(await refused.json()).toMatchObject({ error: "method_not_allowed" });
    }
    // Taken by the content API, which finds the submission incomplete.
    expect((await submit({ Authorization: `Bearer ${API_TOKEN}` })).status).toBe(400);
    expect((await app.request("/api/en/initial", { method: "DELETE" })).status).toBe(405);
  });
});
