/**
 * Google Analytics 4, only when GA_MEASUREMENT_ID is set: the tag, and one page view per
 * navigation. The tag's own page view is turned off because it fires only when a document loads,
 * and most navigations here are client-side; this sends one per page, the first included.
 */
import { useEffect, useRef } from "react";
import { useLocation, useRouteLoaderData } from "react-router";
import { useLocale } from "../i18n.ts";
import { useExternalScript } from "../lib/external-script.ts";
import type { loader } from "../root.tsx";

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

/** Google's gtag(): queues a command for the tag, which works through the queue once it loads. */
function gtag(..._command: unknown[]) {
  window.dataLayer ??= [];
  // biome-ignore lint/complexity/noArguments: the tag reads arguments objects from the queue, not arrays
  window.dataLayer.push(arguments);
}

export function Analytics() {
  const measurementId = useRouteLoaderData<typeof loader>("root")?.gaMeasurementId;
  const { pathname, search } = useLocation();
  const locale = useLocale();
  // The page last counted: a hash change or a revalidation of the same page is not a page view.
  const counted = useRef<string>(undefined);
  useExternalScript(measurementId && `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(measurementId)}`);

  useEffect(() => {
    if (!measurementId) return;
    gtag("js", new Date());
    gtag("config", measurementId, { send_page_view: false });
  }, [measurementId]);

  useEffect(() => {
    const page = pathname + search;
    if (!measurementId || counted.current === page) return;
    counted.current = page;
    // Runs after the new page has been committed, so document.title is already its own.
    gtag("event", "page_view", { page_location: window.location.href, page_path: page, page_title: document.title, language: locale });
  }, [measurementId, pathname, search, locale]);

  return null;
}
