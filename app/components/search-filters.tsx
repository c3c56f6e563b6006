import { type SearchAnswer, type SearchFilters, type SearchKind, searchFacets } from "../../service/api/search-types.ts";
import { format, useMessages } from "../i18n.ts";
import { withFilter } from "../lib/journal-filters.ts";
import { Link } from "./link.tsx";

/** The journal facet lists the journals with the most results (and a picked one). */
const MAX_JOURNALS = 10;

/**
 * The search's facets (type, journal, year) as links that set or remove a filter in the URL, each
 * with the number of results picking it would give; the same disclosure and column as the
 * journal directory's filters (components/journal-filters.tsx).
 */
export function SearchFiltersPanel({ facets, active, search }: { facets: SearchAnswer["facets"]; active: SearchFilters; search: string }) {
  const t = useMessages();
  const activeCount = Object.keys(active).length;
  const options = {
    type: facets.type.map((f) => ({ ...f, title: t.search.kinds[f.value as SearchKind] ?? f.value })),
    journal: facets.journal.filter((f, i) => i < MAX_JOURNALS || f.value === active.journal),
    year: facets.year.map((f) => ({ ...f, title: f.value })),
  };
  const clear = new URLSearchParams(search);
  for (const facet of searchFacets) clear.delete(facet);
  clear.delete("page");

  return (
    <details className="filters-panel rounded-lg border border-stone-200 bg-white lg:border-0 lg:bg-transparent">
      <summary className="cursor-pointer px-4 py-3 font-semibold">
        {t.search.filters.toggle}
        {activeCount > 0 && <span className="ml-2 font-normal text-stone-600">{format(t.search.filters.active, { count: activeCount })}</span>}
      </summary>
      <div className="grid gap-6 px-4 pb-4 lg:px-0">
        <h2 className="sr-only lg:not-sr-only lg:font-semibold">{t.search.filters.title}</h2>
        {activeCount > 0 && (
          <Link to={{ search: `?${clear}` }} className="text-sm font-medium text-orange-800 underline">
            {t.search.filters.clear}
          </Link>
        )}
        {searchFacets
          .filter((facet) => options[facet].length > 0)
          .map((facet) => (
            <section key={facet} aria-labelledby={`search-filter-${facet}`}>
              <h3 id={`search-filter-${facet}`} className="text-sm font-semibold text-stone-900">
                {t.search.filters[facet]}
              </h3>
              <ul className="mt-2 grid gap-0.5 text-sm">
                {options[facet].map((option) => {
                  const selected = active[facet] === option.value;
                  return (
                    <li key={option.value}>
                      <Link
                        to={{ search: withFilter(search, facet, selected ? null : option.value) }}
                        aria-current={selected ? "true" : undefined}
                        className="filter-link"
                      >
                        <span>
                          {option.title}
                          {selected && <span className="sr-only">, {t.search.filters.selected}</span>}
                        </span>
                        <span className="text-stone-500">{option.count}</span>
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
