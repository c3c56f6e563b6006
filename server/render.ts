/**
 * Pages rendered by the React Router build: the build's loaders get the values the server makes
 * (the API client, the site's configuration, the forms' settings), each page its
 * Content-Security-Policy once (so the page cache keeps it with the page), and renders are bounded
 * (render-slots.ts): past the queue a small 503 page, never for a form's post.
 */
import { createRequestHandler, type ServerBuild } from "react-router";
import { pageUrl } from "../contract/page-query.ts";
import type { FormsConfig, LoaderContextEntry, SiteConfig } from "../contract/site-context.ts";
import type { ApiClient } from "../service/api/client.ts";
import type { RevisionFollower } from "../service/api/revision.ts";
import { RETRY_AFTER_SECONDS } from "../service/db/unavailable.ts";
import type { Config } from "./config.ts";
import { DEGRADED_HEADER } from "./page-cache.ts";
import { problemAnswer } from "./problem.ts";
import { renderSlots } from "./render-slots.ts";
import { type ThirdParties, withPagePolicy } from "./security-headers.ts";

/**
 * How long a render waits for a slot at most (RENDER_CONCURRENCY run at once), and how many wait
 * per slot: about what one slot renders in that second here (a search, 10 to 25 ms), since a
 * longer queue would only make its last renders wait to be refused.
 */
const RENDER_QUEUE = { waitMs: 1000, perSlot: 16 };

export interface RendererOptions {
  config: Config;
  api: ApiClient;
  forms: FormsConfig;
  /** The React Router server build, or a function that loads it per request (development). */
  build: ServerBuild | (() => Promise<ServerBuild>);
  revision: RevisionFollower;
  thirdParties: ThirdParties;
}

export type Render = (request: Request, visitorIp?: string) => Promise<Response>;

/** The build's server entry as the server uses it (app/entry.server.tsx exports `createLoaderContext`). */
function loaderContextEntry(build: ServerBuild): LoaderContextEntry<ApiClient> {
  const entry: object = build.entry.module;
  if (!("createLoaderContext" in entry) || typeof entry.createLoaderContext !== "function") {
    throw new Error("the server build's entry exports no createLoaderContext");
  }
  return entry as LoaderContextEntry<ApiClient>;
}

const siteConfigOf = (config: Config): SiteConfig => ({
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
});

export function pageRenderer({ config, api, forms, build, revision, thirdParties }: RendererOptions) {
  const mode: "development" | "production" = config.NODE_ENV === "development" ? "development" : "production";
  const loadBuild = typeof build === "function" ? build : async () => build;
  const productionHandler = typeof build === "function" ? undefined : createRequestHandler(build, mode);
  const siteConfig = siteConfigOf(config);

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
    const response = await withPagePolicy(await handle(request, context), thirdParties);
    if (degraded) {
      response.headers.set("Cache-Control", "no-store");
      response.headers.set(DEGRADED_HEADER, "1");
    }
    if (response.status === 503) response.headers.set("Retry-After", String(RETRY_AFTER_SECONDS));
    return response;
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

  const slots = renderSlots({
    max: config.RENDER_CONCURRENCY,
    queueMax: RENDER_QUEUE.perSlot * config.RENDER_CONCURRENCY,
    waitMs: RENDER_QUEUE.waitMs,
  });
  const overloaded = (url: string) =>
    problemAnswer(url, 503, (t) => t.errors.overloaded, { headers: { "Cache-Control": "no-store", "Retry-After": String(RETRY_AFTER_SECONDS) } });
  const render: Render = async (request, visitorIp) =>
    request.method === "POST" ? renderPage(request, visitorIp) : ((await slots.run(() => renderPage(request, visitorIp))) ?? overloaded(request.url));

  return {
    mode,
    render,
    /** The site's stylesheets, for the editor's previews. */
    stylesheets: async () => (await loadBuild()).assets.routes.root?.css ?? [],
  };
}
