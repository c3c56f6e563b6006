import { useEffect, useRef } from "react";
import { type HeadingLevel, headingsFrom } from "../lib/heading-level.ts";
import { useSafeNavigate } from "../lib/safe-navigate.ts";

/**
 * Sanitized HTML from the content service (sanitized on import: service/content/markdown.ts, decision 049). A plain
 * click on one of its links goes through the app's navigate helper: a page of this site opens
 * in the app, as the site's own links do; anything else loads as a document; a script URL that
 * got into the markup anyway is refused with an error. Clicks with a modifier key are the browser's.
 * `headingLevel`: the level its top headings take (2 by default; 3 under a page's `h2`).
 */
export function RichText({ html, className = "", headingLevel = 2 }: { html: string; className?: string; headingLevel?: HeadingLevel }) {
  const container = useRef<HTMLDivElement>(null);
  const navigate = useSafeNavigate();

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const follow = (event: MouseEvent) => {
      const anchor = event.target instanceof Element ? event.target.closest("a[href]") : null;
      if (!(anchor instanceof HTMLAnchorElement) || event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      if ((anchor.target && anchor.target !== "_self") || anchor.hasAttribute("download")) return;
      event.preventDefault();
      try {
        navigate(anchor.getAttribute("href") ?? "", { external: true });
      } catch (error) {
        console.error(error);
      }
    };
    element.addEventListener("click", follow);
    return () => element.removeEventListener("click", follow);
  }, [navigate]);

  // biome-ignore lint/security/noDangerouslySetInnerHtml: the content service sends sanitized HTML only.
  return <div ref={container} className={`rich-text ${className}`} dangerouslySetInnerHTML={{ __html: headingsFrom(html, headingLevel) }} />;
}
