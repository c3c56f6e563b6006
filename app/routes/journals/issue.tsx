import { articlePath } from "../../../contract/article-path.ts";
import { ArticleItem } from "../../components/article-item.tsx";
import { PageTitle } from "../../components/page-title.tsx";
import { Pagination, pageParam } from "../../components/pagination.tsx";
import { format, useLocale, useMessages } from "../../i18n.ts";
import { formatDate } from "../../lib/formatting.ts";
import { issueLabel } from "../../lib/issue-label.ts";
import { loaderBase, notFound, orNotFound } from "../../lib/load.server.ts";
import type { Route } from "./+types/issue";
import { useJournal } from "./use-journal.ts";

/** One issue's articles, in the issue's order. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { api, locale } = loaderBase(request, context);
  const page = pageParam(request.url) ?? notFound(request);
  const result = await orNotFound(request, api.issueArticles(locale, params.slug, params.issueId, page));
  if (page > result.pageCount) notFound(request);
  return { result };
}

export default function IssueArticles({ loaderData: { result } }: Route.ComponentProps) {
  const t = useMessages();
  const locale = useLocale();
  const journal = useJournal();
  const { issue } = result;
  const label = issueLabel(issue, t);
  return (
    <>
      <PageTitle title={`${label} · ${journal.title}`} />
      <header className="border-b-2 border-stone-900 pb-3">
        {issue.specialTitle && <p className="eyebrow">{t.issues.special}</p>}
        <h2 className="font-serif text-h2">{issue.specialTitle ?? label}</h2>
        <p className="mt-1 text-sm text-stone-600">
          {issue.specialTitle && `${label} · `}
          {format(t.issues.published, { date: formatDate(issue.publishedOn, locale) })}
        </p>
      </header>
      <h3 className="sr-only">{t.issues.inThisIssue}</h3>
      {result.Items.map((article) => (
        <ArticleItem key={article.id} article={article} to={articlePath(journal.slug, article, locale)} />
      ))}
      <Pagination page={result.page} pageCount={result.pageCount} />
    </>
  );
}
