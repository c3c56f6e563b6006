import { type JournalDirectory, journalFacets } from "../../../contract/api-types.ts";
import { href } from "../../../contract/route-table.ts";
import { Cover } from "../../components/cover.tsx";
import { JournalFiltersPanel } from "../../components/journal-filters.tsx";
import { Link } from "../../components/link.tsx";
import { ListUnavailable } from "../../components/list-unavailable.tsx";
import { PageHeader } from "../../components/page-header.tsx";
import { Pagination, pageParam } from "../../components/pagination.tsx";
import { plural, useLocale, useMessages } from "../../i18n.ts";
import { filtersOf } from "../../lib/list-query.ts";
import { loaderBase, notFound, orNotFound, orUnavailable } from "../../lib/load.server.ts";
import { perRevision } from "../../lib/per-revision.server.ts";
import type { Route } from "./+types/list";

/** Journals per page: a directory of hundreds stays quick to read and to load. */
const JOURNALS_PER_PAGE = 24;

/** The directories read lately (each filter set's), kept per content revision. */
const directories = perRevision<JournalDirectory | null>(32);

/** The journal directory: every journal, or those the filters in the URL pick (an unknown filter names no page). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { api, locale } = loaderBase(request, context);
  const page = pageParam(request.url) ?? notFound(request);
  const filters = filtersOf(new URL(request.url).searchParams, journalFacets) ?? notFound(request);
  // The directory is the same for every visit at a content revision; one that could not be read is not kept.
  const directory = await orNotFound(
    request,
    directories.get(context, `${locale} ${JSON.stringify(filters)}`, async () => {
      const read = await orUnavailable(api.journals(locale, filters));
      return { value: read, keep: read !== null };
    }),
  );
  if (!directory) return { journals: null, count: 0, facets: null, filters, page, pageCount: 1 };
  const pageCount = Math.max(1, Math.ceil(directory.Count / JOURNALS_PER_PAGE));
  if (page > pageCount) notFound(request);
  const journals = directory.Items.slice((page - 1) * JOURNALS_PER_PAGE, page * JOURNALS_PER_PAGE);
  return { journals, count: directory.Count, facets: directory.facets, filters, page, pageCount };
}

export default function JournalList({ loaderData: { journals, count, facets, filters, page, pageCount } }: Route.ComponentProps) {
  const t = useMessages();
  const locale = useLocale();
  return (
    <>
      <PageHeader title={t.journals.title} lead={t.journals.lead} />
      <div className="page grid gap-8 py-10 lg:grid-cols-[16rem_1fr]">
        {facets && <JournalFiltersPanel facets={facets} active={filters} />}
        <div className="min-w-0 lg:col-start-2">
          {journals === null ? (
            <ListUnavailable />
          ) : (
            <>
              <p role="status" className="mb-4 text-sm text-stone-600">
                {plural(locale, t.journals.filters.results, count)}
              </p>
              {count === 0 && (
                <p className="rounded-md border border-stone-200 bg-white p-4">
                  {Object.keys(filters).length > 0 ? t.journals.filters.noMatch : t.list.empty}
                </p>
              )}
              <ul className="grid gap-5 xl:grid-cols-2">
                {journals.map((journal) => (
                  <li key={journal.id}>
                    <Link to={href("journal", { slug: journal.slug }, locale)} className="card-link flex h-full gap-5">
                      <Cover journal={journal} width={80} />
                      <span className="min-w-0">
                        <span className="block font-serif text-h4 text-stone-900">{journal.title}</span>
                        <span className="mt-2 flex flex-wrap gap-1.5">
                          {journal.categories.map((c) => (
                            <span key={c.id} className="tag">
                              {c.title}
                            </span>
                          ))}
                          {journal.openAccess && <span className="tag bg-orange-50 text-orange-800">{t.journals.openAccess}</span>}
                        </span>
                        <span className="mt-3 block text-sm text-stone-600">
                          {t.journals.eIssn} {journal.eIssn} · {journal.reviewType.title} ·{" "}
                          {t.journals.frequencies[journal.frequency as keyof typeof t.journals.frequencies]}
                        </span>
                      </span>
                    </Link>
                  </li>
                ))}
              </ul>
              <Pagination page={page} pageCount={pageCount} />
            </>
          )}
        </div>
      </div>
    </>
  );
}
