/**
 * The site's fonts from a visitor's second page on (decision 030). A first page is drawn in the
 * fallbacks fitted to the fonts' metrics, and fetches no font before it has loaded: on a phone's
 * first visit the font files delayed the largest paint by a second. Once the page has loaded and
 * prefetched the next pages' files, the upright faces are fetched while the browser is idle
 * (cached for a year; not on a connection that saves data, which prefetches nothing), and the next page,
 * whether opened in the app or loaded anew, is set in them from its first paint:
 * `html.fonts` puts the fonts at the head of the stacks (scripts/fonts.ts).
 */
import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { afterIdle, firstPagePrefetched } from "../idle-prefetch.tsx";

const FETCHED = "meridian:fonts";
const FAMILIES = new Set(["Source Sans 3", "Vollkorn"]);

/** For the document's head, before the stylesheet is applied: a visitor who has the files reads this page in them. */
export const WEB_FONTS_SCRIPT = `try{localStorage.getItem("${FETCHED}")&&document.documentElement.classList.add("fonts")}catch(e){}`;

export function WebFonts() {
  const { pathname } = useLocation();
  const fetched = useRef(false);
  const shown = useRef(pathname);

  useEffect(() => {
    if (document.documentElement.classList.contains("fonts")) return;
    const fetchFaces = () => {
      const faces = [...document.fonts].filter((face) => face.style === "normal" && FAMILIES.has(face.family.replaceAll('"', "")));
      Promise.all(faces.map((face) => face.load())).then(
        () => {
          fetched.current = true;
          try {
            localStorage.setItem(FETCHED, "1");
          } catch {
            // Storage refused (a private window's quota): the pages opened in the app still get the fonts.
          }
        },
        () => {},
      );
    };
    // After the first page's idle prefetching (the next page's data and code come first), when idle.
    let cancelled = false;
    firstPagePrefetched.then(() => afterIdle(() => cancelled || fetchFaces()));
    return () => {
      cancelled = true;
    };
  }, []);

  // Not on the page being read (its text would move): on the next one, as it replaces this.
  useEffect(() => {
    if (pathname === shown.current) return;
    shown.current = pathname;
    if (fetched.current) document.documentElement.classList.add("fonts");
  }, [pathname]);

  return null;
}
