/**
 * What the server hands the loaders of every request: the configuration they need (validated at
 * start, server/config.ts), what the forms need, the visitor's address and the content's revision.
 * Plain types on the ground floor, so that the server, which runs the build, never imports the
 * app's sources: the build's server entry makes the loaders' context from these values with its
 * own keys (`createLoaderContext`, app/context.server.ts).
 */
import type { RouterContextProvider } from "react-router";

export const socialNetworks = ["facebook", "instagram", "x", "linkedin", "youtube"] as const;

/** The configuration the loaders need. */
export interface SiteConfig {
  /** The site's public origin, for canonical and hreflang URLs; the request's when unset. */
  publicUrl?: string;
  social: Record<(typeof socialNetworks)[number], string>;
  libraryUrl: string;
  /** Where icons not installed locally are fetched from (Iconify's API), if anywhere. */
  iconApiUrl?: string;
  /** Google Analytics 4: when set, the tag loads and every navigation sends a page view. */
  gaMeasurementId?: string;
  /** Whether an article's page tells the server it was viewed (USAGE_BEACON: a CDN answers the pages). */
  usageBeacon: boolean;
}

/**
 * A per-client limit on form posts (server/rate-limiter.ts). When it cannot count, the post is
 * refused (`uncounted`: the visitor is asked to try again in a moment).
 */
export interface RateLimiter {
  /** Counts one post; `retryAfterMs` is how long until the next would be allowed (0 when this one was). */
  hit(client: string): Promise<{ allowed: boolean; retryAfterMs: number; uncounted?: true }>;
}

/** The bot check (reCAPTCHA v3): its keys, where its tokens are verified, the lowest score passed. */
export interface BotCheckConfig {
  siteKey: string;
  secret: string;
  verifyUrl: string;
  minScore: number;
}

/** What the form pages and their actions need. */
export interface FormsConfig {
  /** Signs the form tokens (FORM_SECRET, or a random one per process). */
  secret: string;
  minFillMs: number;
  rateLimiter: RateLimiter;
  botCheck?: BotCheckConfig;
  ipCountryUrl?: string;
}

/** The values of one request's loaders; `Api` is the content API's client (service/api/client.ts). */
export interface LoaderValues<Api> {
  api: Api;
  siteConfig: SiteConfig;
  forms: FormsConfig;
  /** The visitor's address (the socket's, or the proxy's report with TRUST_PROXY). */
  clientIp: string | undefined;
  /** The content's revision as this process follows it: what is kept across requests (the sitemap index) is built again when it moves. */
  revision: () => number;
}

/** What the build's server entry exports for the server besides the renderer. */
export interface LoaderContextEntry<Api> {
  createLoaderContext(values: LoaderValues<Api>): RouterContextProvider;
}
