/**
 * The one web process, in the order a request meets it: the edge (its id and access line, the
 * security headers, the counting of articles' use, kept pages and build files from memory,
 * compression, each answer's Content-Security-Policy, the host check), then the apps mounted on it
 * (health, the usage beacon, after the HTTPS redirect the site's small files, the content API, the
 * content sync's webhook, the editor, OAI-PMH, images, articles' files) and last the pages, which
 * React Router renders. Each piece is built in its own module; docs/decisions/047-server-composed.md.
 */
import path from "node:path";
import { Hono } from "hono";
import { compress } from "hono/compress";
import type { ServerBuild } from "react-router";
import type { FormsConfig } from "../contract/site-context.ts";
import type { ApiClient } from "../service/api/client.ts";
import type { RevisionFollower } from "../service/api/revision.ts";
import { designedCover } from "../service/covers/designed-cover.ts";
import { beaconApp } from "../service/usage/beacon-app.ts";
import type { UsageCounter } from "../service/usage/counter.ts";
import { apiRoutes } from "./api-routes.ts";
import { createArticleFilesApp } from "./article-files.ts";
import { buildFiles } from "./build-files.ts";
import { visitorIpOf } from "./client-ip.ts";
import type { Config } from "./config.ts";
import { answerFailure } from "./failure.ts";
import { healthApp } from "./health.ts";
import { cameOverHttp, httpsRedirect } from "./https-redirect.ts";
import { createImageApp } from "./images.ts";
import { keptPages } from "./kept-pages.ts";
import { hostCheck, knownHosts, postHosts } from "./known-hosts.ts";
import { requestLog } from "./log.ts";
import { type OaiHandler, oaiApp } from "./oai.ts";
import { pagesApp } from "./pages.ts";
import { prerenderedPages } from "./prerendered.ts";
import { pageRenderer } from "./render.ts";
import { rootLanguage } from "./root.ts";
import { commonHeaders, contentPolicies, htmlPolicy } from "./security-headers.ts";
import { siteFilesApp } from "./site-files.ts";

export interface SiteOptions {
  config: Config;
  api: ApiClient;
  /** What the forms need: the token secret, the rate limiter, the bot check. */
  forms: FormsConfig;
  /** The content API, mounted at /api for reading (absent when it runs as its own service). */
  apiApp?: { fetch: (request: Request) => Response | Promise<Response> };
  /** The OAI-PMH repository, answered at /oai (in this process or forwarded over API_URL). */
  oai?: OaiHandler;
  /** The React Router server build, or a function that loads it per request (development). */
  build: ServerBuild | (() => Promise<ServerBuild>);
  /** Where the built browser assets are (production only). */
  clientDir?: string;
  /** Whether the content is reachable (its database, or the content service of API_URL): /readyz. */
  ready: () => Promise<boolean>;
  /** The content's revision as this process follows it: kept pages turn stale when it moves. */
  revision: RevisionFollower;
  /** Counts the use of articles (absent: nothing is counted). */
  usage?: UsageCounter;
  /** The content repository's push webhook and the last sync's outcome, at /hooks/content. */
  contentSync?: Hono;
  /** The content editor (EDIT_MODE), given the site's stylesheets for its previews. */
  editor?: (stylesheets: () => Promise<string[]>) => Hono;
}

export function createSite(options: SiteOptions): Hono {
  const { config, api, forms, apiApp, oai, clientDir, usage, contentSync, editor } = options;
  const thirdParties = { analytics: Boolean(config.GA_MEASUREMENT_ID), botCheck: Boolean(forms.botCheck) };
  const isKnownHost = knownHosts({ publicUrl: config.PUBLIC_URL, allowed: config.ALLOWED_HOSTS });
  const toHttps = cameOverHttp(config);
  const visitorIp = visitorIpOf(config.TRUST_PROXY);
  const ownHosts = postHosts(config.PUBLIC_URL);
  const pages = pageRenderer({ ...options, thirdParties });
  const kept = keptPages({ config, mode: pages.mode, render: pages.render, revision: options.revision, cameOverHttp: toHttps });
  const app = new Hono();

  // The edge. The headers every answer carries are set around everything, kept pages and files too.
  app.use(requestLog(), commonHeaders());
  app.use("/", rootLanguage());
  // Before the kept pages: a page they answer is counted too.
  if (usage) app.use(usage.middleware(visitorIp));
  if (kept) app.use(kept.early);
  // The build's files, from memory, as early (docs/decisions/026-serving-under-load.md).
  if (clientDir) app.use(buildFiles(clientDir, (c) => toHttps(c) || !isKnownHost(c.req.header("host"), c.req.path)));
  app.use(compress(), contentPolicies(thirdParties));
  app.use(hostCheck(isKnownHost));

  // The apps. Health and the beacon answer whatever the scheme; the rest only over HTTPS when it is the site's.
  app.route("/", healthApp(options.ready));
  if (usage && config.USAGE_BEACON) app.route("/", beaconApp(usage, { ownHosts, visitorIp }));
  app.use(httpsRedirect(config));
  app.route("/", siteFilesApp(config));
  if (apiApp) app.route("/", apiRoutes(apiApp, config.API_TOKEN));
  if (contentSync) app.route("/", contentSync);
  // The content editor at /admin/, with its own policy.
  if (editor) app.route("/", editor(pages.stylesheets));
  if (oai) app.route("/", oaiApp(oai));
  const imageDir = config.IMAGE_DIR ?? path.join(config.CONTENT_DIR, "images");
  app.route("/", createImageApp({ host: config.IMAGE_HOST, localDir: imageDir, designedCover: (file) => designedCover(api, file) }));
  app.route("/", createArticleFilesApp({ api, contentDir: config.CONTENT_DIR }));

  // The pages, last: what the build prerendered, the kept pages, then React Router.
  const prerendered = pages.mode === "production" ? prerenderedPages(config.PRERENDER_DIR, (html) => htmlPolicy(html, thirdParties)) : undefined;
  app.route("/", pagesApp({ config, render: pages.render, prerendered, kept: kept?.middleware, ownHosts, visitorIp }));

  app.onError(answerFailure);
  return app;
}
