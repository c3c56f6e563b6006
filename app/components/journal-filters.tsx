import { type JournalFacet, type JournalFacetCounts, type JournalFilters, journalFacetKinds, journalFacets } from "../../service/api/types.ts";
import { format, useMessages } from "../i18n.ts";
import { useEntities } from "../lib/entities.ts";
import { withFilter } from "../lib/journal-filters.ts";
import { Link } from "./link.tsx";

/** How many journals picking an option would show. */
const count = (facets: JournalFacetCounts, facet: JournalFacet, id: string) => facets[facet][id] ?? 0;

/**
 * The journal directory's filters: for each facet, its options as links (the filters live in the
 * URL, so they work without JavaScript), each with how many journals picking it would show. A
 * picked option is marked and its link removes it. A disclosure on phones, a column on desktop.
 */
export function JournalFiltersPanel({ facets, active, search }: { facets: JournalFacetCounts; active: JournalFilters; search: string }) {
  const t = useMessages();
  const entities = useEntities();
  const activeCount = Object.keys(active).length;
  const groups = journalFacets
    .map((facet: JournalFacet) => {
      const options = facet === "access" ? [{ id: "open", title: t.journals.filters.openAccess }] : entities[journalFacetKinds[facet]];
      // An option that would show nothing is left out, unless it is the one picked.
      return { facet, options: options.filter((option) => active[facet] === option.id || count(facets, facet, option.id) > 0) };
    })
    .filter((group) => group.options.length > 0);

  return (
    <details className="filters-panel rounded-lg border border-stone-200 bg-white lg:border-0 lg:bg-transparent">
      <summary className="cursor-pointer px-4 py-3 font-semibold">
        {t.journals.filters.toggle}
        {activeCount > 0 && <span className="ml-2 font-normal text-stone-600">{format(t.journals.filters.active, { count: activeCount })}</span>}
      </summary>
      <div className="grid gap-6 px-4 pb-4 lg:px-0">
        <h2 className="sr-only lg:not-sr-only lg:font-semibold">{t.journals.filters.title}</h2>
        {activeCount > 0 && (
          <Link to={{ search: "" }} prefetch="intent" className="text-sm font-medium text-orange-800 underline">
            {t.journals.filters.clear}
          </Link>
        )}
        {groups.map(({ facet, options }) => (
          <section key={facet} aria-labelledby={`filter-${facet}`}>
            <h3 id={`filter-${facet}`} className="text-sm font-semibold text-stone-900">
              {t.journals.filters[facet]}
            </h3>
            <ul className="mt-2 grid gap-0.5 text-sm">
              {options.map((option) => {
                const selected = active[facet] === option.id;
                return (
                  <li key={option.id}>
                    <Link
                      to={{ search: withFilter(search, facet, selected ? null : option.id) }}
                      prefetch="intent"
                      aria-current={selected ? "true" : undefined}
                      className="filter-link"
                    >
                      <span>
                        {option.title}
                        {selected && <span className="sr-only">, {t.journals.filters.selected}</span>}
                      </span>
                      <span className="text-stone-500">{count(facets, facet, option.id)}</span>
                    </Link>
                  </li>
                );
              })}
            </ul>
          </section>
        ))}
      </div>
    </details>
  );
}
