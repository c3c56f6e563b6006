/**
 * Once the server runs another build than this page's, the next navigation loads a whole document,
 * with the new build's code (spec §4): the page fetches its own build's meta file about a second
 * after it is idle, and asks which build is the latest every hour.
 *
 * - Links and navigate(): React Router's navigation is blocked and the target loaded instead.
 * - Back and forward: the address is already the target when React Router hears of it; the page
 *   is reloaded there, which keeps the history as it is.
 * - Forms post to their own page (changesDocument), so a submission goes ahead as usual and its
 *   answer is shown; the navigation after it is the full load.
 */
import { useCallback, useEffect, useRef } from "react";
import { type BlockerFunction, createPath, useBlocker, useLocation } from "react-router";
import { BUILD_CHECK_INTERVAL_MS, buildMetaGone, changesDocument, latestBuildDiffers, META_DELAY_MS } from "./build-updates.ts";

/** This build's id, defined by scripts/build-identity.ts. */
declare const __BUILD_ID__: string;

const whenIdle = (run: () => void) => (typeof window.requestIdleCallback === "function" ? window.requestIdleCallback(run) : setTimeout(run, 0));

export function useBuildUpdates() {
  // A ref, not state: the blocker reads it at the moment a navigation starts.
  const stale = useRef(false);
  const location = useLocation();
  const shown = useRef(location);

  useEffect(() => {
    shown.current = location;
  }, [location]);

  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation, historyAction }) => stale.current && historyAction !== "POP" && changesDocument(currentLocation, nextLocation),
    [],
  );
  const blocker = useBlocker(shouldBlock);
  useEffect(() => {
    if (blocker.state === "blocked") window.location.assign(createPath(blocker.location));
  }, [blocker]);

  useEffect(() => {
    if (import.meta.env.DEV) return;
    const markStale = (isStale: boolean) => {
      if (!isStale || stale.current) return;
      stale.current = true;
      clearInterval(poll);
      console.info("A newer version of the site is deployed: the next page opened loads it.");
    };
    let metaTimer: ReturnType<typeof setTimeout> | undefined;
    whenIdle(() => {
      metaTimer = setTimeout(() => buildMetaGone(__BUILD_ID__).then(markStale), META_DELAY_MS);
    });
    const poll = setInterval(() => latestBuildDiffers(__BUILD_ID__).then(markStale), BUILD_CHECK_INTERVAL_MS);
    const onPopState = () => {
      if (stale.current && changesDocument(shown.current, window.location)) window.location.reload();
    };
    window.addEventListener("popstate", onPopState);
    return () => {
      clearTimeout(metaTimer);
      clearInterval(poll);
      window.removeEventListener("popstate", onPopState);
    };
  }, []);
}
