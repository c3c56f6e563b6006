import { useRouteLoaderData } from "react-router";
import type { ArticleSummary, Issue } from "../../../contract/api-types.ts";
import { articlePath } from "../../../contract/article-path.ts";
import { routerId } from "../../../contract/route-table.ts";
import { ArticleItem } from "../../components/article-item.tsx";
import { ListUnavailable } from "../../components/list-unavailable.tsx";
import { PageTitle } from "../../components/page-title.tsx";
import { Pagination, pageParam } from "../../components/pagination.tsx";
import { useLocale, useMessages } from "../../i18n.ts";
import { issueLabel } from "../../lib/issue-label.ts";
import { loaderBase, notFound, orNotFound, orUnavailable } from "../../lib/load.server.ts";
import type { Route } from "./+types/articles-all";
import { useJournal } from "./use-journal.ts";

/** All of a journal's articles, a page at a time, grouped by issue (newest first). */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { api, locale } = loaderBase(request, context);
  const page = pageParam(request.url) ?? notFound(request);
  const articles = await orNotFound(request, orUnavailable(api.articles(locale, params.slug, page)));
  if (articles && page > articles.pageCount) notFound(request);
  return { articles };
}

function groupByIssue(items: ArticleSummary[]) {
  return [...Map.groupBy(items, (a) => a.issueId)];
}

export default function AllArticles({ loaderData: { articles } }: Route.ComponentProps) {
  const t = useMessages();
  const locale = useLocale();
  const issues = useRouteLoaderData<{ issues: Issue[] | null }>(routerId("journal-articles", locale))?.issues ?? [];
  const journal = useJournal();
  const title = <PageTitle title={`${t.journals.articles} · ${journal.title}`} />;
  if (!articles)
    return (
      <>
        {title}
        <ListUnavailable />
      </>
    );
  return (
    <>
      {title}
      <h2 className="sr-only">{t.journals.articles}</h2>
      {groupByIssue(articles.Items).map(([issueId, items]) => {
        const issue = issues.find((i) => i.id === issueId);
        return (
          <section key={issueId} aria-labelledby={`issue-${issueId}`} className="mb-10">
            <h3 id={`issue-${issueId}`} className="border-b-2 border-stone-900 pb-2 font-serif text-h3">
              {issue ? issueLabel(issue, t) : issueId}
              {issue?.specialTitle && <span className="mt-1 block text-base text-stone-600">{`${t.issues.special}: ${issue.specialTitle}`}</span>}
            </h3>
            {items.map((article) => (
              <ArticleItem key={article.id} article={article} to={articlePath(journal.slug, article, locale)} />
            ))}
          </section>
        );
      })}
      <Pagination page={articles.page} pageCount={articles.pageCount} />
    </>
  );
}
