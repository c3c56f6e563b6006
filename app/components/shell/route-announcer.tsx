import { useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import { format, useMessages } from "../../i18n.ts";

/**
 * After a client-side navigation to another page, what a full page load gives for free: focus at
 * the new page's main heading (its `h1`, focusable with tabIndex -1), so the keyboard and the
 * screen reader start there and not on the link that led away, and the page's title said in a
 * polite live region. Not on the first load, which the browser announces itself, and not when
 * only the query changes: a list's filters and pages keep their focus and scroll. Rendered after
 * the header, so that a menu closing on navigation (returning focus to its button) goes first.
 */
export function RouteAnnouncer() {
  const t = useMessages();
  const { pathname } = useLocation();
  const shown = useRef(pathname);
  const [announcement, setAnnouncement] = useState("");

  useEffect(() => {
    if (pathname === shown.current) return;
    shown.current = pathname;
    document.querySelector<HTMLElement>("main h1")?.focus({ preventScroll: true });
    setAnnouncement(format(t.site.pageLoaded, { title: document.title }));
  }, [pathname, t.site.pageLoaded]);

  return (
    <div aria-live="polite" aria-atomic="true" className="sr-only">
      {announcement}
    </div>
  );
}
