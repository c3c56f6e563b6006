/**
 * The page's schema.org JSON-LD (page-structured-data.tsx builds it). The server writes it with
 * the page. The browser is not sent the code that builds it with the page (decision 027): it is
 * for crawlers, which read each page's document. Hydration keeps the document's scripts while
 * the page first loaded is shown; once another page is opened in the app, the builder is loaded
 * and describes that page, as the server would.
 */
import { lazy, type ReactNode, Suspense, useEffect, useRef, useState } from "react";
import { useLocation, useNavigation } from "react-router";
import { JsonLdScripts, LD_JSON } from "./json-ld.tsx";

// The server has the builder at hand (a constant condition: the browser's build has no import here).
const server = import.meta.env.SSR ? await import("./page-structured-data.tsx") : undefined;
let builder: Promise<{ default: () => ReactNode }> | undefined;
// JSON-LD is no part of what the visitor sees: a builder that does not load leaves the page without it.
const loadBuilder = () => (builder ??= import("./page-structured-data.tsx").catch(() => ({ default: () => null })));
const PageStructuredData = lazy(loadBuilder);

export function StructuredData() {
  if (server) return <server.default />;
  return <HydratedStructuredData />;
}

function HydratedStructuredData() {
  const { key } = useLocation();
  const firstKey = useRef(key).current;
  // Fetched as the first navigation starts, so that it is usually there when the new page is.
  const navigating = useNavigation().state !== "idle";
  useEffect(() => {
    if (navigating) loadBuilder();
  }, [navigating]);
  // The scripts the server wrote, read once from the document.
  const [texts] = useState(() => [...document.querySelectorAll(`script[type="${LD_JSON}"]`)].map((script) => script.textContent ?? ""));
  if (key === firstKey) return <JsonLdScripts texts={texts} />;
  return (
    <Suspense fallback={null}>
      <PageStructuredData />
    </Suspense>
  );
}
