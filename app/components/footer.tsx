import { useRouteLoaderData } from "react-router";
import { href } from "../../contract/route-table.ts";
import { format, useLocale, useMessages } from "../i18n.ts";
import type { loader } from "../root.tsx";
import { Icon } from "./icon.tsx";
import { Link } from "./link.tsx";
import { Logo } from "./logo.tsx";

/** The specification fixes the copyright year. */
export const COPYRIGHT_YEAR = 2025;

export function Footer() {
  const t = useMessages();
  const locale = useLocale();
  const configured = useRouteLoaderData<typeof loader>("root")?.links;
  const links = [
    { to: href("about", {}, locale), label: t.nav.whoWeAre },
    { to: href("departments", {}, locale), label: t.nav.departments },
    { to: href("contact", {}, locale), label: t.nav.contact },
    { to: href("journals", {}, locale), label: t.nav.journals },
    { to: href("books", {}, locale), label: t.nav.books },
    // The overviews the header's panels sum up (decision 033).
    { to: href("services", {}, locale), label: t.nav.services },
    { to: href("policies", {}, locale), label: t.nav.policies },
  ];
  return (
    <footer className="mt-16 bg-stone-900 text-stone-300 print:hidden">
      <div className="page grid gap-10 py-12 md:grid-cols-3">
        <div>
          <Logo inverted />
          <p className="mt-4 max-w-xs text-sm text-stone-400">{t.site.description}</p>
        </div>
        <nav aria-label={t.footer.explore}>
          <h2 className="text-sm font-semibold tracking-wide text-white">{t.footer.explore}</h2>
          <ul className="mt-3 grid gap-2 text-sm">
            {links.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="footer-link">
                  {link.label}
                </Link>
              </li>
            ))}
            <li>
              {configured && (
                <a href={configured.library} className="footer-link" target="_blank" rel="noopener">
                  {t.footer.library}
                </a>
              )}
            </li>
          </ul>
        </nav>
        <div>
          <h2 className="text-sm font-semibold tracking-wide text-white">{t.footer.follow}</h2>
          <ul className="mt-3 flex flex-wrap gap-2">
            {configured?.social.map(({ network, url, iconId }) => (
              <li key={network}>
                <a href={url} className="social-link" rel="noopener" target="_blank">
                  <Icon id={iconId} className="h-4 w-4" />
                  <span className="sr-only">{t.footer.social[network]}</span>
                </a>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <p className="border-t border-stone-800 py-5 text-center text-xs text-stone-400">{format(t.footer.copyright, { year: COPYRIGHT_YEAR })}</p>
    </footer>
  );
}
