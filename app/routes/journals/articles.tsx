import { href } from "../../../contract/route-table.ts";
import { NavLink } from "../../components/link.tsx";
import { ListUnavailable } from "../../components/list-unavailable.tsx";
import { SideNavLayout } from "../../components/side-nav-layout.tsx";
import { plural, useLocale, useMessages } from "../../i18n.ts";
import { issueLabel } from "../../lib/issue-label.ts";
import { loaderBase, orNotFound, orUnavailable } from "../../lib/load.server.ts";
import type { Route } from "./+types/articles";

/** The articles area: the journal's issues beside the articles (all, or one issue's). */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { api, locale } = loaderBase(request, context);
  const issues = await orNotFound(request, orUnavailable(api.issues(locale, params.slug)));
  return { issues: issues?.Items ?? null };
}

export default function JournalArticles({ loaderData: { issues }, params }: Route.ComponentProps) {
  const t = useMessages();
  const locale = useLocale();
  return (
    <SideNavLayout
      nav={
        <nav aria-labelledby="issues-heading" className="lg:sticky lg:top-4 lg:self-start">
          <h2 id="issues-heading" className="font-semibold">
            {t.issues.all}
          </h2>
          {issues === null ? (
            <ListUnavailable />
          ) : (
            <ul className="mt-3 grid gap-1 text-sm">
              {issues.map((issue) => (
                <li key={issue.id}>
                  <NavLink to={href("journal-issue", { slug: params.slug, issueId: issue.id }, locale)} className="side-nav-link">
                    {issueLabel(issue, t)}
                    {issue.specialTitle && <span className="block text-xs text-stone-500">{t.issues.special}</span>}
                    <span className="block text-xs text-stone-500">{plural(locale, t.issues.articleCount, issue.articleCount)}</span>
                  </NavLink>
                </li>
              ))}
            </ul>
          )}
        </nav>
      }
    />
  );
}
