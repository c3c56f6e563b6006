/**
 * The one web process: static assets, the content API, messages, sitemap and robots, the
 * root's locale detection, then every page through React Router.
 */
import { readdirSync } from "node:fs";
import { serveStatic } from "@hono/node-server/serve-static";
import { Hono } from "hono";
import { compress } from "hono/compress";
import { createRequestHandler, RouterContextProvider, type ServerBuild } from "react-router";
import type { SiteConfig } from "../app/context.ts";
import type { ApiClient } from "../app/lib/api-client.server.ts";
import { isLocale, type Locale } from "../i18n/locales.ts";
import { messages } from "../i18n/messages/index.ts";
import { cached } from "../service/api/cached.ts";
import type { Config } from "./config.ts";
import { createImageApp } from "./images.ts";
import { detectLocale } from "./locale-detection.ts";
import { pageCache } from "./page-cache.ts";
import { renderSitemap } from "./sitemap.ts";

export interface SiteOptions {
  config: Config;
  api: ApiClient;
  /** The content API, mounted at /api (absent when it runs as its own service). */
  apiApp?: { fetch: (request: Request) => Response | Promise<Response> };
  /** The React Router server build, or a function that loads it per request (development). */
  build: ServerBuild | (() => Promise<ServerBuild>);
  /** Where the built browser assets are (production only). */
  clientDir?: string;
}

const MESSAGES_MAX_AGE = 24 * 60 * 60;
/** A rendered page is reused for 10 s, then served stale for up to a minute while it renders again. */
export const PAGE_FRESH_MS = 10_000;
export const PAGE_STALE_MS = 60_000;
const SITEMAP_TTL_MS = 10 * 60_000;

export function createSite({ config, api, apiApp, build, clientDir }: SiteOptions) {
  const app = new Hono();
  const mode = config.NODE_ENV === "development" ? "development" : "production";
  const loadBuild = typeof build === "function" ? build : async () => build;
  const productionHandler = typeof build === "function" ? undefined : createRequestHandler(build, mode);

  app.use(compress());

  if (clientDir) {
    app.use(
      "/assets/*",
      serveStatic({
        root: clientDir,
        onFound: (_path, c) => c.header("Cache-Control", "public, max-age=31536000, immutable"),
      }),
    );
    // Only the files the build holds, so a page request never costs a file-system lookup.
    const publicFiles = serveStatic({ root: clientDir, onFound: (_path, c) => c.header("Cache-Control", "public, max-age=3600") });
    for (const entry of readdirSync(clientDir, { withFileTypes: true })) {
      if (entry.name !== "assets" && !entry.name.startsWith(".")) app.use(entry.isDirectory() ? `/${entry.name}/*` : `/${entry.name}`, publicFiles);
    }
  }

  if (apiApp) app.all("/api/*", (c) => apiApp.fetch(c.req.raw));
  app.route("/", createImageApp({ host: config.IMAGE_HOST, localDir: config.IMAGE_DIR }));

  app.get("/_i18n/:locale/messages.json", (c) => {
    const locale = c.req.param("locale");
    if (!isLocale(locale)) return c.json({ error: "not_found", message: `Unknown locale '${locale.slice(0, 40)}'.` }, 404);
    const cacheable = !config.I18N_NO_CACHE_LOCALES.includes(locale);
    c.header("Cache-Control", cacheable ? `public, max-age=${MESSAGES_MAX_AGE}` : "no-cache");
    return c.json(messages[locale]);
  });

  const origin = (url: string) => config.PUBLIC_URL ?? new URL(url).origin;

  app.get("/robots.txt", (c) => c.text(`User-agent: *\nAllow: /\n\nSitemap: ${origin(c.req.url)}/sitemap.xml\n`));

  // The sitemap walks every journal's issues: built once per origin and kept for ten minutes.
  const sitemaps = new Map<string, () => Promise<string>>();
  app.get("/sitemap.xml", async (c) => {
    const site = origin(c.req.url);
    let sitemap = sitemaps.get(site);
    if (!sitemap) {
      sitemap = cached(SITEMAP_TTL_MS, () => renderSitemap(api, site));
      if (sitemaps.size < 8) sitemaps.set(site, sitemap);
    }
    c.header("Content-Type", "application/xml; charset=utf-8");
    return c.body(await sitemap());
  });

  app.get("/", async (c, next) => {
    if (config.ROOT_REDIRECT) return c.redirect(config.ROOT_REDIRECT, config.ROOT_REDIRECT_STATUS as 302);
    c.header("Vary", "Cookie, Accept-Language");
    const locale: Locale = detectLocale(c);
    if (locale !== "en") return c.redirect(`/${locale}${new URL(c.req.url).search}`, 302);
    await next();
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
  };
  const renderPage = async (request: Request) => {
    const serverBuild = await loadBuild();
    // The context keys are the build's own objects (exported by entry.server), so loaders find them.
    const keys = serverBuild.entry.module as unknown as Record<"apiContext" | "siteConfigContext", Parameters<RouterContextProvider["set"]>[0]>;
    const context = new RouterContextProvider();
    context.set(keys.apiContext, api);
    context.set(keys.siteConfigContext, siteConfig);
    const handle = productionHandler ?? createRequestHandler(serverBuild, mode);
    return handle(request, context);
  };

  if (mode === "production") {
    app.use("*", pageCache({ freshMs: PAGE_FRESH_MS, staleMs: PAGE_STALE_MS, maxEntries: 2000, render: renderPage }));
  }
  app.all("*", (c) => renderPage(c.req.raw));

  return app;
}
