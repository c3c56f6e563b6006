/**
 * The one web process: security headers and request ids on every answer, /healthz and /readyz,
 * static assets, the content API, the OAI-PMH repository, images, messages, robots, the root's
 * locale detection, the methods and origins pages take, then everything the route table declares
 * (pages, and files such as feeds, sitemaps and citation downloads) through the page cache and
 * React Router.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { getConnInfo } from "@hono/node-server/conninfo";
import { serveStatic } from "@hono/node-server/serve-static";
import { type Context, Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { compress } from "hono/compress";
import { createRequestHandler, type ServerBuild } from "react-router";
import { pagePath } from "../contract/page-path.ts";
import { pageUrl } from "../contract/page-query.ts";
import { problemPage } from "../contract/problem-page.ts";
import { formScreenIds, PAGE_STALE_IF_ERROR_MS, PAGE_STALE_MS } from "../contract/route-rules.ts";
import { href } from "../contract/route-table.ts";
import type { FormsConfig, LoaderContextEntry, SiteConfig } from "../contract/site-context.ts";
import { BEACON_PATH } from "../contract/usage-beacon.ts";
import { whichRoute } from "../contract/which-route.ts";
import { isLocale, type Locale, localeOfPath } from "../i18n/locales.ts";
import { messages } from "../i18n/messages/index.ts";
import { hasBearer } from "../service/api/bearer.ts";
import { type ApiClient, isContentUnavailable } from "../service/api/client.ts";
import type { RevisionFollower } from "../service/api/revision.ts";
import { designedCover } from "../service/covers/designed-cover.ts";
import { isDatabaseUnavailable, RETRY_AFTER_SECONDS } from "../service/db/unavailable.ts";
import { oaiBodyLimit } from "../service/oai/app.ts";
import { isOwnPost } from "../service/post-origin.ts";
import type { UsageCounter } from "../service/usage/counter.ts";
import { createArticleFilesApp } from "./article-files.ts";
import { buildFiles } from "./build-files.ts";
import { clientIp, clientProtocol } from "./client-ip.ts";
import type { Config } from "./config.ts";
import { bodyTag, sendVariant, variantsOf } from "./encodings.ts";
import { createImageApp } from "./images.ts";
import { knownHosts } from "./known-hosts.ts";
import { detectLocale } from "./locale-detection.ts";
import { requestIds } from "./log.ts";
import type { OaiHandler } from "./oai.ts";
import { DEGRADED_HEADER, pageCache } from "./page-cache.ts";
import { prerenderedPages } from "./prerendered.ts";
import { renderSlots } from "./render-slots.ts";
import { COMMON_HEADERS, htmlPolicy, securityHeaders, withPagePolicy } from "./security-headers.ts";

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

const MESSAGES_MAX_AGE = 24 * 60 * 60;
/**
 * The largest form a page accepts; a longer post is refused with 413 before it is read. Every
 * field at its maximum length, in three-byte characters, percent-encoded, stays below it.
 */
export const FORM_MAX_BYTES = 128 * 1024;
const READ_METHODS = ["GET", "HEAD"];
const PAGE_METHODS = [...READ_METHODS, "POST"];

/** A method the path does not take: OPTIONS is answered with what it takes, anything else 405 with a page in the path's language. */
function refuseMethod(c: Context, allowed: readonly string[]) {
  c.header("Allow", allowed.join(", "));
  if (c.req.method === "OPTIONS") return c.body(null, 204);
  const locale = localeOfPath(c.req.path);
  return c.html(problemPage(locale, messages[locale].errors.methodNotAllowed, href("home", {}, locale), messages[locale].errors.backHome), 405);
}

/** The build's server entry as the server uses it (app/entry.server.tsx exports `createLoaderContext`). */
function loaderContextEntry(build: ServerBuild): LoaderContextEntry<ApiClient> {
  const entry: object = build.entry.module;
  if (!("createLoaderContext" in entry) || typeof entry.createLoaderContext !== "function") {
    throw new Error("the server build's entry exports no createLoaderContext");
  }
  return entry as LoaderContextEntry<ApiClient>;
}

/** The most bytes of rendered pages one process keeps, every encoding counted (besides its 2 000 pages at most). */
const PAGE_CACHE_MAX_BYTES = 64 * 1024 * 1024;
/**
 * How long a render waits for a slot at most (RENDER_CONCURRENCY run at once, render-slots.ts), and
 * how many wait per slot: about what one slot renders in that second here (a search, 10 to 25 ms),
 * since a longer queue would only make its last renders wait to be refused.
 */
const RENDER_QUEUE = { waitMs: 1000, perSlot: 16 };

/** The root's answer depends on what detectLocale reads (said once, whichever handler answered). */
function varyOnLocale(response: Response) {
  if (!response.headers.get("Vary")?.includes("Accept-Language")) response.headers.append("Vary", "Cookie, Accept-Language");
}

/** The answer to a render refused under overload: a small page in the path's language, to come back in a few seconds. */
function overloaded(path: string): Response {
  const locale = localeOfPath(path);
  const t = messages[locale].errors;
  return new Response(problemPage(locale, t.overloaded, href("home", {}, locale), t.backHome), {
    status: 503,
    headers: { "Content-Type": "text/html; charset=UTF-8", "Cache-Control": "no-store", "Retry-After": String(RETRY_AFTER_SECONDS) },
  });
}

export function createSite({ config, api, forms, apiApp, oai, build, clientDir, ready, revision, usage, editor, contentSync }: SiteOptions) {
  const app = new Hono();
  const mode = config.NODE_ENV === "development" ? "development" : "production";
  const loadBuild = typeof build === "function" ? build : async () => build;
  const productionHandler = typeof build === "function" ? undefined : createRequestHandler(build, mode);

  app.use(requestIds());
  // The hosts a post from this site's own pages comes from: the public one, and the one asked.
  const publicHost = config.PUBLIC_URL ? new URL(config.PUBLIC_URL).host : undefined;
  const ownHosts = (c: Context) => [publicHost, c.req.header("host")].filter((h): h is string => Boolean(h));
  const visitorIp = (c: Context) => {
    let socketAddress: string | undefined;
    try {
      socketAddress = getConnInfo(c).remote.address;
    } catch {
      // Not served from a socket (app.request in tests).
    }
    return clientIp(socketAddress, c.req.header("x-forwarded-for"), config.TRUST_PROXY);
  };
  // Before the page cache: a page it answers is counted too.
  if (usage) app.use(usage.middleware(visitorIp));
  // PAGE_CACHE_SECONDS=0: no in-process cache (a CDN in front keeps the pages).
  const cache =
    mode === "production" && config.PAGE_CACHE_SECONDS > 0
      ? pageCache({
          freshMs: config.PAGE_CACHE_SECONDS * 1000,
          staleMs: PAGE_STALE_MS,
          staleIfErrorMs: PAGE_STALE_IF_ERROR_MS,
          maxEntries: 2000,
          maxBytes: PAGE_CACHE_MAX_BYTES,
          render: (request) => render(request),
          // With PUBLIC_URL every page is built on it, whatever the Host: one copy, which a forged Host cannot push out.
          keyOf: config.PUBLIC_URL ? (url) => pageUrl(url).slice(new URL(url).origin.length) : pageUrl,
          headers: COMMON_HEADERS,
        })
      : undefined;
  // A request for a host this process is not known by is refused before anything builds a URL on it.
  const isKnownHost = knownHosts({ publicUrl: config.PUBLIC_URL, allowed: config.ALLOWED_HOSTS });
  // Behind a proxy that ends TLS, a visitor who came over plain HTTP is sent to the HTTPS site (below).
  const httpsOrigin = config.PUBLIC_URL?.startsWith("https:") ? config.PUBLIC_URL : undefined;
  const cameOverHttp = (c: Context) =>
    httpsOrigin !== undefined && config.TRUST_PROXY > 0 && clientProtocol(c.req.header("x-forwarded-proto"), config.TRUST_PROXY) === "http";
  if (cache) {
    revision.onChange(() => cache.markStale());
    // A kept page is answered here, with its stored bytes and headers, before anything else runs:
    // only pages of known hosts are kept, and never to a visitor to be sent to HTTPS.
    // At the root, only for visitors its locale detection (below) keeps there.
    app.use(async (c, next) => {
      if (cameOverHttp(c)) return next();
      if (c.req.path !== "/") return cache.answerKept(c, next);
      if (config.ROOT_REDIRECT || detectLocale(c) !== "en") return next();
      await cache.answerKept(c, next);
      varyOnLocale(c.res);
    });
  }
  // The build's files, from memory, as early (docs/decisions/026-serving-under-load.md).
  if (clientDir) app.use(buildFiles(clientDir, (c) => cameOverHttp(c) || !isKnownHost(c.req.header("host"), c.req.path)));
  app.use(compress());
  const thirdParties = { analytics: Boolean(config.GA_MEASUREMENT_ID), botCheck: Boolean(forms.botCheck) };
  app.use(securityHeaders(thirdParties));
  app.use(async (c, next) => {
    if (isKnownHost(c.req.header("host"), c.req.path)) return next();
    const locale = localeOfPath(c.req.path);
    return c.html(problemPage(locale, messages[locale].errors.unknownHost, href("home", {}, locale), messages[locale].errors.backHome), 421, {
      "Cache-Control": "no-store",
    });
  });
  // For a load balancer or an orchestrator: the process answers (/healthz), and its content can be read (/readyz).
  app.get("/healthz", (c) => c.json({ status: "ok" }, 200, { "Cache-Control": "no-store" }));
  // An article page's beacon (USAGE_BEACON), counted when it comes from the page itself (its token) and not too often (service/usage/counter.ts).
  if (usage && config.USAGE_BEACON) {
    app.post(BEACON_PATH, bodyLimit({ maxSize: 2048, onError: (c) => c.body(null, 413) }), async (c) => {
      const status = isOwnPost(c.req.raw.headers, ownHosts(c)) ? usage.viewed(c, await c.req.text(), visitorIp) : 403;
      return c.body(null, status, { "Cache-Control": "no-store" });
    });
  }
  app.get("/readyz", async (c) => {
    const isReady = await ready().catch(() => false);
    return c.json({ status: isReady ? "ready" : "unavailable" }, isReady ? 200 : 503, { "Cache-Control": "no-store" });
  });
  if (httpsOrigin) {
    app.use(async (c, next) => {
      if (!cameOverHttp(c)) return next();
      const url = new URL(c.req.url);
      return c.redirect(`${httpsOrigin}${url.pathname}${url.search}`, 301);
    });
  }

  // Country flags for the phone input's country list (country-flag-icons' SVGs).
  app.use(
    "/flags/*",
    serveStatic({
      root: path.relative(process.cwd(), path.join(path.dirname(fileURLToPath(import.meta.resolve("country-flag-icons"))), "3x2")),
      rewriteRequestPath: (p) => p.replace(/^\/flags/, ""),
      onFound: (_path, c) => c.header("Cache-Control", "public, max-age=604800"),
    }),
  );

  // The API is public for reading only. The forms' actions write through it: in this process
  // directly, or from web processes elsewhere (API_URL) that present API_TOKEN.
  if (apiApp) {
    app.on(["GET", "HEAD"], "/api/*", (c) => apiApp.fetch(c.req.raw));
    // Their form actions post the submissions and count the posts against the shared rate limit; they send the uses they counted.
    app.on("POST", ["/api/submissions", "/api/rate-limit", "/api/usage"], async (c, next) => {
      if (config.API_TOKEN && hasBearer(c.req.header("authorization"), config.API_TOKEN)) return apiApp.fetch(c.req.raw);
      await next();
    });
    app.all("/api/*", (c) => {
      const locale = /^\s*tr\b/i.test(c.req.header("accept-language") ?? "") ? "tr" : "en";
      return c.json({ error: "method_not_allowed", message: messages[locale].api.methodNotAllowed }, 405, { Allow: "GET, HEAD" });
    });
  }
  if (contentSync) app.route("/", contentSync);
  // The content editor at /admin/ (EDIT_MODE only), with its own policy.
  if (editor)
    app.route(
      "/",
      editor(async () => (await loadBuild()).assets.routes.root?.css ?? []),
    );
  // Harvesters' requests (GET, or POST with a small form) go to the repository as they are.
  if (oai) {
    app.all("/oai", oaiBodyLimit, (c) => oai(c.req.raw));
  }
  app.route(
    "/",
    createImageApp({
      host: config.IMAGE_HOST,
      localDir: config.IMAGE_DIR ?? path.join(config.CONTENT_DIR, "images"),
      designedCover: (file) => designedCover(api, file),
    }),
  );
  app.route("/", createArticleFilesApp({ api, contentDir: config.CONTENT_DIR }));

  // Each language's messages, compressed once (on first request) and sent with an ETag.
  const messageFile = async (locale: Locale) => {
    const body = new TextEncoder().encode(JSON.stringify(messages[locale]));
    return { variants: await variantsOf(body), etag: `"${bodyTag(body)}"` };
  };
  const messageFiles = new Map<Locale, ReturnType<typeof messageFile>>();
  app.get("/_i18n/:locale/messages.json", async (c) => {
    const locale = c.req.param("locale");
    if (!isLocale(locale)) return c.json({ error: "not_found", message: `Unknown locale '${locale.slice(0, 40)}'.` }, 404);
    let file = messageFiles.get(locale);
    if (!file) {
      file = messageFile(locale);
      messageFiles.set(locale, file);
    }
    const { variants, etag } = await file;
    const cacheable = !config.I18N_NO_CACHE_LOCALES.includes(locale);
    const headers = new Headers({
      "Content-Type": "application/json",
      "Cache-Control": cacheable ? `public, max-age=${MESSAGES_MAX_AGE}` : "no-cache",
      ETag: etag,
      Vary: "Accept-Encoding",
    });
    return sendVariant(c, variants, 200, headers, etag);
  });

  const origin = (url: string) => config.PUBLIC_URL ?? new URL(url).origin;

  app.get("/robots.txt", (c) => c.text(`User-agent: *\nAllow: /\n\nSitemap: ${origin(c.req.url)}${href("sitemap")}\n`));

  app.get("/", async (c, next) => {
    if (config.ROOT_REDIRECT) return c.redirect(config.ROOT_REDIRECT, config.ROOT_REDIRECT_STATUS as 302);
    const locale: Locale = detectLocale(c);
    if (locale === "en") await next();
    else c.res = c.redirect(`/${locale}${new URL(c.req.url).search}`, 302);
    varyOnLocale(c.res);
  });

  const siteConfig: SiteConfig = {
    publicUrl: config.PUBLIC_URL,
    social: {
      facebook: config.SOCIAL_FACEBOOK_URL,
      instagram: config.SOCIAL_INSTAGRAM_URL,
      x: config.SOCIAL_X_URL,
      linkedin: config.SOCIAL_LINKEDIN_URL,
      youtube: config.SOCIAL_YOUTUBE_URL,
    },
    libraryUrl: config.LIBRARY_URL,
    iconApiUrl: config.ICON_API_URL,
    gaMeasurementId: config.GA_MEASUREMENT_ID,
    usageBeacon: config.USAGE_BEACON,
  };
  const renderPage = async (given: Request, visitorIp?: string) => {
    // A page reads only the query parameters its route declares (contract/page-query.ts). A URL
    // whose screen finds nothing is answered with its full path, as it was asked for (specification §8).
    const url = given.method === "GET" || given.method === "HEAD" ? pageUrl(given.url) : given.url;
    if (url === given.url) return renderRequest(given, visitorIp);
    const response = await renderRequest(new Request(url, { method: given.method, headers: given.headers, signal: given.signal }), visitorIp);
    if (response.status !== 404) return response;
    await response.body?.cancel();
    return renderRequest(given, visitorIp);
  };
  const renderRequest = async (request: Request, visitorIp?: string) => {
    const serverBuild = await loadBuild();
    // A page some of whose content could not be read is sent, but kept by no cache (page-cache.ts).
    let degraded = false;
    const observedApi = api.observed(() => {
      degraded = true;
    });
    // The build makes the context with its own keys, so its loaders find the values.
    const context = loaderContextEntry(serverBuild).createLoaderContext({
      api: observedApi,
      siteConfig,
      forms,
      clientIp: visitorIp,
      revision: revision.current,
    });
    const handle = productionHandler ?? createRequestHandler(serverBuild, mode);
    // The page's policy is computed here, once per render, so the page cache keeps it with the page.
    const response = await withPagePolicy(await handle(request, context), thirdParties);
    if (degraded) {
      response.headers.set("Cache-Control", "no-store");
      response.headers.set(DEGRADED_HEADER, "1");
    }
    if (response.status === 503) response.headers.set("Retry-After", String(RETRY_AFTER_SECONDS));
    return response;
  };

  // Pages the build prerendered (PRERENDER_PATHS) are answered as built, for those paths only.
  const prerendered = mode === "production" ? prerenderedPages(config.PRERENDER_DIR, (html) => htmlPolicy(html, thirdParties)) : undefined;
  if (prerendered) app.use("*", prerendered);

  // Renders are bounded (render-slots.ts); a form's post is never refused for that.
  const slots = renderSlots({
    max: config.RENDER_CONCURRENCY,
    queueMax: RENDER_QUEUE.perSlot * config.RENDER_CONCURRENCY,
    waitMs: RENDER_QUEUE.waitMs,
  });
  const render = async (request: Request, visitorIp?: string) =>
    request.method === "POST"
      ? renderPage(request, visitorIp)
      : ((await slots.run(() => renderPage(request, visitorIp))) ?? overloaded(new URL(request.url).pathname));
  if (cache) app.use("*", cache.middleware);
  // Pages are read (GET, HEAD); a form's screen also takes its form (POST), from our own pages only.
  // Anything else is answered here, before React Router and before a body is read.
  app.use(async (c, next) => {
    const method = c.req.method;
    if (method === "GET" || method === "HEAD") return next();
    if (method !== "POST") return refuseMethod(c, PAGE_METHODS);
    if (!whichRoute(c.req.url, formScreenIds)) return refuseMethod(c, READ_METHODS);
    if (isOwnPost(c.req.raw.headers, ownHosts(c))) return next();
    const locale = localeOfPath(c.req.path);
    return c.html(
      problemPage(locale, messages[locale].forms.problems.crossSite, pagePath(c.req.url), messages[locale].forms.problems.backToForm),
      403,
    );
  });
  // Form posts: refused with 413 beyond FORM_MAX_BYTES, before anything reads them.
  app.post(
    "*",
    bodyLimit({
      maxSize: FORM_MAX_BYTES,
      onError: (c) => {
        const locale = localeOfPath(c.req.path);
        return c.html(
          problemPage(locale, messages[locale].forms.problems.tooLarge, pagePath(c.req.url), messages[locale].forms.problems.backToForm),
          413,
        );
      },
    }),
  );
  app.all("*", (c) => render(c.req.raw, visitorIp(c)));

  // A failure no handler answered itself:
  // a 503 asking to come back when the content is away, a 500 otherwise; never a stack trace.
  app.onError((error, c) => {
    // The client went away mid-request (a cut-off post): nobody reads the answer; log.ts logs it as that.
    if (c.req.raw.signal.aborted) return new Response(null, { status: 499 });
    const unavailable = isContentUnavailable(error) || isDatabaseUnavailable(error);
    if (unavailable) console.warn(`${c.req.method} ${c.req.path}: content unavailable: ${error.message}`);
    else console.error(`${c.req.method} ${c.req.path} failed:`, error);
    const locale = localeOfPath(c.req.path);
    const t = messages[locale].errors;
    const page = problemPage(locale, unavailable ? t.unavailable : t.serverError, href("home", {}, locale), t.backHome);
    return c.html(page, unavailable ? 503 : 500, { "Cache-Control": "no-store", ...(unavailable && { "Retry-After": String(RETRY_AFTER_SECONDS) }) });
  });

  return app;
}
