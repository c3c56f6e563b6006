/**
 * Values the server hands every loader. The keys are exported by entry.server so the server
 * uses these very objects (it loads the build separately from its own sources).
 */
import { createContext } from "react-router";
import type { ApiClient } from "../service/api/client.ts";
import type { BotCheckConfig } from "./lib/forms/bot-check.server.ts";
import type { RateLimiter } from "./lib/forms/rate-limit.server.ts";

export const apiContext = createContext<ApiClient>();

export const socialNetworks = ["facebook", "instagram", "x", "linkedin", "youtube"] as const;

/** The configuration the loaders need, validated at start (server/config.ts). */
export interface SiteConfig {
  /** The site's public origin, for canonical and hreflang URLs; the request's when unset. */
  publicUrl?: string;
  social: Record<(typeof socialNetworks)[number], string>;
  libraryUrl: string;
  /** Where icons not installed locally are fetched from (Iconify's API), if anywhere. */
  iconApiUrl?: string;
  /** Google Analytics 4: when set, the tag loads and every navigation sends a page view. */
  gaMeasurementId?: string;
}
export const siteConfigContext = createContext<SiteConfig>();

/** What the form pages and their actions need (server/config.ts validates the values). */
export interface FormsConfig {
  /** Signs the form tokens (FORM_SECRET, or a random one per process). */
  secret: string;
  minFillMs: number;
  rateLimiter: RateLimiter;
  botCheck?: BotCheckConfig;
  ipCountryUrl?: string;
}
export const formsContext = createContext<FormsConfig>();

/** The content's revision as this process follows it: what is kept across requests (the sitemap index) is built again when it moves. */
export const revisionContext = createContext<() => number>();

/** Per request: the visitor's address (the socket's, or the proxy's report with TRUST_PROXY). */
export const clientIpContext = createContext<string | undefined>();
