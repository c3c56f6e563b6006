/**
 * Starts the server (see main.ts): the production build (built first when there is none) on
 * PORT, with the content API in the same process, or `API_URL`'s when set; in development, the
 * sources through Vite. With WEB_CONCURRENCY > 1 this runs in each worker process (server/primary.ts).
 */
import { spawnSync } from "node:child_process";
import cluster from "node:cluster";
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import { getRequestListener } from "@hono/node-server";
import { sql } from "kysely";
import type { ServerBuild } from "react-router";
import type { FormsConfig } from "../contract/site-context.ts";
import { createApiApp } from "../service/api/app.ts";
import { type ApiClient, createApiClient, overHttp } from "../service/api/client.ts";
import { createContentService } from "../service/api/content-service.ts";
import { followRevision } from "../service/api/revision.ts";
import { importContent } from "../service/content/import.ts";
import { readContentFolder } from "../service/content/read-folder.ts";
import { contentSync, contentSyncApp } from "../service/content/sync.ts";
import type { ContentDb } from "../service/db/database.ts";
import { createEditorApp } from "../service/editor/app.ts";
import type { GitHost } from "../service/editor/decap-config.ts";
import { configuredAuthor, placeInRepository } from "../service/editor/git.ts";
import type { LastSync } from "../service/editor/history-app.ts";
import { contentEditing } from "../service/editor/save.ts";
import { type HarvestSchedule, readLastTurn, scheduleHarvest } from "../service/harvest/schedule.ts";
import { harvestStatus, journalsWithSource } from "../service/harvest/state.ts";
import { createOaiApp } from "../service/oai/app.ts";
import { startOutbox } from "../service/submissions/outbox.ts";
import { usageCounter } from "../service/usage/counter.ts";
import { type Config, readConfig } from "./config.ts";
import { openContentStore } from "./content-store.ts";
import { createHttpServer, HTTP_LIMITS } from "./http-server.ts";
import { startLogs } from "./log.ts";
import { forwardedOai, inProcessOai, type OaiHandler } from "./oai.ts";
import { allowOutboundHosts } from "./outbound.ts";
import { SCHEDULED_WORK } from "./primary.ts";
import { createRateLimiter } from "./rate-limiter.ts";
import { gracefulShutdown } from "./shutdown.ts";
import { createSite } from "./site.ts";
import { waitForDatabase } from "./wait-for-database.ts";

const root = path.resolve(import.meta.dirname, "..");
/** How long /readyz waits for the database or the content service. */
const READY_TIMEOUT_MS = 2000;
/** How often the process asks for the content's revision. */
const REVISION_POLL_MS = 2000;
const serverBuildFile = path.join(root, "build/server/index.js");

async function main() {
  const config = readConfig();
  const development = config.NODE_ENV === "development";
  // In production every line is JSON, with the request it belongs to; in development, for a person.
  await startLogs({ pretty: development });
  if (!development && !config.PUBLIC_URL) {
    console.warn(
      "PUBLIC_URL is not set: the site answers only for localhost and ALLOWED_HOSTS, and builds its canonical URLs, sitemaps, feeds and OAI-PMH identifiers on the request's host. Set PUBLIC_URL to the public origin in production.",
    );
  }
  // The journals' sources this process pulls from (read once: a source named later is pulled after a restart).
  const harvesting = !config.API_URL && config.HARVEST_INTERVAL_MINUTES > 0;
  // Of several worker processes, the one the primary names pulls; all of them send the outbox's mail (its claims hold across processes).
  const runsScheduledWork = cluster.isPrimary || process.env[SCHEDULED_WORK] === "1";
  const sources = harvesting ? (await journalsWithSource(config.CONTENT_DIR)).map((j) => j.source?.oai) : [];
  // The services the configuration names are the only hosts the process may call.
  allowOutboundHosts([
    ...sources,
    config.API_URL,
    config.ICON_API_URL,
    config.IP_COUNTRY_URL,
    config.RECAPTCHA_SECRET ? config.RECAPTCHA_VERIFY_URL : undefined,
    config.IMAGE_HOST,
    config.EDITOR_BACKEND === "github" ? (config.EDITOR_HOST_URL ?? "https://github.com") : undefined,
  ]);

  let api: ApiClient;
  let apiApp: ReturnType<typeof createApiApp> | undefined;
  let outbox: ReturnType<typeof startOutbox> | undefined;
  let harvest: HarvestSchedule | undefined;
  let oai: OaiHandler;
  let databaseReady: () => Promise<boolean>;
  let database: ContentDb | undefined;
  let shutdown: ReturnType<typeof gracefulShutdown> | undefined;
  // Not ready once stopping: a load balancer sends its visitors to the other processes.
  const ready = async () => !shutdown?.stopping() && (await databaseReady());
  if (config.API_URL) {
    const base = config.API_URL;
    // The token lets this process post the forms' submissions to the content service.
    const token = config.API_TOKEN;
    api = createApiClient(
      overHttp(base, (input, init) => {
        const headers = new Headers(init?.headers);
        if (token) headers.set("Authorization", `Bearer ${token}`);
        return fetch(input, { ...init, headers, signal: AbortSignal.timeout(5000) });
      }),
    );
    if (!config.API_TOKEN) console.warn("API_URL is set without API_TOKEN: the content service will refuse form submissions");
    if (config.SMTP_URL) console.warn("SMTP_URL is ignored with API_URL: the content service's process sends the e-mail");
    oai = forwardedOai(base);
    databaseReady = async () => (await fetch(new URL("/readyz", base), { signal: AbortSignal.timeout(READY_TIMEOUT_MS) })).ok;
  } else {
    // A database restarting as the process starts is waited for (DATABASE_START_WAIT_MS), each try logged.
    const { db } = await waitForDatabase(() => openContentStore(config), { budgetMs: config.DATABASE_START_WAIT_MS });
    database = db;
    // Submissions are e-mailed to their department through the outbox when SMTP is configured.
    outbox = config.SMTP_URL ? startOutbox({ db, smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, retryBaseMs: config.OUTBOX_RETRY_MS }) : undefined;
    if (!outbox) console.log("SMTP_URL is not set: form submissions are stored but not e-mailed");
    const service = createContentService(db, { onSubmission: () => outbox?.kick(), revision: () => revision.current() });
    // The process's own pages call the service directly; the HTTP API answers the other processes (API_URL) and /api.
    api = createApiClient(service);
    harvest =
      harvesting && runsScheduledWork
        ? scheduleHarvest({
            db,
            contentDir: config.CONTENT_DIR,
            intervalMs: config.HARVEST_INTERVAL_MINUTES * 60_000,
            galleys: config.HARVEST_GALLEYS,
          })
        : undefined;
    apiApp = createApiApp(service, {
      publicUrl: config.PUBLIC_URL,
      usageReports: { db, token: config.API_TOKEN },
      harvestStatus: async () => ({
        intervalMinutes: harvesting ? config.HARVEST_INTERVAL_MINUTES : 0,
        ...(await harvestStatus(config.CONTENT_DIR)),
        lastTurn: await readLastTurn(config.CONTENT_DIR),
      }),
    });
    oai = inProcessOai(createOaiApp(db, { publicUrl: config.PUBLIC_URL }));
    databaseReady = async () => {
      const timeout = new Promise<never>((_, reject) => setTimeout(() => reject(new Error("timeout")), READY_TIMEOUT_MS).unref());
      await Promise.race([sql`select 1`.execute(db), timeout]);
      return true;
    };
  }
  // Every process follows the content's revision, so that an import anywhere shows within seconds.
  const revision = followRevision(async () => (await api.revision()).revision, REVISION_POLL_MS);
  const forms: FormsConfig = {
    secret: config.FORM_SECRET ?? randomBytes(32).toString("hex"),
    minFillMs: config.FORM_MIN_FILL_MS,
    rateLimiter: createRateLimiter({ limit: config.FORM_RATE_LIMIT, windowMs: config.FORM_RATE_WINDOW_MS, api }),
    botCheck:
      config.RECAPTCHA_SITE_KEY && config.RECAPTCHA_SECRET
        ? {
            siteKey: config.RECAPTCHA_SITE_KEY,
            secret: config.RECAPTCHA_SECRET,
            verifyUrl: config.RECAPTCHA_VERIFY_URL,
            minScore: config.RECAPTCHA_MIN_SCORE,
          }
        : undefined,
    ipCountryUrl: config.IP_COUNTRY_URL,
  };

  // Article pages and galleys served are counted, and sent to the content service in batches.
  // Each use is sent within a second (a crash loses no more); the pages' beacon tokens are made with the forms' secret.
  const usage = usageCounter({ send: (batch) => api.recordUsage(batch), secret: forms.secret, beacon: config.USAGE_BEACON });
  // Commits pushed to the content's repository: on its webhook, or polled by the process that runs the scheduled work.
  const sync =
    database && syncsContent(config)
      ? contentSync({
          contentDir: config.CONTENT_DIR,
          db: database,
          remote: config.CONTENT_REMOTE,
          branch: config.CONTENT_BRANCH,
          pollMs: runsScheduledWork ? config.CONTENT_POLL_MINUTES * 60_000 : 0,
        })
      : undefined;
  // The editor's page tells a signed-in editor when the site refused their last commit (the sync's status).
  const lastSync = sync && (() => sync.status());
  const editor =
    config.EDIT_MODE && database
      ? await localEditor(config, database, lastSync)
      : config.EDITOR_BACKEND
        ? await hostEditor(config, lastSync)
        : undefined;
  const siteOptions = {
    config,
    api,
    forms,
    apiApp,
    oai,
    ready,
    revision,
    usage,
    editor,
    contentSync: sync && contentSyncApp(sync, { secret: config.CONTENT_WEBHOOK_SECRET, branch: config.CONTENT_BRANCH, token: config.API_TOKEN }),
  };
  let listener: (req: IncomingMessage, res: ServerResponse) => void;
  if (development) {
    const { createServer: createVite } = await import("vite");
    const vite = await createVite({ root, server: { middlewareMode: true } });
    const site = createSite({ ...siteOptions, build: () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild> });
    const siteListener = getRequestListener(site.fetch);
    listener = (req, res) => vite.middlewares(req, res, () => siteListener(req, res));
  } else {
    if (!existsSync(serverBuildFile)) {
      console.log("no build found: building first (npm run build)");
      const result = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
      if (result.status !== 0) throw new Error("the build failed");
    }
    const build = (await import(serverBuildFile)) as ServerBuild;
    const site = createSite({ ...siteOptions, build, clientDir: path.relative(process.cwd(), path.join(root, "build/client")) });
    listener = getRequestListener(site.fetch);
  }

  // Limits on slow headers and requests, and on connections per address where the process faces
  // its clients (behind a proxy they are all the proxy's); what a stop leaves open is cut at SHUTDOWN_TIMEOUT_MS.
  const server = createHttpServer(listener, {
    ...HTTP_LIMITS,
    connectionsPerAddress: config.TRUST_PROXY > 0 ? 0 : config.CONNECTIONS_PER_ADDRESS,
  });
  // A port in use or not allowed fails the start like any other start-up error: logged, exit 1.
  server.on("error", (error) => fail(error));
  server.listen(config.PORT, config.HOST, () => {
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : config.PORT;
    console.log(`Meridian site listening on http://localhost:${port} (${development ? "development" : "production"})`);
  });
  // Requests in flight finish, and so does an outbox pass in progress (a mail is sent once).
  shutdown = gracefulShutdown(server, {
    drainMs: config.SHUTDOWN_DRAIN_MS,
    timeoutMs: config.SHUTDOWN_TIMEOUT_MS,
    finish: async () => {
      await usage.stop();
      await outbox?.stop();
      await harvest?.stop();
      await sync?.stop();
      await database?.destroy();
    },
  });
  // A promise nobody awaited that fails is a bug to log, not a reason to drop every visitor's request.
  process.on("unhandledRejection", (reason) => console.error("unhandled rejection:", reason));
}

/** Whether pushed commits are imported (the webhook, or the poll). */
const syncsContent = (config: Config) => Boolean(config.CONTENT_WEBHOOK_SECRET) || config.CONTENT_POLL_MINUTES > 0;

/** The content editor (EDIT_MODE) on CONTENT_DIR's Git repository, committing as EDITOR_NAME or Git's own user. */
async function localEditor(config: Config, db: ContentDb, lastSync: LastSync | undefined) {
  const contentDir = config.CONTENT_DIR;
  await placeInRepository(contentDir).catch(() => {
    throw new Error(`EDIT_MODE: ${contentDir} is not in a Git repository (git init it, or set CONTENT_DIR to a clone of the content's repository)`);
  });
  const author =
    config.EDITOR_NAME && config.EDITOR_EMAIL ? { name: config.EDITOR_NAME, email: config.EDITOR_EMAIL } : await configuredAuthor(contentDir);
  if (!author) throw new Error("EDIT_MODE: the editor's commits need an author: set EDITOR_NAME and EDITOR_EMAIL, or Git's user.name and user.email");
  // The editor shows the working folder as it is now, whatever the database held.
  await importContent(db, await readContentFolder(contentDir));
  const editing = contentEditing({ contentDir, db });
  console.log(`content editor: http://${config.HOST}:${config.PORT}/admin/ (commits by ${author.name} <${author.email}> in ${contentDir})`);
  const backend = { kind: "local" as const, editing, author };
  return (stylesheets: () => Promise<string[]>) => createEditorApp({ contentDir, backend, siteUrl: config.PUBLIC_URL, stylesheets, lastSync });
}

/** The content editor in production (EDITOR_BACKEND): Decap commits at the Git host, and the content sync imports. */
async function hostEditor(config: Config, lastSync: LastSync | undefined) {
  const contentDir = config.CONTENT_DIR;
  const { folder } = await placeInRepository(contentDir).catch(() => {
    throw new Error(
      `EDITOR_BACKEND: ${contentDir} is not a clone of the content's repository (git clone it, and set CONTENT_DIR to the content folder in it)`,
    );
  });
  const host: GitHost = {
    name: config.EDITOR_BACKEND as GitHost["name"],
    repo: config.EDITOR_REPO as string,
    branch: config.CONTENT_BRANCH,
    url: config.EDITOR_HOST_URL,
    appId: config.EDITOR_OAUTH_CLIENT_ID,
  };
  const github =
    host.name === "github" && config.EDITOR_OAUTH_CLIENT_ID && config.EDITOR_OAUTH_CLIENT_SECRET
      ? { clientId: config.EDITOR_OAUTH_CLIENT_ID, clientSecret: config.EDITOR_OAUTH_CLIENT_SECRET }
      : undefined;
  const backend = { kind: "host" as const, host, folder, github };
  console.log(`content editor: ${config.PUBLIC_URL}/admin/ (${host.name}, ${host.repo}, branch ${host.branch})`);
  return (stylesheets: () => Promise<string[]>) => createEditorApp({ contentDir, backend, siteUrl: config.PUBLIC_URL, stylesheets, lastSync });
}

function fail(error: Error): never {
  console.error(`failed to start: ${error.message}`);
  process.exit(1);
}

main().catch(fail);
