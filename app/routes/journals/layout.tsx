import { Outlet } from "react-router";
import { href } from "../../../contract/route-table.ts";
import { Cover } from "../../components/cover.tsx";
import { FeedLink } from "../../components/feed-link.tsx";
import { Identifier } from "../../components/identifier.tsx";
import { NavLink } from "../../components/link.tsx";
import { useLocale, useMessages } from "../../i18n.ts";
import { loaderBase, orNotFound } from "../../lib/load.server.ts";
import type { Route } from "./+types/layout";

/** The journal area: the journal's header and tabs around overview, articles and editorial board. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { api, locale } = loaderBase(request, context);
  const journal = await orNotFound(request, api.journal(locale, params.slug));
  return { journal, alternates: journal.alternates };
}

export default function JournalLayout({ loaderData: { journal } }: Route.ComponentProps) {
  const t = useMessages();
  const locale = useLocale();
  const tabs = [
    { to: href("journal-overview", { slug: journal.slug }, locale), label: t.journals.overview, end: true },
    { to: href("journal-articles", { slug: journal.slug }, locale), label: t.journals.articles, end: false },
    { to: href("journal-board", { slug: journal.slug }, locale), label: t.journals.editorialBoard, end: true },
  ];
  return (
    <>
      <FeedLink journal={journal} />
      <div className="border-b border-stone-200 bg-white">
        <div className="page pt-10">
          <div className="flex gap-6">
            <span className="hidden sm:block">
              <Cover journal={journal} width={112} priority />
            </span>
            <div>
              <p className="eyebrow">{journal.categories.map((c) => c.title).join(" · ")}</p>
              <h1 tabIndex={-1} className="mt-2 font-serif text-h1">
                {journal.title}
              </h1>
              <p className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm text-stone-600">
                <span>
                  {t.journals.eIssn} <Identifier>{journal.eIssn}</Identifier>
                </span>
                {journal.printIssn && (
                  <span>
                    {t.journals.printIssn} <Identifier>{journal.printIssn}</Identifier>
                  </span>
                )}
                {journal.openAccess && <span className="font-medium text-orange-800">{t.journals.openAccess}</span>}
              </p>
              {/* A phone reaches the journal's main action here, before the page's long text; a wide screen has it in the overview's sidebar. */}
              <a href={journal.journalSystemUrl} className="btn-primary mt-4 inline-flex lg:hidden">
                {t.journals.submit}
              </a>
            </div>
          </div>
          <nav aria-label={t.journals.tabs} className="mt-8 -mb-px flex gap-1 overflow-x-auto">
            {tabs.map((tab) => (
              <NavLink
                key={tab.to}
                to={tab.to}
                end={tab.end}
                className="border-b-2 border-transparent px-4 py-3 text-sm font-medium whitespace-nowrap text-stone-600 hover:text-stone-900 aria-[current=page]:border-orange-700 aria-[current=page]:text-stone-900"
              >
                {tab.label}
              </NavLink>
            ))}
          </nav>
        </div>
      </div>
      <Outlet />
    </>
  );
}
