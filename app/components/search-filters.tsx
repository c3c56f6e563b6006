import { type SearchAnswer, type SearchFilters, type SearchKind, searchFacets } from "../../contract/search-types.ts";
import { useMessages } from "../i18n.ts";
import { FiltersPanel } from "./filters-panel.tsx";

/** The journal facet lists the journals with the most results (and a picked one). */
const MAX_JOURNALS = 10;

/** The search's facets: type, journal and year, with the number of results picking each would give. */
export function SearchFiltersPanel({ facets, active }: { facets: SearchAnswer["facets"]; active: SearchFilters }) {
  const t = useMessages();
  const options = {
    type: facets.type.map((f) => ({ ...f, title: t.search.kinds[f.value as SearchKind] ?? f.value })),
    journal: facets.journal.filter((f, i) => i < MAX_JOURNALS || f.value === active.journal),
    year: facets.year.map((f) => ({ ...f, title: f.value })),
  };
  const groups = searchFacets.map((facet) => ({ facet, label: t.search.filters[facet], options: options[facet] }));
  return <FiltersPanel id="search-filter" groups={groups} active={active} labels={t.search.filters} />;
}
