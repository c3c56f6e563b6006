import type { PageId } from "../../contract/api-types.ts";
import { articlePath } from "../../contract/article-path.ts";
import { href } from "../../contract/route-table.ts";
import { type SearchKind, type SearchResult, searchFacets } from "../../contract/search-types.ts";
import type { Locale } from "../../i18n/locales.ts";
import { Link } from "../components/link.tsx";
import { ListUnavailable } from "../components/list-unavailable.tsx";
import { PageHeader } from "../components/page-header.tsx";
import { Pagination, pageParam } from "../components/pagination.tsx";
import { SearchFiltersPanel } from "../components/search-filters.tsx";
import { SearchForm } from "../components/search-form.tsx";
import { format, plural, useLocale, useMessages } from "../i18n.ts";
import { filtersOf } from "../lib/list-query.ts";
import { loaderBase, notFound, orNotFound, orUnavailable } from "../lib/load.server.ts";
import type { Route } from "./+types/search";

/**
 * The search results: `?q=` with the type, journal and year filters and `?page=`. No query shows
 * how to search; a malformed parameter (repeated, unknown filter, too long a query) names no page.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { api, locale } = loaderBase(request, context);
  const url = new URL(request.url);
  const page = pageParam(request.url) ?? notFound(request);
  const filters = filtersOf(url.searchParams, searchFacets) ?? notFound(request);
  const queries = url.searchParams.getAll("q");
  if (queries.length > 1) notFound(request);
  const query = (queries[0] ?? "").trim();
  if (!query) return { query, answer: undefined, filters };
  const answer = await orNotFound(request, orUnavailable(api.search(locale, query, filters, page)));
  if (answer && page > answer.pageCount) notFound(request);
  return { query, answer, filters };
}

/** Where a result lives on the site, in a locale. */
function resultPath(result: SearchResult, locale: Locale): string {
  const paths: Record<SearchKind, () => string> = {
    journal: () => href("journal", { slug: result.slug }, locale),
    article: () => articlePath(result.slug, { issueId: result.issueId ?? "", id: result.id }, locale),
    book: () => href("book", { slug: result.slug }, locale),
    service: () => href("service", { slug: result.slug }, locale),
    policy: () => href("policy", { slug: result.slug }, locale),
    page: () => href(result.id as PageId, {}, locale),
  };
  return paths[result.type]();
}

export default function Search({ loaderData: { query, answer, filters } }: Route.ComponentProps) {
  const t = useMessages();
  const locale = useLocale();
  // Filters show when there is something to narrow, or a filter to take off.
  const withFilters = Boolean(answer && (answer.Count > 0 || Object.keys(filters).length > 0));
  const browse = [
    { to: href("journals", {}, locale), label: t.nav.journals },
    { to: href("books", {}, locale), label: t.nav.books },
    { to: href("services", {}, locale), label: t.nav.services },
  ];
  return (
    <>
      <PageHeader title={t.search.title} documentTitle={query ? format(t.search.documentTitle, { query }) : t.search.title} lead={t.search.lead}>
        <SearchForm query={query} className="mt-6 max-w-2xl" />
      </PageHeader>
      {query && <meta name="robots" content="noindex" />}
      {answer === undefined ? (
        <div className="page-narrow py-10">
          <h2 className="font-serif text-h2 text-stone-900">{t.search.emptyTitle}</h2>
          <p className="mt-3 text-stone-700">{t.search.emptyHelp}</p>
          <p className="mt-3 text-stone-700">{t.search.emptyFolding}</p>
          <h3 className="mt-8 font-semibold text-stone-900">{t.search.browse}</h3>
          <ul className="mt-3 flex flex-wrap gap-3">
            {browse.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="btn-secondary">
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ) : (
        <div className={`page grid gap-8 py-10 ${withFilters ? "lg:grid-cols-[16rem_1fr]" : ""}`}>
          {answer && withFilters && <SearchFiltersPanel facets={answer.facets} active={filters} />}
          <div className={`min-w-0 ${withFilters ? "lg:col-start-2" : ""}`}>
            {answer === null ? (
              <ListUnavailable />
            ) : (
              <>
                <p role="status" className="mb-4 text-sm text-stone-600">
                  {plural(locale, t.search.results, answer.Count, { query })}
                </p>
                {answer.Count === 0 && (
                  <p className="rounded-md border border-stone-200 bg-white p-4">
                    {format(Object.keys(filters).length > 0 ? t.search.noMatch : t.search.noResults, { query })}
                  </p>
                )}
                <ol className="grid gap-4">
                  {answer.Items.map((result) => (
                    <li key={`${result.type}/${result.id}`}>
                      <article className="card">
                        <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-stone-600">
                          <span className="tag">{t.search.kinds[result.type]}</span>
                          {result.journal && result.type !== "journal" && <span>{result.journal.title}</span>}
                          {result.year !== null && <span>{result.year}</span>}
                        </p>
                        <h2 className="mt-2 font-serif text-h4">
                          <Link to={resultPath(result, locale)} className="text-stone-900 underline-offset-2 hover:text-orange-800 hover:underline">
                            {result.title}
                          </Link>
                        </h2>
                        {result.snippet && <p className="mt-2 text-sm text-stone-700">{result.snippet}</p>}
                      </article>
                    </li>
                  ))}
                </ol>
                <Pagination page={answer.page} pageCount={answer.pageCount} />
              </>
            )}
          </div>
        </div>
      )}
    </>
  );
}
