/**
 * The journal directory's filters, as they live in its URL: one value per facet
 * (`?category=history&access=open`), validated by the content service.
 */
import { type JournalFilters, journalFacets } from "../../service/api/types.ts";

/** The filters a URL names, or undefined when it names one twice (no page has that address). */
export function filtersOf(url: string): JournalFilters | undefined {
  const query = new URL(url).searchParams;
  const filters: JournalFilters = {};
  for (const facet of journalFacets) {
    const values = query.getAll(facet);
    if (values.length > 1) return undefined;
    if (values.length === 1) filters[facet] = values[0];
  }
  return filters;
}

/** The query of a filtered list with `facet` set to `value`, or removed when null; back on its first page. */
export function withFilter(search: string, facet: string, value: string | null): string {
  const query = new URLSearchParams(search);
  query.delete("page");
  if (value === null) query.delete(facet);
  else query.set(facet, value);
  const text = query.toString();
  return text ? `?${text}` : "";
}

/** The query of a filtered list without any of `facets`' filters, back on its first page (a search keeps its words). */
export function withoutFilters(search: string, facets: readonly string[]): string {
  const query = new URLSearchParams(search);
  query.delete("page");
  for (const facet of facets) query.delete(facet);
  const text = query.toString();
  return text ? `?${text}` : "";
}
