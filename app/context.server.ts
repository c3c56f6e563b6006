/**
 * Values the server hands every loader (contract/site-context.ts). The server runs the build, not
 * these sources: it asks the build's entry (entry.server.tsx exports `createLoaderContext`) to make
 * each request's context, so the loaders find their values under these very keys.
 */
import { createContext, RouterContextProvider } from "react-router";
import type { FormsConfig, LoaderValues, SiteConfig } from "../contract/site-context.ts";
import type { ApiClient } from "../service/api/client.ts";

export const apiContext = createContext<ApiClient>();
export const siteConfigContext = createContext<SiteConfig>();
export const formsContext = createContext<FormsConfig>();
/** Per request: the visitor's address (the socket's, or the proxy's report with TRUST_PROXY). */
export const clientIpContext = createContext<string | undefined>();
/** The content's revision as this process follows it: what is kept across requests (the sitemap index) is built again when it moves. */
export const revisionContext = createContext<() => number>();

/** One request's context for the loaders. */
export function createLoaderContext({ api, siteConfig, forms, clientIp, revision }: LoaderValues<ApiClient>): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(apiContext, api);
  context.set(siteConfigContext, siteConfig);
  context.set(formsContext, forms);
  context.set(clientIpContext, clientIp);
  context.set(revisionContext, revision);
  return context;
}
