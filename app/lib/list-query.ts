/**
 * A list's state as it lives in its URL, so that it works without JavaScript: one value per
 * filter facet (`?category=history&access=open`, `?q=…&type=article`) and `?page=` (absent on the
 * first page). Used by the journal directory, the search and the pagination.
 */

/** The query string of `query`, with its `?`, or "" when it is empty. */
function searchOf(query: URLSearchParams): string {
  const text = query.toString();
  return text ? `?${text}` : "";
}

/** The filters a query names, or undefined when it names one twice (no page has that address). */
export function filtersOf<Facet extends string>(query: URLSearchParams, facets: readonly Facet[]): Partial<Record<Facet, string>> | undefined {
  const filters: Partial<Record<Facet, string>> = {};
  for (const facet of facets) {
    const values = query.getAll(facet);
    if (values.length > 1) return undefined;
    if (values.length === 1) filters[facet] = values[0];
  }
  return filters;
}

/** The query of the list with `facet` set to `value`, or removed when null; back on its first page. */
export function withFilter(search: string, facet: string, value: string | null): string {
  const query = new URLSearchParams(search);
  query.delete("page");
  if (value === null) query.delete(facet);
  else query.set(facet, value);
  return searchOf(query);
}

/** The query of the list without any of `facets`' filters, back on its first page (a search keeps its words). */
export function withoutFilters(search: string, facets: readonly string[]): string {
  const query = new URLSearchParams(search);
  query.delete("page");
  for (const facet of facets) query.delete(facet);
  return searchOf(query);
}

/** The query of the same list on another page: the first page has no `page=`, the rest of the query stays. */
export function withPage(search: string, page: number): string {
  const query = new URLSearchParams(search);
  if (page === 1) query.delete("page");
  else query.set("page", String(page));
  return searchOf(query);
}
