/** The search's filters as they live in its URL: one value per facet (`?q=…&type=article&year=2024`). */
import { type SearchFilters, searchFacets } from "../../service/api/search-types.ts";

/** The filters a URL names, or undefined when it names one twice (no page has that address). */
export function searchFiltersOf(url: URL): SearchFilters | undefined {
  const filters: SearchFilters = {};
  for (const facet of searchFacets) {
    const values = url.searchParams.getAll(facet);
    if (values.length > 1) return undefined;
    if (values.length === 1) filters[facet] = values[0];
  }
  return filters;
}
