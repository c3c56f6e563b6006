/**
 * Where a CDN answers the pages (USAGE_BEACON), an article's page tells the server it was shown,
 * once per page view: its path and the token its loader made (app/lib/usage-token.server.ts), sent
 * with `navigator.sendBeacon` (no cookie, no third party). The server counts it as it would have
 * counted the request, if it comes from this page (service/usage/counter.ts). Without the setting
 * the loader makes no token and nothing is sent: the server counts the requests themselves.
 */
import { useEffect } from "react";
import { useLocation } from "react-router";
import { BEACON_PATH, beaconBody } from "../../contract/usage-beacon.ts";

export function UsageBeacon({ token }: { token: string | undefined }) {
  const { pathname } = useLocation();
  useEffect(() => {
    if (token) navigator.sendBeacon(BEACON_PATH, beaconBody(pathname, token));
  }, [pathname, token]);
  return null;
}
