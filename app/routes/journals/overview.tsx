import type { CallDetail } from "../../../contract/api-types.ts";
import { Facts } from "../../components/facts.tsx";
import { Identifier } from "../../components/identifier.tsx";
import { CallsNotice, JournalCalls } from "../../components/journal-calls.tsx";
import { PageTitle } from "../../components/page-title.tsx";
import { RichText } from "../../components/rich-text.tsx";
import { format, useLocale, useMessages } from "../../i18n.ts";
import { formatList, formatNumber } from "../../lib/formatting.ts";
import { loaderBase, orNotFound, orUnavailable } from "../../lib/load.server.ts";
import { metricValue } from "../../lib/metric.ts";
import { perRevision } from "../../lib/per-revision.server.ts";
import type { Route } from "./+types/overview";
import { useJournal } from "./use-journal.ts";

/** Each journal's open calls in each locale: the same for every visit at a content revision and day (calls close by date). */
const openCalls = perRevision<CallDetail[] | null>(64);

/** The journal's open calls for papers, each in full; null when the content service could not answer (the page shows none). */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { api, locale } = loaderBase(request, context);
  const read = async () => Promise.all((await api.calls(locale, { journal: params.slug })).Items.map((call) => api.call(locale, call.id)));
  const calls = await openCalls.get(context, `${locale} ${params.slug}`, async () => {
    const value = await orNotFound(request, orUnavailable(read()));
    return { value, keep: value !== null };
  });
  return { calls };
}

export default function JournalOverview({ loaderData: { calls } }: Route.ComponentProps) {
  const t = useMessages();
  const locale = useLocale();
  const journal = useJournal();
  const facts: [string, string][] = [
    [t.journals.publicationFormat, journal.publicationFormat.title],
    [t.journals.reviewType, journal.reviewType.title],
    [t.journals.frequency, t.journals.frequencies[journal.frequency as keyof typeof t.journals.frequencies]],
    [
      t.journals.languages,
      formatList(
        journal.languages.map((l) => t.language.names[l]),
        locale,
      ),
    ],
    [t.journals.startYear, String(journal.startYear)],
    [t.journals.issueCount, formatNumber(journal.issueCount, locale)],
    [t.journals.articleCount, formatNumber(journal.articleCount, locale)],
  ];
  if (journal.licence) facts.push([t.journals.licence, journal.licence]);
  return (
    <div className="page grid gap-10 py-10 lg:grid-cols-[1fr_20rem]">
      {/* The journal area's pages each set the document's title (the layout does not: one <title> per page). */}
      <PageTitle title={journal.title} />
      <div>
        <h2 className="font-serif text-h2">{t.journals.about}</h2>
        <RichText html={journal.descriptionHtml} headingLevel={3} />
        <h2 className="mt-10 font-serif text-h2">{t.journals.aimsScope}</h2>
        <RichText html={journal.aimsScopeHtml} headingLevel={3} />
        {calls && <JournalCalls calls={calls} submitUrl={journal.journalSystemUrl} />}
      </div>
      <aside className="grid content-start gap-6">
        {calls && <CallsNotice calls={calls} />}
        <section className="card">
          <h2 className="font-semibold">{t.journals.facts}</h2>
          <Facts items={facts} />
          <a href={journal.journalSystemUrl} className="btn-primary mt-5 flex justify-center">
            {t.journals.submit}
          </a>
          <p className="mt-3 text-sm text-stone-600">
            {t.journals.contactEmail}:{" "}
            <a href={`mailto:${journal.contactEmail}`} className="text-orange-800 hover:underline">
              <Identifier>{journal.contactEmail}</Identifier>
            </a>
          </p>
        </section>
        {journal.indexes.length > 0 && (
          <section className="card">
            <h2 className="font-semibold">{t.journals.indexes}</h2>
            <ul className="mt-3 flex flex-wrap gap-1.5">
              {journal.indexes.map((index) => (
                <li key={index.id} className="tag">
                  {index.title}
                </li>
              ))}
            </ul>
          </section>
        )}
        {journal.metrics.length > 0 && (
          <section className="card">
            <h2 className="font-semibold">{t.journals.metrics}</h2>
            <Facts
              items={journal.metrics.map((m) => [m.type.title, format(t.journals.metricYear, { value: metricValue(m, locale), year: m.year })])}
            />
          </section>
        )}
      </aside>
    </div>
  );
}
