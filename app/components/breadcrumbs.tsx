import { useMatches } from "react-router";
import { useLocale, useMessages } from "../i18n.ts";
import { breadcrumbs } from "../lib/breadcrumbs.ts";
import { Link } from "./link.tsx";

/**
 * Where the page sits, from the home page down to it, over every page but the home page: the
 * same trail as the page's BreadcrumbList (lib/breadcrumbs.ts), so what the visitor reads and
 * what a search engine reads agree.
 */
export function Breadcrumbs() {
  const t = useMessages();
  const locale = useLocale();
  const trail = breadcrumbs(useMatches(), locale, t, "");
  if (trail.length < 2) return null;
  return (
    <nav aria-label={t.nav.breadcrumb} className="bg-white print:hidden">
      <ol className="page flex flex-wrap items-center gap-x-1.5 gap-y-1 pt-4 text-sm text-stone-600">
        {trail.map((crumb, i) => {
          const last = i === trail.length - 1;
          return (
            <li key={crumb.url} className="flex min-w-0 items-center gap-x-1.5">
              <Link
                to={crumb.url}
                aria-current={last ? "page" : undefined}
                className={last ? "truncate text-stone-800 aria-[current=page]:font-medium" : "text-orange-800 hover:underline"}
              >
                {crumb.name}
              </Link>
              {!last && (
                <span aria-hidden="true" className="text-stone-400">
                  /
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
