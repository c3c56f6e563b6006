/**
 * The journal directory: the journal list filtered by category, index, publication format,
 * review type and open access, with faceted counts. There are at most a few hundred journals,
 * so it reads them all (the journal list, with each journal's publication format) and their
 * indexes, and filters and counts in memory.
 */

import {
  journalFacetKinds as facetKinds,
  type JournalDirectory,
  type JournalFacet,
  type JournalFilters,
  journalFacets,
  type Locale,
  OPEN_ACCESS,
} from "../../../contract/api-types.ts";
import type { ContentDb } from "../../db/database.ts";
import { countFacets } from "../../search/facet-counts.ts";
import { listJournals } from "./journals.ts";

type IdFacet = keyof typeof facetKinds;
const isIdFacet = (facet: JournalFacet): facet is IdFacet => facet in facetKinds;

/**
 * The first filter (in `journalFacets` order) whose value its facet does not have: an id that
 * is not a reference entity of the facet's kind, or an access other than `open`.
 */
export async function unknownJournalFilter(db: ContentDb, filters: JournalFilters): Promise<JournalFacet | undefined> {
  const idFacets = journalFacets.filter(isIdFacet).filter((facet) => filters[facet] !== undefined);
  const known = new Set<string>();
  if (idFacets.length > 0) {
    const rows = await db
      .selectFrom("referenceItem")
      .where(
        "kind",
        "in",
        idFacets.map((facet) => facetKinds[facet]),
      )
      .where(
        "id",
        "in",
        idFacets.map((facet) => filters[facet] as string),
      )
      .select(["kind", "id"])
      .execute();
    for (const row of rows) known.add(`${row.kind}/${row.id}`);
  }
  return journalFacets.find((facet) => {
    const value = filters[facet];
    if (value === undefined) return false;
    return isIdFacet(facet) ? !known.has(`${facetKinds[facet]}/${value}`) : value !== OPEN_ACCESS;
  });
}

/**
 * The journals matching every filter, in the list's order, and for each facet the number of
 * journals that match all the other filters and have each value. The filters must be known
 * (`unknownJournalFilter`); an unknown one simply matches nothing.
 */
export async function journalDirectory(db: ContentDb, locale: Locale, filters: JournalFilters): Promise<JournalDirectory> {
  const [journals, indexRows] = await Promise.all([
    listJournals(db, locale),
    db.selectFrom("journalIndex").select(["journalId", "indexId"]).execute(),
  ]);
  const indexesOf = Map.groupBy(indexRows, (r) => r.journalId);
  const entries = journals.map(({ summary: journal, publicationFormatId }) => {
    const values: Record<JournalFacet, string[]> = {
      category: journal.categories.map((c) => c.id),
      index: (indexesOf.get(journal.id) ?? []).map((r) => r.indexId),
      format: [publicationFormatId],
      review: [journal.reviewType.id],
      access: journal.openAccess ? [OPEN_ACCESS] : [],
    };
    return { journal, values };
  });

  const { matching, countsOf } = countFacets(entries, journalFacets, filters, (entry) => entry.values);
  const Items = matching.map(({ journal }) => journal);
  const countsByValue = (facet: JournalFacet) => Object.fromEntries(countsOf(facet));
  return {
    Items,
    Count: Items.length,
    facets: {
      category: countsByValue("category"),
      index: countsByValue("index"),
      format: countsByValue("format"),
      review: countsByValue("review"),
      access: { open: countsOf("access").get(OPEN_ACCESS) ?? 0 },
    },
  };
}
