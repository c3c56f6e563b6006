import { Link } from "react-router";
import { format, useLocale, useMessages } from "../i18n.ts";
import { href } from "../route-table.ts";
import { Logo } from "./logo.tsx";

/** The specification fixes the copyright year. */
export const COPYRIGHT_YEAR = 2025;

const social = [
  { key: "facebook", url: "https://www.facebook.com/meridianpress" },
  { key: "instagram", url: "https://www.instagram.com/meridianpress" },
  { key: "x", url: "https://x.com/meridianpress" },
  { key: "linkedin", url: "https://www.linkedin.com/company/meridianpress" },
  { key: "youtube", url: "https://www.youtube.com/@meridianpress" },
] as const;
const LIBRARY_URL = "https://library.meridianpress.example";

export function Footer() {
  const t = useMessages();
  const locale = useLocale();
  const links = [
    { to: href("about", {}, locale), label: t.nav.whoWeAre },
    { to: href("departments", {}, locale), label: t.nav.departments },
    { to: href("contact", {}, locale), label: t.nav.contact },
    { to: href("journals", {}, locale), label: t.nav.journals },
    { to: href("books", {}, locale), label: t.nav.books },
  ];
  return (
    <footer className="mt-16 bg-stone-900 text-stone-300">
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
              <a href={LIBRARY_URL} className="footer-link" target="_blank" rel="noopener">
                {t.footer.library}
              </a>
            </li>
          </ul>
        </nav>
        <div>
          <h2 className="text-sm font-semibold tracking-wide text-white">{t.footer.follow}</h2>
          <ul className="mt-3 flex flex-wrap gap-2">
            {social.map((s) => (
              <li key={s.key}>
                <a href={s.url} className="social-link" rel="noopener" target="_blank">
                  <span aria-hidden="true">{s.key === "x" ? "X" : s.key[0].toUpperCase()}</span>
                  <span className="sr-only">{t.footer.social[s.key]}</span>
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
