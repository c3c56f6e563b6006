/**
 * Faceted counting in memory, for the journal directory and the site search. Each entry has, per
 * facet, the values it carries (none, one or several) and a weight (the results it stands for: a
 * journal is one, a search's facet group is its matches). A filter keeps the entries carrying its
 * value. Per facet value, the count is the weight of the entries that carry it and match all the
 * other filters, so that a visitor sees what picking another value would give.
 */
export function countFacets<Facet extends string, Entry>(
  entries: readonly Entry[],
  facets: readonly Facet[],
  filters: Partial<Record<Facet, string>>,
  valuesOf: (entry: Entry) => Record<Facet, readonly string[]>,
  weightOf: (entry: Entry) => number = () => 1,
) {
  const active = facets.filter((facet) => filters[facet] !== undefined);
  const matches = (values: Record<Facet, readonly string[]>, except?: Facet) =>
    active.every((facet) => facet === except || values[facet].includes(filters[facet] as string));
  const counts = new Map(facets.map((facet) => [facet, new Map<string, number>()]));
  const matching: Entry[] = [];
  for (const entry of entries) {
    const values = valuesOf(entry);
    const weight = weightOf(entry);
    if (matches(values)) matching.push(entry);
    for (const facet of facets) {
      if (!matches(values, facet)) continue;
      const byValue = counts.get(facet) as Map<string, number>;
      for (const value of values[facet]) byValue.set(value, (byValue.get(value) ?? 0) + weight);
    }
  }
  return {
    /** The entries matching every filter, in their order. */
    matching,
    /** Whether any filter is set. */
    filtered: active.length > 0,
    /** A facet's counts by value. */
    countsOf: (facet: Facet) => counts.get(facet) as Map<string, number>,
  };
}
