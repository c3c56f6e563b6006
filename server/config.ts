/**
 * The server's configuration, read once from the environment and validated; a bad value stops
 * the start with a message that names the variable. Every variable is listed in the README.
 */
import os from "node:os";
import { z } from "zod";
import { RATE_LIMIT_RANGE } from "../service/api/rate-limit.ts";

const commaList = (value: string) =>
  value
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
const optionalUrl = z.url({ protocol: /^https?$/ }).optional();

const schema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  NODE_ENV: z.enum(["production", "development", "test"]).default("production"),
  /** How many worker processes serve the port (server/primary.ts); unset: one per core in production, 1 in development. */
  WEB_CONCURRENCY: z.coerce
    .number({ error: "a whole number from 1 to 64" })
    .int("a whole number from 1 to 64")
    .min(1, "a whole number from 1 to 64")
    .max(64, "a whole number from 1 to 64")
    .optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "a postgres:// URL")
    .optional(),
  /** How long a web process waits for a database connection, and lets one statement run (then 503). */
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(2000),
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(5000),
  /** How long a starting process waits for a database it cannot reach (a restart, a failover), trying again with back-off; 0: it fails at once. */
  DATABASE_START_WAIT_MS: z.coerce.number().int().min(0).max(600_000).default(30_000),
  SQLITE_FILE: z.string().default("data/content.db"),
  CONTENT_DIR: z.string().default("content/demo"),
  /** How often the process that holds the database pulls the journals' sources into CONTENT_DIR and imports it (0: never). */
  HARVEST_INTERVAL_MINUTES: z.coerce
    .number()
    .int()
    .min(0)
    .max(7 * 24 * 60)
    .default(0),
  /** Whether those pulls download the PDF galleys too. */
  HARVEST_GALLEYS: z.stringbool().default(false),
  /**
   * The content editor at /admin/ (docs/decisions/038-content-editor.md): saves commit to
   * CONTENT_DIR's Git repository and import it. Only on a loopback HOST: it has no sign-in of its own.
   */
  EDIT_MODE: z.stringbool().default(false),
  /** The author of the editor's commits; unset, Git's own user.name and user.email in CONTENT_DIR. */
  EDITOR_NAME: z.string().trim().min(1).optional(),
  EDITOR_EMAIL: z.email().optional(),
  /** The content editor in production: the Git host its editors sign in to and Decap commits to (README, "Editing content"). */
  EDITOR_BACKEND: z.enum(["github", "gitlab", "gitea", "forgejo"]).optional(),
  /** The content's repository on that host: owner/name (a GitLab group path may have more parts). */
  EDITOR_REPO: z
    .string()
    .regex(/^[\w.-]+(?:\/[\w.-]+)+$/, "owner/name")
    .optional(),
  /** The host's origin: a GitHub Enterprise, GitLab, Gitea or Forgejo server (github.com and gitlab.com by default). */
  EDITOR_HOST_URL: optionalUrl.transform((url) => url && new URL(url).origin),
  /** The OAuth application registered at the host for the editor: its id, and (GitHub only) its secret. */
  EDITOR_OAUTH_CLIENT_ID: z.string().min(1).optional(),
  EDITOR_OAUTH_CLIENT_SECRET: z.string().min(1).optional(),
  /** CONTENT_DIR as a clone of the content's repository: the push webhook's secret (POST /hooks/content). */
  CONTENT_WEBHOOK_SECRET: z.string().min(16, "at least 16 characters").optional(),
  /** How often to fetch the content's branch and import a new commit (0: only on webhooks). */
  CONTENT_POLL_MINUTES: z.coerce.number().int().min(0).max(1440).default(0),
  CONTENT_REMOTE: z.string().min(1).default("origin"),
  CONTENT_BRANCH: z.string().min(1).default("main"),
  /** Article pages are counted from a beacon their page sends, not from the requests: for a CDN that keeps pages (docs/decisions/036-counted-usage.md). */
  USAGE_BEACON: z.stringbool().default(false),
  PRERENDER_DIR: z.string().default("build/prerendered"),
  /** How long a rendered page is kept fresh in the process (then served stale while rendered again); 0 turns the cache off. */
  PAGE_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(10),
  /** Pages one process renders at once (server/render-slots.ts); more wait up to a second, then get a kept copy or a 503. */
  RENDER_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(4),
  API_URL: optionalUrl,
  API_TOKEN: z.string().min(32, "at least 32 characters").optional(),
  /** The site's public origin: a path or trailing slash given with it is dropped, so URLs join onto it. */
  PUBLIC_URL: optionalUrl.transform((url) => url && new URL(url).origin),
  /** Without PUBLIC_URL: the host names besides loopback the process answers for (comma-separated). */
  ALLOWED_HOSTS: z.string().default("").transform(commaList),
  /**
   * A path of this site, or an http(s) URL the operator means. A path a browser reads as another
   * host (`//evil.example`, and `/\evil.example`: browsers take a backslash for a slash) would be an
   * open redirect set by configuration, as would any other scheme; spaces and control characters are
   * a value pasted wrongly.
   */
  ROOT_REDIRECT: z
    .string()
    .refine(
      (v) => (/^\/(?![/\\])/.test(v) || /^https?:\/\/[^/\\]/i.test(v)) && !/[\\\s\p{Cc}]/u.test(v),
      "a path of this site (/…, not //… or /\\…: those name another host) or an http(s) URL, without spaces or backslashes",
    )
    .optional(),
  ROOT_REDIRECT_STATUS: z.coerce
    .number()
    .refine((v) => [301, 302, 303, 307, 308].includes(v), "one of 301, 302, 303, 307, 308")
    .default(302),
  SOCIAL_FACEBOOK_URL: z.url({ protocol: /^https$/ }).default("https://www.facebook.com/meridianpress"),
  SOCIAL_INSTAGRAM_URL: z.url({ protocol: /^https$/ }).default("https://www.instagram.com/meridianpress"),
  SOCIAL_X_URL: z.url({ protocol: /^https$/ }).default("https://x.com/meridianpress"),
  SOCIAL_LINKEDIN_URL: z.url({ protocol: /^https$/ }).default("https://www.linkedin.com/company/meridianpress"),
  SOCIAL_YOUTUBE_URL: z.url({ protocol: /^https$/ }).default("https://www.youtube.com/@meridianpress"),
  LIBRARY_URL: z.url({ protocol: /^https?$/ }).default("https://library.meridianpress.example"),
  ICON_API_URL: optionalUrl,
  IMAGE_HOST: z.url({ protocol: /^https?$/ }).optional(),
  /** Without it, CONTENT_DIR's images: the folder whose covers the import checked. */
  IMAGE_DIR: z.string().optional(),
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  MAIL_FROM: z.string().min(3).default("Meridian website <no-reply@meridianpress.example>"),
  OUTBOX_RETRY_MS: z.coerce.number().int().min(100).default(30_000),
  FORM_SECRET: z.string().min(32, "at least 32 characters").optional(),
  FORM_MIN_FILL_MS: z.coerce.number().int().min(0).default(3000),
  // The content service counts within these ranges only (a value it refused would count nothing).
  FORM_RATE_LIMIT: z.coerce.number().int().min(RATE_LIMIT_RANGE.limit.min).max(RATE_LIMIT_RANGE.limit.max).default(10),
  FORM_RATE_WINDOW_MS: z.coerce
    .number()
    .int()
    .min(RATE_LIMIT_RANGE.windowMs.min)
    .max(RATE_LIMIT_RANGE.windowMs.max)
    .default(10 * 60_000),
  /** On SIGTERM: how long the process still answers while saying it is not ready, and when it cuts what is left (server/shutdown.ts). */
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(120_000).default(5000),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(25_000),
  TRUST_PROXY: z.coerce.number().int().min(0).max(10).default(0),
  /** Without a proxy in front (TRUST_PROXY=0), the connections one address may hold open in a process (server/connection-cap.ts); 0: no cap. */
  CONNECTIONS_PER_ADDRESS: z.coerce.number().int().min(0).max(100_000).default(128),
  RECAPTCHA_SITE_KEY: z.string().min(1).optional(),
  RECAPTCHA_SECRET: z.string().min(1).optional(),
  RECAPTCHA_VERIFY_URL: z.url({ protocol: /^https?$/ }).default("https://www.google.com/recaptcha/api/siteverify"),
  RECAPTCHA_MIN_SCORE: z.coerce.number().min(0).max(1).default(0.5),
  GA_MEASUREMENT_ID: z
    .string()
    .regex(/^G-[A-Z0-9]+$/, "a Google Analytics 4 measurement id such as G-ABC123XYZ9")
    .optional(),
  IP_COUNTRY_URL: z
    .url({ protocol: /^https?$/ })
    .refine((v) => v.includes("{ip}"), "a URL with an {ip} placeholder, such as https://ip2c.org/{ip}")
    .optional(),
  I18N_NO_CACHE_LOCALES: z.string().default("").transform(commaList),
});

const checked = schema
  .refine((c) => c.SHUTDOWN_DRAIN_MS < c.SHUTDOWN_TIMEOUT_MS, {
    path: ["SHUTDOWN_DRAIN_MS"],
    message: "shorter than SHUTDOWN_TIMEOUT_MS, which includes it",
  })
  .refine((c) => Boolean(c.RECAPTCHA_SITE_KEY) === Boolean(c.RECAPTCHA_SECRET), {
    path: ["RECAPTCHA_SECRET"],
    message: "RECAPTCHA_SITE_KEY and RECAPTCHA_SECRET are set together or not at all",
  })
  .refine((c) => !c.EDIT_MODE || ["127.0.0.1", "localhost", "::1"].includes(c.HOST), {
    path: ["EDIT_MODE"],
    message: "the editor has no sign-in of its own: serve it on HOST=127.0.0.1 (npm run edit does)",
  })
  .refine((c) => !c.EDIT_MODE || (c.WEB_CONCURRENCY ?? 1) === 1, {
    path: ["WEB_CONCURRENCY"],
    message: "1 with EDIT_MODE (saves are taken one at a time)",
  })
  .refine((c) => !(c.CONTENT_WEBHOOK_SECRET || c.CONTENT_POLL_MINUTES > 0) || !c.API_URL, {
    path: ["CONTENT_WEBHOOK_SECRET"],
    message: "the content's commits are imported by the process that holds the database: not with API_URL",
  })
  .refine((c) => !c.EDITOR_BACKEND || (c.EDITOR_REPO && c.EDITOR_OAUTH_CLIENT_ID && c.PUBLIC_URL), {
    path: ["EDITOR_BACKEND"],
    message: "needs EDITOR_REPO, EDITOR_OAUTH_CLIENT_ID and PUBLIC_URL",
  })
  .refine((c) => c.EDITOR_BACKEND !== "github" || c.EDITOR_OAUTH_CLIENT_SECRET, {
    path: ["EDITOR_OAUTH_CLIENT_SECRET"],
    message: "GitHub's sign-in needs the OAuth application's secret",
  })
  .refine((c) => !(c.EDITOR_BACKEND === "gitea" || c.EDITOR_BACKEND === "forgejo") || c.EDITOR_HOST_URL, {
    path: ["EDITOR_HOST_URL"],
    message: "the Gitea or Forgejo server's origin, such as https://codeberg.org",
  })
  .refine((c) => !c.EDITOR_BACKEND || c.CONTENT_WEBHOOK_SECRET || c.CONTENT_POLL_MINUTES > 0, {
    path: ["EDITOR_BACKEND"],
    message: "the editor's commits reach the site through CONTENT_WEBHOOK_SECRET or CONTENT_POLL_MINUTES: set one",
  })
  .refine((c) => !(c.EDITOR_BACKEND && c.EDIT_MODE), { path: ["EDIT_MODE"], message: "EDIT_MODE (local) or EDITOR_BACKEND (a Git host), not both" })
  .refine((c) => !c.EDIT_MODE || !c.API_URL, {
    path: ["EDIT_MODE"],
    message: "the editor imports into this process's own database: not with API_URL",
  })
  .refine((c) => Boolean(c.EDITOR_NAME) === Boolean(c.EDITOR_EMAIL), {
    path: ["EDITOR_EMAIL"],
    message: "EDITOR_NAME and EDITOR_EMAIL are set together or not at all",
  })
  // Vite's development server, its file watcher and its hot-reload socket, are one process's.
  .refine((c) => c.NODE_ENV !== "development" || (c.WEB_CONCURRENCY ?? 1) === 1, {
    path: ["WEB_CONCURRENCY"],
    message: "1 in development (NODE_ENV=development serves the sources through Vite, in one process)",
  })
  .transform((c) => ({
    ...c,
    WEB_CONCURRENCY: c.WEB_CONCURRENCY ?? (c.NODE_ENV === "development" || c.EDIT_MODE ? 1 : Math.min(os.availableParallelism(), 64)),
  }));

export type Config = z.output<typeof checked>;

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const result = checked.safeParse(env);
  if (!result.success) {
    const problems = result.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`).join("\n");
    throw new Error(`invalid configuration:\n${problems}`);
  }
  return result.data;
}
