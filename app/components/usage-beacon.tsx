/**
 * Where a CDN answers the pages (USAGE_BEACON), an article's page tells the server it was shown,
 * once per page view: its path, sent with `navigator.sendBeacon` (no cookie, no third party). The
 * server counts it as it would have counted the request (server/usage-counter.ts). Without the
 * setting, nothing is sent: the server counts the requests themselves.
 */
import { useEffect } from "react";
import { useLocation, useRouteLoaderData } from "react-router";
import { BEACON_PATH } from "../../contract/usage-beacon.ts";
import type { loader } from "../root.tsx";

export function UsageBeacon() {
  const enabled = useRouteLoaderData<typeof loader>("root")?.usageBeacon;
  const { pathname } = useLocation();
  useEffect(() => {
    if (enabled) navigator.sendBeacon(BEACON_PATH, pathname);
  }, [enabled, pathname]);
  return null;
}
