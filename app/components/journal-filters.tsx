import { type JournalFacetCounts, type JournalFilters, journalFacetKinds, journalFacets, OPEN_ACCESS } from "../../contract/api-types.ts";
import { useMessages } from "../i18n.ts";
import { useEntities } from "../lib/entities.ts";
import { FiltersPanel } from "./filters-panel.tsx";

/**
 * The journal directory's filters, named from the reference entities: an option that would show
 * no journal is left out, unless it is the one picked.
 */
export function JournalFiltersPanel({ facets, active }: { facets: JournalFacetCounts; active: JournalFilters }) {
  const t = useMessages();
  const entities = useEntities();
  const groups = journalFacets.map((facet) => {
    const named = facet === "access" ? [{ id: OPEN_ACCESS, title: t.journals.filters.openAccess }] : entities[journalFacetKinds[facet]];
    const options = named
      .map(({ id, title }) => ({ value: id, title, count: facets[facet][id] ?? 0 }))
      .filter((option) => active[facet] === option.value || option.count > 0);
    return { facet, label: t.journals.filters[facet], options };
  });
  return <FiltersPanel id="filter" groups={groups} active={active} labels={t.journals.filters} />;
}
