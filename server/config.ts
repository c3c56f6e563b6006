/**
 * The server's configuration, read once from the environment and validated; a bad value stops
 * the start with a message that names the variable. Every variable carries its documentation here
 * (`.meta()`), from which scripts/configuration-docs.ts writes docs/configuration.md: the page
 * cannot say other than the schema, and `npm test` fails when it was not written again.
 */
import os from "node:os";
import { z } from "zod";
import { RATE_LIMIT_RANGE } from "../service/api/rate-limit.ts";
import { databaseSettings } from "../service/db/database-location.ts";

const commaList = (value: string) =>
  value
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
const optionalUrl = z.url({ protocol: /^https?$/ }).optional();

declare module "zod" {
  interface GlobalMeta {
    /** The default docs/configuration.md shows when the schema's own is not it: one computed at start, or another variable's. */
    shownDefault?: string;
  }
}

/**
 * Every variable, with its documentation: `description` is the meaning docs/configuration.md gives
 * it (markdown). `.meta()` comes last in each chain: metadata belongs to the one schema instance it
 * is called on, and the page reads the object's own fields.
 */
export const configSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000).meta({ description: "HTTP port" }),
  HOST: z.string().default("0.0.0.0").meta({ description: "interface to listen on" }),
  NODE_ENV: z
    .enum(["production", "development", "test"])
    .default("production")
    .meta({ description: "`development` serves the sources through Vite" }),
  WEB_CONCURRENCY: z.coerce
    .number({ error: "a whole number from 1 to 64" })
    .int("a whole number from 1 to 64")
    .min(1, "a whole number from 1 to 64")
    .max(64, "a whole number from 1 to 64")
    .optional()
    .meta({
      description:
        "worker processes serving the port (1 to 64; `1` in development and with `EDIT_MODE`): with more than one, a primary process forks them (node:cluster), replaces one that dies, passes SIGTERM on and exits when they have stopped; the first worker alone runs the scheduled pulls, each sends the outbox's mail, and without `FORM_SECRET` they share one the primary makes (docs/decisions/028-worker-processes.md)",
      shownDefault:
        "one per core in production (`os.availableParallelism()`, which counts a container's CPU limit), `1` in development and with `EDIT_MODE`",
    }),
  DATABASE_URL: databaseSettings.DATABASE_URL,
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(100)
    .max(60_000)
    .default(2000)
    .meta({ description: "how long a web process waits for a PostgreSQL connection before it answers 503" }),
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(5000).meta({
    description:
      "how long a web process waits on its database before it answers 503: PostgreSQL, for a statement to run; SQLite, for a write to get the lock another process (an import) holds (start-up migrations and `content:import` have no statement limit)",
  }),
  DATABASE_START_WAIT_MS: z.coerce.number().int().min(0).max(600_000).default(30_000).meta({
    description:
      "how long a starting process waits for a database it cannot reach (a restart, a failover), trying again with back-off and logging each try; `0` fails at once",
  }),
  SQLITE_FILE: databaseSettings.SQLITE_FILE,
  CONTENT_DIR: z.string().default("content/demo").meta({
    description: "the content imported on the first start of an empty database, and the folder the server's pulls write to",
  }),
  HARVEST_INTERVAL_MINUTES: z.coerce
    .number()
    .int()
    .min(0)
    .max(7 * 24 * 60)
    .default(0)
    .meta({
      description:
        "how often the process that holds the database pulls the journals' sources into `CONTENT_DIR` and imports it (docs/harvesting.md); `0`: never",
    }),
  HARVEST_GALLEYS: z
    .stringbool()
    .default(false)
    .meta({ description: "whether the scheduled pulls (`HARVEST_INTERVAL_MINUTES`) download the PDF galleys into the content too" }),
  EDIT_MODE: z.stringbool().default(false).meta({
    description:
      "`true`: the content editor at `/admin/` (`npm run edit` sets it; docs/decisions/038-content-editor.md); saves commit to `CONTENT_DIR`'s Git repository and import it; only with a loopback `HOST` (it has no sign-in of its own), one process, no `API_URL` and no `EDITOR_BACKEND`",
  }),
  EDITOR_NAME: z.string().trim().min(1).optional().meta({
    description: "the name of the author of the editor's commits; set together with `EDITOR_EMAIL` or not at all",
    shownDefault: "Git's `user.name` in `CONTENT_DIR`",
  }),
  EDITOR_EMAIL: z.email().optional().meta({
    description: "the e-mail address of the author of the editor's commits; set together with `EDITOR_NAME` or not at all",
    shownDefault: "Git's `user.email` in `CONTENT_DIR`",
  }),
  EDITOR_BACKEND: z.enum(["github", "gitlab", "gitea", "forgejo"]).optional().meta({
    description:
      "`github`, `gitlab`, `gitea` or `forgejo`: the content editor at `/admin/` signs in there and commits there (needs `EDITOR_REPO`, `EDITOR_OAUTH_CLIENT_ID`, `PUBLIC_URL` and the webhook or the poll, `CONTENT_WEBHOOK_SECRET` or `CONTENT_POLL_MINUTES`; docs/editing.md)",
  }),
  EDITOR_REPO: z
    .string()
    .regex(/^[\w.-]+(?:\/[\w.-]+)+$/, "owner/name")
    .optional()
    .meta({ description: "the content's repository at the host, `owner/name` (a GitLab group path may have more parts)" }),
  EDITOR_HOST_URL: optionalUrl
    .transform((url) => url && new URL(url).origin)
    .meta({
      description: "the host's origin (GitHub Enterprise, your GitLab; required for Gitea and Forgejo)",
      shownDefault: "github.com, gitlab.com",
    }),
  EDITOR_OAUTH_CLIENT_ID: z.string().min(1).optional().meta({ description: "the id of the OAuth application registered for the editor at the host" }),
  EDITOR_OAUTH_CLIENT_SECRET: z
    .string()
    .min(1)
    .optional()
    .meta({ description: "the secret of the editor's OAuth application (`EDITOR_OAUTH_CLIENT_ID`), for GitHub only (which requires it)" }),
  CONTENT_WEBHOOK_SECRET: z.string().min(16, "at least 16 characters").optional().meta({
    description:
      "16+ characters: `CONTENT_DIR` is a clone of the content's repository, and the host's push webhook at `POST /hooks/content` (GitHub's, Gitea's or Forgejo's signature, GitLab's token) has the site fetch, check and import the new commit (docs/editing.md); not with `API_URL` (the process that holds the database imports)",
  }),
  CONTENT_POLL_MINUTES: z.coerce
    .number()
    .int()
    .min(0)
    .max(1440)
    .default(0)
    .meta({ description: "how often to fetch the content's branch instead of (or besides) the webhook; `0`: never" }),
  CONTENT_REMOTE: z.string().min(1).default("origin").meta({ description: "the remote the webhook and the poll fetch" }),
  CONTENT_BRANCH: z.string().min(1).default("main").meta({ description: "the branch the webhook and the poll fetch" }),
  USAGE_BEACON: z.stringbool().default(false).meta({
    description:
      "`true` behind a CDN that keeps pages: an article's page is counted from the beacon its page sends, not from the request (docs/usage.md, docs/decisions/036-counted-usage.md); needs the same `FORM_SECRET` on every web host (the pages' tokens are made with it)",
  }),
  PRERENDER_PATHS: z.string().optional().meta({
    description:
      "at build time: site paths (comma-separated) that `npm run build` renders once, with their data files, from the database the environment names; the server then answers them as built (pages that change only with a deploy; never a page with a form); needs `PUBLIC_URL`",
  }),
  PRERENDER_DIR: z
    .string()
    .default("build/prerendered")
    .meta({ description: "where the build writes the `PRERENDER_PATHS` pages and the server reads them" }),
  PAGE_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(10).meta({
    description:
      "how long a rendered page is kept fresh in the process (it is then served stale for a minute while rendered again; simultaneous requests for a page not kept render it once; kept compressed with Brotli and gzip, at most 2 000 pages and 64 MB; keyed on the path and the query parameters its screen reads, so `?utm_source=…` is the same page); `0` turns the in-process cache off, for a deployment whose CDN keeps the pages",
  }),
  RENDER_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(4).meta({
    description:
      "pages one process renders at once (one starts per turn of the event loop, so kept pages and files never wait behind a burst of renders); up to 16 more per render slot wait a second at most, then are answered with a kept copy or a `503` with `Retry-After` and a short page in their language. Raise it when the content is read over the network (`API_URL`, a distant PostgreSQL)",
  }),
  API_URL: optionalUrl.meta({ description: "read content from a content service running elsewhere instead of in-process" }),
  API_TOKEN: z
    .string()
    .min(32, "at least 32 characters")
    // What an Authorization header's bearer token may hold (RFC 6750), which hono/bearer-auth checks.
    .regex(/^[A-Za-z0-9._~+/-]+=*$/, "letters, digits and - . _ ~ + / only (a bearer token), and = at the end")
    .optional()
    .meta({
      description:
        "32+ characters (letters, digits and `- . _ ~ + /`, with `=` at the end: it is sent as a bearer token), the same on the content service and on the web processes that use it through `API_URL`: only requests carrying it may post form submissions to it",
    }),
  PUBLIC_URL: optionalUrl
    .transform((url) => url && new URL(url).origin)
    .meta({
      description:
        "the site's public origin (a path given with it is dropped), for canonical URLs, hreflang, the sitemap and the OAI-PMH repository's base URL and identifiers (set it on the content service's process too when the site uses `API_URL`); set it in production: without it the process answers only requests for `localhost`, loopback addresses and `ALLOWED_HOSTS` (others get 421), so that a forged `Host` never becomes the origin of what it sends, and warns at start",
      shownDefault: "the request's origin",
    }),
  ALLOWED_HOSTS: z
    .string()
    .default("")
    .transform(commaList)
    .meta({ description: "without `PUBLIC_URL`: further host names (comma-separated) the process answers for" }),
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
    .optional()
    .meta({ description: "when set, `/` redirects there: a path of this site (`/…`, not `//…` or `/\\…`) or an http(s) URL" }),
  ROOT_REDIRECT_STATUS: z.coerce
    .number()
    .refine((v) => [301, 302, 303, 307, 308].includes(v), "one of 301, 302, 303, 307, 308")
    .default(302)
    .meta({ description: "the status of the `ROOT_REDIRECT` redirect (301, 302, 303, 307 or 308)" }),
  SOCIAL_FACEBOOK_URL: z
    .url({ protocol: /^https$/ })
    .default("https://www.facebook.com/meridianpress")
    .meta({ description: "the footer's link to the publisher's Facebook profile (https)" }),
  SOCIAL_INSTAGRAM_URL: z
    .url({ protocol: /^https$/ })
    .default("https://www.instagram.com/meridianpress")
    .meta({ description: "the footer's link to the publisher's Instagram profile (https)" }),
  SOCIAL_X_URL: z
    .url({ protocol: /^https$/ })
    .default("https://x.com/meridianpress")
    .meta({ description: "the footer's link to the publisher's X profile (https)" }),
  SOCIAL_LINKEDIN_URL: z
    .url({ protocol: /^https$/ })
    .default("https://www.linkedin.com/company/meridianpress")
    .meta({ description: "the footer's link to the publisher's LinkedIn profile (https)" }),
  SOCIAL_YOUTUBE_URL: z
    .url({ protocol: /^https$/ })
    .default("https://www.youtube.com/@meridianpress")
    .meta({ description: "the footer's link to the publisher's YouTube profile (https)" }),
  LIBRARY_URL: z
    .url({ protocol: /^https?$/ })
    .default("https://library.meridianpress.example")
    .meta({ description: "the footer's external library link" }),
  ICON_API_URL: optionalUrl.meta({
    description: "an Iconify API to fetch icons not installed locally from (5 s limit; the dashed circle otherwise)",
  }),
  IMAGE_HOST: z
    .url({ protocol: /^https?$/ })
    .optional()
    .meta({ description: "the only host `/images` reads sources from (an http(s) origin)" }),
  IMAGE_DIR: z.string().optional().meta({
    description: "without `IMAGE_HOST`, the folder `/images` reads sources from",
    shownDefault: "`CONTENT_DIR`'s `images` (the folder whose covers the import checked)",
  }),
  SMTP_URL: z
    .url({ protocol: /^smtps?$/ })
    .optional()
    .meta({
      description:
        "`smtp://user:password@host:587` (or `smtps://`): form submissions are e-mailed to their department; without it they are only stored",
    }),
  MAIL_FROM: z
    .string()
    .min(3)
    .default("Meridian website <no-reply@meridianpress.example>")
    .meta({ description: "the sender of the form submissions' e-mails (the visitor is the Reply-To)" }),
  OUTBOX_RETRY_MS: z.coerce
    .number()
    .int()
    .min(100)
    .default(30_000)
    .meta({ description: "the wait after a failed delivery of a form submission's e-mail, doubled per attempt up to an hour" }),
  FORM_SECRET: z.string().min(32, "at least 32 characters").optional().meta({
    description:
      "signs the forms' tokens (32+ characters); set it when several processes serve the site, or a restart asks visitors with an open form to send it again",
    shownDefault: "random per start",
  }),
  FORM_MIN_FILL_MS: z.coerce.number().int().min(0).default(3000).meta({ description: "a form sent sooner after it was shown is refused as a bot's" }),
  // The content service counts within these ranges only (a value it refused would count nothing).
  FORM_RATE_LIMIT: z.coerce
    .number()
    .int()
    .min(RATE_LIMIT_RANGE.limit.min)
    .max(RATE_LIMIT_RANGE.limit.max)
    .default(10)
    .meta({ description: "the most form posts one visitor address may make in `FORM_RATE_WINDOW_MS`; more are answered 429" }),
  FORM_RATE_WINDOW_MS: z.coerce
    .number()
    .int()
    .min(RATE_LIMIT_RANGE.windowMs.min)
    .max(RATE_LIMIT_RANGE.windowMs.max)
    .default(10 * 60_000)
    .meta({ description: "the window in which a visitor address's form posts are counted against `FORM_RATE_LIMIT`" }),
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(120_000).default(5000).meta({
    description:
      "on SIGTERM: how long the process goes on answering while `/readyz` says 503 (a load balancer stops sending it visitors); shorter than `SHUTDOWN_TIMEOUT_MS`, which includes it; SIGINT skips the drain",
  }),
  SHUTDOWN_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(1000)
    .max(600_000)
    .default(25_000)
    .meta({ description: "on SIGTERM or SIGINT: when, after the signal, the process cuts whatever is still open and exits" }),
  TRUST_PROXY: z.coerce.number().int().min(0).max(10).default(0).meta({
    description: "the number of proxies (load balancer, CDN) in front of the site, whose `X-Forwarded-For` entries name the visitor",
  }),
  CONNECTIONS_PER_ADDRESS: z.coerce.number().int().min(0).max(100_000).default(128).meta({
    description:
      "without a proxy in front (`TRUST_PROXY=0`), the most connections one address may hold open in a process (IPv6: per /64); the ones above are closed; `0` turns the cap off. Behind a proxy, cap clients there (nginx `limit_conn`)",
  }),
  RECAPTCHA_SITE_KEY: z.string().min(1).optional().meta({
    description:
      "with `RECAPTCHA_SECRET` (the two together or neither): the bot check (reCAPTCHA v3) runs on every form; a visitor without JavaScript then cannot pass it and is told to write to the department instead",
  }),
  RECAPTCHA_SECRET: z.string().min(1).optional().meta({ description: "the bot check's secret, set together with `RECAPTCHA_SITE_KEY`" }),
  RECAPTCHA_VERIFY_URL: z
    .url({ protocol: /^https?$/ })
    .default("https://www.google.com/recaptcha/api/siteverify")
    .meta({ description: "where the bot check's tokens are verified" }),
  RECAPTCHA_MIN_SCORE: z.coerce.number().min(0).max(1).default(0.5).meta({ description: "the lowest bot-check score accepted (0 to 1)" }),
  GA_MEASUREMENT_ID: z
    .string()
    .regex(/^G-[A-Z0-9]+$/, "a Google Analytics 4 measurement id such as G-ABC123XYZ9")
    .optional()
    .meta({
      description:
        "a Google Analytics 4 id (`G-…`): the tag loads and every page opened, client-side navigations included, sends one page view; unset, nothing is loaded or sent",
    }),
  IP_COUNTRY_URL: z
    .url({ protocol: /^https?$/ })
    .refine((v) => v.includes("{ip}"), "a URL with an {ip} placeholder, such as https://ip2c.org/{ip}")
    .optional()
    .meta({
      description:
        "an IP-to-country service with an `{ip}` placeholder (`https://ip2c.org/{ip}`): the phone field's default country is the visitor's",
    }),
  I18N_NO_CACHE_LOCALES: z
    .string()
    .default("")
    .transform(commaList)
    .meta({ description: "comma-separated locales whose `/_i18n/{locale}/messages.json` is sent `no-cache`" }),
});

const checked = configSchema
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
