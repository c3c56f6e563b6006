import { Cover } from "../../components/cover.tsx";
import { Link } from "../../components/link.tsx";
import { ListPage } from "../../components/list-page.tsx";
import { Pagination, pageParam } from "../../components/pagination.tsx";
import { useLocale, useMessages } from "../../i18n.ts";
import { loaderBase, notFound, orUnavailable } from "../../lib/load.server.ts";
import { href } from "../../route-table.ts";
import type { Route } from "./+types/list";

/** Journals per page: a directory of hundreds stays quick to read and to load. */
const JOURNALS_PER_PAGE = 24;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { api, locale } = loaderBase(request, context);
  const page = pageParam(request.url) ?? notFound(request);
  const all = (await orUnavailable(api.journals(locale)))?.Items;
  if (!all) return { journals: null, page, pageCount: 1 };
  const pageCount = Math.max(1, Math.ceil(all.length / JOURNALS_PER_PAGE));
  if (page > pageCount) notFound(request);
  return { journals: all.slice((page - 1) * JOURNALS_PER_PAGE, page * JOURNALS_PER_PAGE), page, pageCount };
}

export default function JournalList({ loaderData: { journals, page, pageCount } }: Route.ComponentProps) {
  const t = useMessages();
  const locale = useLocale();
  return (
    <ListPage
      title={t.journals.title}
      lead={t.journals.lead}
      items={journals}
      gridClassName="grid gap-5 md:grid-cols-2"
      renderItem={(journal) => (
        <Link to={href("journal", { slug: journal.slug }, locale)} className="card-link flex h-full gap-5">
          <Cover src={journal.cover} label={journal.abbreviation} width={80} />
          <span className="min-w-0">
            <span className="block font-serif text-xl leading-snug text-stone-900">{journal.title}</span>
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
      )}
      footer={<Pagination page={page} pageCount={pageCount} />}
    />
  );
}
