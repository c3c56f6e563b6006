/**
 * Values the server hands every loader. The keys are exported by entry.server so the server
 * uses these very objects (it loads the build separately from its own sources).
 */
import { createContext } from "react-router";
import type { ApiClient } from "./lib/api-client.server.ts";

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
}
export const siteConfigContext = createContext<SiteConfig>();
