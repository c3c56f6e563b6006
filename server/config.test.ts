import os from "node:os";
import { describe, expect, it } from "vitest";
import { rateLimitRequest } from "../service/api/rate-limit.ts";
import { readConfig } from "./config.ts";

describe("configuration", () => {
  it("has working defaults for a bare machine", () => {
    const config = readConfig({});
    expect(config).toMatchObject({
      PORT: 3000,
      NODE_ENV: "production",
      SQLITE_FILE: "data/content.db",
      ROOT_REDIRECT_STATUS: 302,
      FORM_MIN_FILL_MS: 3000,
    });
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it("refuses bad values, naming each variable and what it wants", () => {
    const attempt = () =>
      readConfig({
        PORT: "eighty",
        DATABASE_URL: "mysql://db/meridian",
        ROOT_REDIRECT_STATUS: "200",
        SMTP_URL: "http://mail.example",
        IP_COUNTRY_URL: "https://ip2c.example/lookup",
        FORM_SECRET: "short",
        GA_MEASUREMENT_ID: "UA-12345-1",
        API_TOKEN: `${"t".repeat(32)} with spaces`,
      });
    expect(attempt).toThrow(/^invalid configuration:/);
    const message = (() => {
      try {
        attempt();
      } catch (error) {
        return (error as Error).message;
      }
    })();
    for (const line of [
      "PORT:",
      "DATABASE_URL: a postgres:// URL",
      "ROOT_REDIRECT_STATUS: one of 301, 302, 303, 307, 308",
      "SMTP_URL:",
      "IP_COUNTRY_URL: a URL with an {ip} placeholder",
      "FORM_SECRET: at least 32 characters",
      "GA_MEASUREMENT_ID: a Google Analytics 4 measurement id",
      "API_TOKEN: letters, digits and - . _ ~ + / only",
    ]) {
      expect(message).toContain(line);
    }
  });

  it("keeps the public URL's origin only, so that paths join onto it", () => {
    expect(readConfig({ PUBLIC_URL: "https://www.meridianpress.example/" }).PUBLIC_URL).toBe("https://www.meridianpress.example");
    expect(readConfig({ PUBLIC_URL: "https://x.example:8443/site/" }).PUBLIC_URL).toBe("https://x.example:8443");
    expect(readConfig({}).PUBLIC_URL).toBeUndefined();
  });

  it("takes only a form rate limit the content service can count", () => {
    const largest = readConfig({ FORM_RATE_LIMIT: "10000", FORM_RATE_WINDOW_MS: String(7 * 24 * 3600_000) });
    expect(rateLimitRequest.safeParse({ key: "k", limit: largest.FORM_RATE_LIMIT, windowMs: largest.FORM_RATE_WINDOW_MS }).success).toBe(true);
    expect(() => readConfig({ FORM_RATE_LIMIT: "10001" })).toThrow(/FORM_RATE_LIMIT/);
    expect(() => readConfig({ FORM_RATE_WINDOW_MS: String(7 * 24 * 3600_000 + 1) })).toThrow(/FORM_RATE_WINDOW_MS/);
  });

  it("takes a Google Analytics 4 measurement id, and none by default", () => {
    expect(readConfig({}).GA_MEASUREMENT_ID).toBeUndefined();
    expect(readConfig({ GA_MEASUREMENT_ID: "G-ABC123XYZ9" }).GA_MEASUREMENT_ID).toBe("G-ABC123XYZ9");
  });

  it("wants the bot check's two keys together", () => {
    expect(() => readConfig({ RECAPTCHA_SITE_KEY: "site" })).toThrow(
      "RECAPTCHA_SECRET: RECAPTCHA_SITE_KEY and RECAPTCHA_SECRET are set together or not at all",
    );
    expect(readConfig({ RECAPTCHA_SITE_KEY: "site", RECAPTCHA_SECRET: "secret" }).RECAPTCHA_MIN_SCORE).toBe(0.5);
  });

  it("serves with one worker process per core in production and one in development, unless WEB_CONCURRENCY says", () => {
    expect(readConfig({}).WEB_CONCURRENCY).toBe(Math.min(os.availableParallelism(), 64));
    expect(readConfig({ NODE_ENV: "test" }).WEB_CONCURRENCY).toBe(Math.min(os.availableParallelism(), 64));
    expect(readConfig({ NODE_ENV: "development" }).WEB_CONCURRENCY).toBe(1);
    expect(readConfig({ WEB_CONCURRENCY: "1" }).WEB_CONCURRENCY).toBe(1);
    expect(readConfig({ WEB_CONCURRENCY: " 4 " }).WEB_CONCURRENCY).toBe(4);
    expect(readConfig({ WEB_CONCURRENCY: "64" }).WEB_CONCURRENCY).toBe(64);
    expect(readConfig({ NODE_ENV: "development", WEB_CONCURRENCY: "1" }).WEB_CONCURRENCY).toBe(1);
  });

  it("wants WEB_CONCURRENCY a whole number from 1 to 64, and 1 in development", () => {
    for (const value of ["0", "65", "-2", "2.5", "two", "", "1e9"]) {
      expect(() => readConfig({ WEB_CONCURRENCY: value }), value).toThrow("WEB_CONCURRENCY: a whole number from 1 to 64");
    }
    expect(() => readConfig({ NODE_ENV: "development", WEB_CONCURRENCY: "2" })).toThrow(
      "WEB_CONCURRENCY: 1 in development (NODE_ENV=development serves the sources through Vite, in one process)",
    );
  });

  it("serves the local editor only on a loopback address, alone, with an author given whole", () => {
    expect(readConfig({ EDIT_MODE: "1", HOST: "127.0.0.1" })).toMatchObject({ EDIT_MODE: true, WEB_CONCURRENCY: 1 });
    expect(() => readConfig({ EDIT_MODE: "1" })).toThrow(
      "EDIT_MODE: the editor has no sign-in of its own: serve it on HOST=127.0.0.1 (npm run edit does)",
    );
    expect(() => readConfig({ EDIT_MODE: "1", HOST: "127.0.0.1", WEB_CONCURRENCY: "2" })).toThrow("WEB_CONCURRENCY: 1 with EDIT_MODE");
    expect(() => readConfig({ EDIT_MODE: "1", HOST: "127.0.0.1", EDITOR_NAME: "Ayşe" })).toThrow(/EDITOR_EMAIL/);
  });

  it("wants what a Git host's sign-in needs, and a way for the editor's commits to reach the site", () => {
    const github = {
      EDITOR_BACKEND: "github",
      EDITOR_REPO: "meridian/content",
      EDITOR_OAUTH_CLIENT_ID: "Iv1.abc",
      EDITOR_OAUTH_CLIENT_SECRET: "secret",
      PUBLIC_URL: "https://www.meridianpress.example",
      CONTENT_WEBHOOK_SECRET: "a-webhook-secret-of-some-length",
    };
    expect(readConfig(github)).toMatchObject({ EDITOR_BACKEND: "github", CONTENT_BRANCH: "main" });
    expect(() => readConfig({ ...github, EDITOR_OAUTH_CLIENT_SECRET: undefined })).toThrow(/EDITOR_OAUTH_CLIENT_SECRET: GitHub's sign-in needs/);
    expect(() => readConfig({ ...github, CONTENT_WEBHOOK_SECRET: undefined })).toThrow(/through CONTENT_WEBHOOK_SECRET or CONTENT_POLL_MINUTES/);
    expect(() => readConfig({ ...github, PUBLIC_URL: undefined })).toThrow(/needs EDITOR_REPO, EDITOR_OAUTH_CLIENT_ID and PUBLIC_URL/);
    expect(() => readConfig({ ...github, EDITOR_BACKEND: "forgejo" })).toThrow(/EDITOR_HOST_URL: the Gitea or Forgejo server's origin/);
    expect(readConfig({ ...github, EDITOR_BACKEND: "forgejo", EDITOR_HOST_URL: "https://codeberg.org/" }).EDITOR_HOST_URL).toBe(
      "https://codeberg.org",
    );
    expect(() => readConfig({ ...github, CONTENT_WEBHOOK_SECRET: "short" })).toThrow(/CONTENT_WEBHOOK_SECRET: at least 16 characters/);
  });

  it("takes for ROOT_REDIRECT a path of this site or an http(s) URL, never a path that names another host", () => {
    for (const value of ["/tr", "/", "/journals?from=root", "https://www.meridianpress.example/tr", "http://old.meridianpress.example"]) {
      expect(readConfig({ ROOT_REDIRECT: value }).ROOT_REDIRECT, value).toBe(value);
    }
    for (const value of [
      "//evil.example",
      "/\\evil.example",
      "/\t/evil.example",
      "https:///evil.example",
      "https:/\\evil.example",
      "javascript:alert(1)",
      "ftp://files.example",
      "evil.example",
      "/tr\\..\\",
      "/tr /en",
    ]) {
      expect(() => readConfig({ ROOT_REDIRECT: value }), value).toThrow(
        "ROOT_REDIRECT: a path of this site (/…, not //… or /\\…: those name another host) or an http(s) URL, without spaces or backslashes",
      );
    }
  });
});
