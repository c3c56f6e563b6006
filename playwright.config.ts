import { defineConfig } from "@playwright/test";

const PORT = 3210;
export const DEGRADED_PORT = 3211;
export const REDIRECT_PORT = 3212;
const databaseFile = `/tmp/meridian-e2e-${process.pid}.db`;

/** Browser tests drive Debian's Chromium against the production build, on a fresh SQLite file. */
export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: 2,
  forbidOnly: Boolean(process.env.CI),
  reporter: process.env.CI ? "line" : "list",
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    // A visitor's browser: headless Chromium's own user agent counts as a crawler, which gets no error page.
    userAgent: "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36",
    launchOptions: {
      executablePath: "/usr/bin/chromium",
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
      command: `rm -f ${databaseFile}* && node server/main.ts`,
      env: {
        PORT: String(PORT),
        SQLITE_FILE: databaseFile,
        PUBLIC_URL: "https://www.meridianpress.example",
        SOCIAL_X_URL: "https://x.com/meridian_e2e",
      },
      url: `http://127.0.0.1:${PORT}/api/en/initial`,
      reuseExistingServer: false,
      timeout: 120_000,
    },
    {
      // The same site with its content service unreachable: pages must degrade, not fail.
      command: "node server/main.ts",
      env: { PORT: String(DEGRADED_PORT), API_URL: "http://127.0.0.1:9" },
      url: `http://127.0.0.1:${DEGRADED_PORT}/robots.txt`,
      reuseExistingServer: false,
      timeout: 60_000,
    },
    {
      command: `rm -f ${databaseFile}-redirect* && node server/main.ts`,
      env: { PORT: String(REDIRECT_PORT), SQLITE_FILE: `${databaseFile}-redirect`, ROOT_REDIRECT: "/journals", ROOT_REDIRECT_STATUS: "301" },
      url: `http://127.0.0.1:${REDIRECT_PORT}/robots.txt`,
      reuseExistingServer: false,
      timeout: 120_000,
    },
  ],
});
