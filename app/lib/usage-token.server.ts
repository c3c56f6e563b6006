/**
 * The token an article's page carries for its usage beacon (USAGE_BEACON): made by the page's
 * loader on every load, outside what the loader keeps per content revision, since it names the
 * minute it was made (service/usage/beacon-token.ts). None without the setting: the page then sends
 * no beacon, and the server counts the page's requests themselves.
 */
import type { RouterContextProvider } from "react-router";
import { type BeaconArticle, beaconToken } from "../../service/usage/beacon-token.ts";
import { formsContext, siteConfigContext } from "../context.server.ts";

export function usageToken(context: Readonly<RouterContextProvider>, article: BeaconArticle): string | undefined {
  if (!context.get(siteConfigContext).usageBeacon) return undefined;
  return beaconToken(context.get(formsContext).secret, article);
}
