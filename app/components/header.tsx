import { href } from "../../contract/route-table.ts";
import { useLocale, useMessages } from "../i18n.ts";
import { useInitial } from "../lib/initial.ts";
import { Link, NavLink } from "./link.tsx";
import { Logo } from "./logo.tsx";
import { headerLinks } from "./nav-links.ts";
import { SearchForm, SearchIcon } from "./search-form.tsx";
import { LanguageMenu } from "./shell/language-menu.tsx";
import { MegaMenu } from "./shell/mega-menu.tsx";
import { MobileMenu } from "./shell/mobile-menu.tsx";

/** The Services panel may be wide; the Policies panel keeps the mega menu's default width. */
const SERVICES_PANEL_WIDTH = 1200;
const PANEL_COLUMNS = 3;

export function Header() {
  const t = useMessages();
  const locale = useLocale();
  const { services, policies } = useInitial();
  // The two panels differ only in their items, their all-items label and the Services width.
  const panels = {
    services: { allLabel: t.menu.allServices, items: services, width: SERVICES_PANEL_WIDTH, maxWidth: SERVICES_PANEL_WIDTH },
    policies: { allLabel: t.menu.allPolicies, items: policies },
  };
  const links = headerLinks.map((link) => ({ id: link.id, to: href(link.id, {}, locale), label: link.label(t), end: link.id === "home" }));
  return (
    <header className="relative z-20 border-b border-stone-200 bg-white print:hidden">
      {/*
        Each part keeps its place while the ones after it are still arriving: the browser may paint a
        half-parsed header, so the logo has its own width and the links start after it, never pushed
        about by the tools at the right end.
      */}
      <div className="page flex h-18 items-center gap-3">
        <Link to={href("home", {}, locale)} className="min-w-0 lg:shrink-0" aria-label={t.nav.home}>
          <Logo compact />
        </Link>
        <nav aria-label={t.nav.label} className="hidden min-w-0 flex-1 lg:block">
          <ul className="flex items-center gap-0.5">
            {links.map((link) => (
              <li key={link.id}>
                {link.id === "services" || link.id === "policies" ? (
                  <MegaMenu label={link.label} basePath={link.to} allTo={link.to} columnsCount={PANEL_COLUMNS} {...panels[link.id]} />
                ) : (
                  <NavLink to={link.to} end={link.end} className="nav-link block">
                    {link.label}
                  </NavLink>
                )}
              </li>
            ))}
          </ul>
        </nav>
        <div className="hidden items-center gap-3 lg:flex">
          <SearchForm compact className="w-28" />
          <LanguageMenu />
        </div>
        {/* Below the large breakpoint the search is a link to its page: it works before (and without) JavaScript. */}
        <div className="ml-auto flex shrink-0 items-center gap-1 lg:hidden">
          <Link to={href("search", {}, locale)} className="btn-ghost inline-flex items-center" aria-label={t.search.label}>
            <SearchIcon className="h-5 w-5" />
          </Link>
          <MobileMenu links={links} />
        </div>
      </div>
    </header>
  );
}
