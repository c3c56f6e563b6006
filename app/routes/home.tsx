import type { Statistics } from "../../contract/api-types.ts";
import { href } from "../../contract/route-table.ts";
import type { Locale } from "../../i18n/locales.ts";
import type { HomeCards } from "../components/home/cards.ts";
import { HomeJournals } from "../components/home/journals.tsx";
import { LatestArticles } from "../components/home/latest-articles.tsx";
import { NewBooks } from "../components/home/new-books.tsx";
import { OpenCalls } from "../components/home/open-calls.tsx";
import { HydrateLater } from "../components/hydrate-later.tsx";
import { Icon } from "../components/icon.tsx";
import { Link } from "../components/link.tsx";
import { ListUnavailable } from "../components/list-unavailable.tsx";
import { PageTitle } from "../components/page-title.tsx";
import { useLocale, useMessages } from "../i18n.ts";
import { formatNumber, formatPercent } from "../lib/formatting.ts";
import { homeCards } from "../lib/home-cards.server.ts";
import { emptyInitial, useInitial } from "../lib/initial.ts";
import { loaderBase, orUnavailable } from "../lib/load.server.ts";
import { perRevision } from "../lib/per-revision.server.ts";
import type { Route } from "./+types/home";

/** The home page's cards in each locale: the same for every visit at a content revision and day (calls close, works dated today appear). */
const homes = perRevision<HomeCards | null>(2);

/**
 * The newest articles, the open calls for papers, the journals with their newest issue and the newest books, as cards;
 * `home` is null when the content service could not answer (spec §8: the page still renders, with
 * the root's statistics and services).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { api, locale } = loaderBase(request, context);
  const [home, figures] = await Promise.all([
    homes.get(context, locale, async () => {
      const content = await orUnavailable(api.home(locale));
      return { value: content && homeCards(content, locale), keep: content !== null };
    }),
    statistics.get(context, locale, async () => {
      // Spec §8: after a failure the counts are 0.
      const initial = await orUnavailable(api.initial(locale));
      return { value: statisticsFigures(initial ?? emptyInitial, locale), keep: initial !== null };
    }),
  ]);
  return { home, figures };
}

const statKeys = ["journalCount", "articleCount", "doubleBlindRate", "globalIndexingDatabases", "articleViews"] as const;

/** The statistics written out in the page's language (no Intl formatter is made while the page hydrates: home-cards.ts). */
const statistics = perRevision<Record<(typeof statKeys)[number], string>>(2);
const statisticsFigures = (initial: Statistics, locale: Locale) =>
  Object.fromEntries(
    statKeys.map((key) => [key, key === "doubleBlindRate" ? formatPercent(initial[key], locale) : formatNumber(initial[key], locale)]),
  ) as Record<(typeof statKeys)[number], string>;

export default function Home({ loaderData: { home, figures } }: Route.ComponentProps) {
  const t = useMessages();
  const locale = useLocale();
  const initial = useInitial();
  return (
    <>
      <PageTitle />
      <section className="relative overflow-hidden bg-stone-900 text-white">
        <div aria-hidden="true" className="absolute inset-0 bg-[radial-gradient(circle_at_80%_20%,rgba(234,88,12,0.35),transparent_55%)]" />
        <div className="page relative py-10 sm:py-14">
          <p className="text-xs font-semibold tracking-[0.14em] text-orange-300 uppercase">{t.home.eyebrow}</p>
          <h1 tabIndex={-1} className="mt-3 max-w-3xl font-serif text-display">
            {t.home.title}
          </h1>
          <p className="mt-4 max-w-2xl text-lg text-stone-300">{t.home.lead}</p>
          <div className="mt-6 flex flex-wrap gap-3">
            <Link to={href("journals", {}, locale)} className="btn-primary inline-flex">
              {t.home.browseJournals}
            </Link>
            <Link
              to={href("services", {}, locale)}
              className="inline-flex items-center rounded-md border border-stone-500 px-5 py-2.5 font-medium hover:border-white"
            >
              {t.home.ourServices}
            </Link>
          </div>
        </div>
      </section>
      {/* Everything below the first screen's heading hydrates after it. */}
      <HydrateLater>
        {home ? (
          <>
            <div className="border-b border-stone-200 bg-white">
              <div className={`page grid gap-12 py-12 ${home.calls.length > 0 ? "lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]" : ""}`}>
                <LatestArticles articles={home.latestArticles} />
                <OpenCalls calls={home.calls} />
              </div>
            </div>
            <HomeJournals journals={home.journals} />
            <NewBooks books={home.newBooks} />
          </>
        ) : (
          <div className="page py-10">
            <ListUnavailable />
          </div>
        )}
        <section aria-labelledby="statistics" className="border-y border-stone-200 bg-white">
          <div className="page py-10">
            <h2 id="statistics" className="sr-only">
              {t.home.statistics}
            </h2>
            <dl className="grid grid-cols-2 gap-6 md:grid-cols-5">
              {statKeys.map((key) => (
                // The label comes first for assistive technology; the figure is shown above it.
                <div key={key} className="flex flex-col-reverse justify-end border-l-2 border-orange-600 pl-4">
                  <dt className="mt-1 text-sm text-stone-600">{t.home.stats[key]}</dt>
                  <dd className="font-serif text-h2 text-stone-900 lining-nums" data-stat={key}>
                    {figures[key]}
                  </dd>
                </div>
              ))}
            </dl>
          </div>
        </section>
        <section aria-labelledby="home-services" className="page py-12">
          <h2 id="home-services" className="font-serif text-h2">
            {t.home.servicesTitle}
          </h2>
          <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {initial.services.map((service) => (
              <li key={service.id}>
                <Link to={href("service", { slug: service.slug }, locale)} className="card-link h-full">
                  <span className="text-orange-700">
                    <Icon id={service.iconId} />
                  </span>
                  <h3 className="mt-3 font-semibold">{service.title}</h3>
                  <p className="mt-2 text-sm text-stone-600">{service.description}</p>
                </Link>
              </li>
            ))}
          </ul>
        </section>
        {/* On the page's own ground, as the footer's margin above it is: no band of another shade before the footer. */}
        <section aria-labelledby="home-policies" className="page border-t border-stone-200 pt-12">
          <h2 id="home-policies" className="font-serif text-h2">
            {t.home.policiesTitle}
          </h2>
          {/* Their titles, as the header's panel lists them: each summary opens its own page. */}
          <ul className="mt-6 grid gap-x-8 md:grid-cols-2 lg:grid-cols-3">
            {initial.policies.map((policy) => (
              <li key={policy.id} className="border-b border-stone-200">
                <Link to={href("policy", { slug: policy.slug }, locale)} className="block py-3 font-semibold text-stone-900 hover:text-orange-800">
                  {policy.title}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      </HydrateLater>
    </>
  );
}
