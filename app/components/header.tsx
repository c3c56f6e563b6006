import { Link, NavLink } from "react-router";
import { useLocale, useMessages } from "../i18n.ts";
import { href } from "../route-table.ts";
import { LanguageSwitcher } from "./language-switcher.tsx";
import { Logo } from "./logo.tsx";
import { headerLinks } from "./nav-links.ts";

export function Header() {
  const t = useMessages();
  const locale = useLocale();
  const links = headerLinks.map((link) => ({ to: href(link.id, {}, locale), label: link.label(t), end: link.id === "home" }));
  return (
    <header className="relative border-b border-stone-200 bg-white">
      <div className="page flex items-center justify-between gap-6 py-4">
        <Link to={href("home", {}, locale)} className="shrink-0" aria-label={t.nav.home}>
          <Logo compact />
        </Link>
        <nav aria-label={t.nav.label} className="hidden lg:block">
          <ul className="flex items-center gap-1">
            {links.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} end={link.end} className="nav-link" prefetch="intent">
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <LanguageSwitcher className="hidden lg:flex" />
        <details className="mobile-menu lg:hidden">
          <summary className="btn-ghost">{t.menu.mobile}</summary>
          <div className="absolute inset-x-0 top-full z-20 border-b border-stone-200 bg-white shadow-lg">
            <nav aria-label={t.nav.label} className="page py-4">
              <ul className="grid gap-1">
                {links.map((link) => (
                  <li key={link.to}>
                    <NavLink to={link.to} end={link.end} className="nav-link block">
                      {link.label}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </nav>
            <LanguageSwitcher className="page border-t border-stone-100 py-3" />
          </div>
        </details>
      </div>
    </header>
  );
}
