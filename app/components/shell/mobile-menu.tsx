import { useEffect } from "react";
import { useMessages } from "../../i18n.ts";
import { NavLink } from "../link.tsx";
import { containFocus } from "./contain-focus.ts";
import { LanguageLinks } from "./language-menu.tsx";
import { useDisclosure } from "./use-disclosure.ts";

/** Tailwind's `lg`, from which the header shows its links and the menu button is gone. */
const WIDE = "(width >= 64rem)";

/** Below the large breakpoint: a menu button opening the header's links and the language buttons (with or without JavaScript). */
export function MobileMenu({ links }: { links: { to: string; label: string; end: boolean }[] }) {
  const t = useMessages();
  const { open, close, button, panel, buttonProps, panelProps } = useDisclosure();

  // The page behind neither scrolls nor takes focus while the menu covers it: Tab goes round the
  // menu and its button. Both end as the menu starts closing (beforetoggle), before focus moves on:
  // after a navigation, to the new page's heading, which an inert page would refuse.
  useEffect(() => {
    const menu = panel.current;
    if (!open || !button.current || !menu) return;
    const previous = document.body.style.overflow;
    document.body.style.overflow = "hidden";
    const release = containFocus([button.current, menu]);
    const end = () => {
      document.body.style.overflow = previous;
      release();
    };
    const endOnClosing = (event: ToggleEvent) => {
      if (event.newState === "closed") end();
    };
    menu.addEventListener("beforetoggle", endOnClosing);
    // Past the breakpoint (a tablet turned, a window widened) the button is hidden: so is the menu.
    const wide = matchMedia(WIDE);
    const closeWhenWide = () => {
      if (wide.matches) close();
    };
    wide.addEventListener("change", closeWhenWide);
    return () => {
      menu.removeEventListener("beforetoggle", endOnClosing);
      wide.removeEventListener("change", closeWhenWide);
      end();
    };
  }, [open, close, button, panel]);

  return (
    <>
      <button {...buttonProps} className="btn-ghost inline-flex items-center gap-2">
        <svg viewBox="0 0 24 24" className="h-5 w-5" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2">
          {open ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
        </svg>
        {/* On the narrowest phones only the icon shows; the name stays for assistive technology. */}
        <span className="max-[380px]:sr-only">{t.menu.mobile}</span>
      </button>
      {/* A popover: the browser's own sizing (fit-content) is replaced by the space under the header. */}
      <div {...panelProps} className="fixed inset-x-0 top-18 bottom-0 h-auto w-auto overflow-y-auto border-t border-stone-200 bg-white">
        <nav aria-label={t.nav.label} className="page py-4">
          <ul className="grid gap-1">
            {links.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} end={link.end} className="nav-link block text-base">
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <ul aria-label={t.language.label} className="page flex gap-2 border-t border-stone-100 py-4">
          <LanguageLinks className="btn-secondary aria-[current]:border-orange-700 aria-[current]:text-orange-800" />
        </ul>
      </div>
    </>
  );
}
