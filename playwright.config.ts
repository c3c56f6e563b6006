import { execFileSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";
import { demoDatabaseFile, isDemoSnapshot, SNAPSHOT_ENV } from "./tests/demo-snapshot.ts";

/**
 * Added to every port below, so that two checkouts (worktrees) on one machine can run their
 * browser tests at the same time: `E2E_PORT_OFFSET=100 npx playwright test`.
 */
const OFFSET = Number(process.env.E2E_PORT_OFFSET ?? 0);
export const PORT = 3210 + OFFSET;
export const DEGRADED_PORT = 3211 + OFFSET;
export const REDIRECT_PORT = 3212 + OFFSET;
/** A site whose outside services (SMTP, bot check, IP-to-country) are stubs that the tests start. */
export const SERVICES_PORT = 3213 + OFFSET;
/** A web process without a database of its own: it reads from and posts to the main server's API. */
export const REMOTE_WEB_PORT = 3214 + OFFSET;
/** A site with Google Analytics configured (the tests intercept the tag; nothing reaches Google). */
export const ANALYTICS_PORT = 3215 + OFFSET;
export const GA_MEASUREMENT_ID = "G-E2ETEST01";
export const API_TOKEN = "e2e-api-token-of-at-least-32-characters";
/** The servers' form secret, so that a test can sign a form's token as they do (tests/e2e/submissions.ts). */
export const FORM_SECRET = "e2e-form-secret-of-at-least-32-characters";
/** Longer than a busy machine takes to send a page: a form posted at once is always too quick. */
export const FORM_MIN_FILL_MS = 60_000;
export const STUB_PORTS = { smtp: 2526 + OFFSET, botCheck: 3298 + OFFSET, ipCountry: 3297 + OFFSET };
/** Set once by the runner, so every worker reads the databases the servers write. */
process.env.MERIDIAN_E2E_DATABASE ??= `/tmp/meridian-e2e-${process.pid}.db`;
export const E2E_DATABASE = process.env.MERIDIAN_E2E_DATABASE;
const databaseFile = E2E_DATABASE;
// The demo read and imported once for the run, unless the test command did (tests/demo-snapshot.ts):
// every server below starts on a copy of its database instead of importing the demo again.
if (!isDemoSnapshot(process.env[SNAPSHOT_ENV] ?? "")) {
  const dir = mkdtempSync(path.join(os.tmpdir(), "meridian-demo-"));
  execFileSync(process.execPath, ["tests/make-demo-snapshot.ts", dir], { stdio: "inherit" });
  process.env[SNAPSHOT_ENV] = dir;
  process.env.MERIDIAN_DEMO_SNAPSHOT_MADE = dir;
}
const demoDatabase = demoDatabaseFile();
/** A shell command that puts a fresh copy of the demo database at `file` (its write-ahead log and shared memory gone). */
const demoCopy = (file: string) => `rm -f ${file}-wal ${file}-shm && cp ${demoDatabase} ${file}`;

/** Browser tests drive Debian's Chromium headless shell against the production build, each server on a copy of the demo database. */
export default defineConfig({
  testDir: "tests/e2e",
  globalTeardown: "tests/playwright-teardown.ts",
  fullyParallel: true,
  workers: 2,
  forbidOnly: Boolean(process.env.CI),
  reporter: process.env.CI ? "line" : "list",
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    // A visitor's browser: headless Chromium's own user agent counts as a crawler, which gets no error page.
    userAgent: "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36",
    launchOptions: {
      // Chromium's headless shell, not the whole browser run headless: the same engine (Blink, V8) without
      // the browser's own processes, which took 40 % longer over the same specs here (docs/decisions/050-test-suite.md).
      executablePath: "/usr/bin/chromium-headless-shell",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  webServer: [
    {
      // Only this server's files: the others' databases share the name's beginning.
      command: `${demoCopy(databaseFile)} && node server/main.ts`,
      env: {
        PORT: String(PORT),
        // Every test server is one process, as the memory of a test run allows (tests/e2e/workers.spec.ts runs several).
        WEB_CONCURRENCY: "1",
        SQLITE_FILE: databaseFile,
        PUBLIC_URL: "https://www.meridianpress.example",
        SOCIAL_X_URL: "https://x.com/meridian_e2e",
        // Each test posts from an address of its own (X-Forwarded-For), so the rate limit is per test.
        TRUST_PROXY: "1",
        FORM_SECRET,
        FORM_MIN_FILL_MS: String(FORM_MIN_FILL_MS),
        FORM_RATE_LIMIT: "5",
        API_TOKEN,
        // Both browser workers' pages and their prefetches share this process on a loaded machine, where a
        // render queued behind four others waited past its second and was answered 503 (a clean-clone run);
        // the bound on a burst of renders is serving.spec's subject, on a server of its own.
        RENDER_CONCURRENCY: "16",
      },
      url: `http://127.0.0.1:${PORT}/api/en/initial`,
      reuseExistingServer: false,
      timeout: 120_000,
    },
    {
      // The same site with its content service unreachable: pages must degrade, not fail.
      command: "node server/main.ts",
      env: { PORT: String(DEGRADED_PORT), WEB_CONCURRENCY: "1", API_URL: "http://127.0.0.1:9" },
      url: `http://127.0.0.1:${DEGRADED_PORT}/robots.txt`,
      reuseExistingServer: false,
      timeout: 60_000,
    },
    {
      command: `${demoCopy(`${databaseFile}-redirect`)} && node server/main.ts`,
      env: {
        PORT: String(REDIRECT_PORT),
        WEB_CONCURRENCY: "1",
        SQLITE_FILE: `${databaseFile}-redirect`,
        ROOT_REDIRECT: "/journals",
        ROOT_REDIRECT_STATUS: "301",
      },
      url: `http://127.0.0.1:${REDIRECT_PORT}/robots.txt`,
      reuseExistingServer: false,
      timeout: 120_000,
    },
    {
      command: `${demoCopy(`${databaseFile}-analytics`)} && node server/main.ts`,
      env: { PORT: String(ANALYTICS_PORT), WEB_CONCURRENCY: "1", SQLITE_FILE: `${databaseFile}-analytics`, GA_MEASUREMENT_ID },
      url: `http://127.0.0.1:${ANALYTICS_PORT}/robots.txt`,
      reuseExistingServer: false,
      timeout: 120_000,
    },
    {
      command: "node server/main.ts",
      // Behind the same proxy, with the same limit as the first: the two share its rate limit.
      env: {
        PORT: String(REMOTE_WEB_PORT),
        WEB_CONCURRENCY: "1",
        API_URL: `http://127.0.0.1:${PORT}`,
        API_TOKEN,
        FORM_SECRET,
        FORM_MIN_FILL_MS: String(FORM_MIN_FILL_MS),
        TRUST_PROXY: "1",
        FORM_RATE_LIMIT: "5",
      },
      url: `http://127.0.0.1:${REMOTE_WEB_PORT}/robots.txt`,
      reuseExistingServer: false,
      timeout: 120_000,
    },
    {
      command: `${demoCopy(`${databaseFile}-services`)} && node server/main.ts`,
      env: {
        PORT: String(SERVICES_PORT),
        WEB_CONCURRENCY: "1",
        SQLITE_FILE: `${databaseFile}-services`,
        TRUST_PROXY: "1",
        FORM_SECRET,
        FORM_MIN_FILL_MS: String(FORM_MIN_FILL_MS),
        SMTP_URL: `smtp://127.0.0.1:${STUB_PORTS.smtp}`,
        OUTBOX_RETRY_MS: "300",
        RECAPTCHA_SITE_KEY: "e2e-site-key",
        RECAPTCHA_SECRET: "e2e-secret",
        RECAPTCHA_VERIFY_URL: `http://127.0.0.1:${STUB_PORTS.botCheck}/verify`,
        IP_COUNTRY_URL: `http://127.0.0.1:${STUB_PORTS.ipCountry}/{ip}`,
      },
      url: `http://127.0.0.1:${SERVICES_PORT}/robots.txt`,
      reuseExistingServer: false,
      timeout: 120_000,
    },
  ],
});
