/**
 * The site search over the index the content import builds (service/content/search-documents.ts):
 * every query word must occur (folded, in either locale's text), the last one as a prefix; results
 * whose title matches come first, then by relevance (FTS5's bm25 on SQLite, ts_rank on PostgreSQL).
 * Facet counts come from one grouped count of all matches, filtered in memory per facet.
 */
import { type RawBuilder, sql } from "kysely";
import type { ContentDb } from "../../db/database.ts";
import { dialectOf } from "../../db/dialect.ts";
import { plainText } from "../../plain-text.ts";
import { queryWords, snippetOf } from "../../search/fold.ts";
import {
  type FacetCount,
  type SearchAnswer,
  type SearchFacet,
  type SearchFilters,
  type SearchKind,
  searchFacets,
  searchKinds,
} from "../search-types.ts";
import type { Locale } from "../types.ts";

/** The last word is matched as a prefix only from this length on (shorter prefixes match too much to help). */
const MIN_PREFIX = 3;

interface Match {
  /** The FROM and WHERE that keep the matching documents, aliased `d`. */
  from: RawBuilder<unknown>;
  /** Title matches first, then relevance. */
  order: RawBuilder<unknown>;
}

function matchOf(db: ContentDb, words: string[]): Match {
  const prefixed = (word: string, i: number) => i === words.length - 1 && word.length >= MIN_PREFIX;
  if (dialectOf(db) === "postgres") {
    const query = sql`to_tsquery('simple', ${words.map((w, i) => (prefixed(w, i) ? `${w}:*` : w)).join(" & ")})`;
    return {
      from: sql`search_text s join search_document d on d.id = s.id where s.search_vector @@ ${query}`,
      order: sql`ts_filter(s.search_vector, '{a}') @@ ${query} desc, ts_rank(s.search_vector, ${query}) desc, d.id`,
    };
  }
  // Words hold only letters and digits (fold.ts), so quoting them makes a safe FTS5 query.
  const phrases = words.map((w, i) => `"${w}"${prefixed(w, i) ? "*" : ""}`).join(" ");
  return {
    from: sql`search_index join search_document d on d.id = search_index.rowid where search_index match ${phrases}`,
    order: sql`d.id in (select rowid from search_index where search_index match ${`title_folded : (${phrases})`}) desc, bm25(search_index, 10.0, 1.0), d.id`,
  };
}

/** The first filter whose value its facet cannot have: a type that is not a kind, a journal that does not exist, a year that is not one. */
export async function unknownSearchFilter(db: ContentDb, filters: SearchFilters): Promise<SearchFacet | undefined> {
  if (filters.type !== undefined && !(searchKinds as readonly string[]).includes(filters.type)) return "type";
  if (filters.journal !== undefined) {
    const journal = await db.selectFrom("journal").where("id", "=", filters.journal).select("id").executeTakeFirst();
    if (!journal) return "journal";
  }
  if (filters.year !== undefined && !/^\d{4}$/.test(filters.year)) return "year";
  return undefined;
}

interface Combination {
  kind: string;
  journalId: string | null;
  year: number | null;
  count: number | string | bigint;
}
type Values = Record<SearchFacet, string | undefined>;
const valuesOf = (row: { kind: string; journalId: string | null; year: number | null }): Values => ({
  type: row.kind,
  journal: row.journalId ?? undefined,
  year: row.year === null ? undefined : String(row.year),
});

export interface SearchRequest {
  query: string;
  filters: SearchFilters;
  page: number;
  pageSize: number;
}

/**
 * The number of matches under all the filters, and per facet value the number under all the other
 * filters (a picked value stays listed, with 0 if need be, so that it can be removed).
 */
function countFacets(combinations: Combination[], filters: SearchFilters) {
  const active = searchFacets.filter((facet) => filters[facet] !== undefined);
  const matches = (values: Values, except?: SearchFacet) => active.every((facet) => facet === except || values[facet] === filters[facet]);
  const counts = new Map(searchFacets.map((facet) => [facet, new Map<string, number>()]));
  let total = 0;
  for (const row of combinations) {
    const values = valuesOf(row);
    const n = Number(row.count);
    if (matches(values)) total += n;
    for (const facet of searchFacets) {
      const value = values[facet];
      if (value === undefined || !matches(values, facet)) continue;
      const byValue = counts.get(facet) as Map<string, number>;
      byValue.set(value, (byValue.get(value) ?? 0) + n);
    }
  }
  const facetCounts = (facet: SearchFacet): FacetCount[] => {
    const byValue = counts.get(facet) as Map<string, number>;
    const picked = filters[facet];
    if (picked !== undefined && !byValue.has(picked)) byValue.set(picked, 0);
    return [...byValue].map(([value, count]) => ({ value, count }));
  };
  return { total, facetCounts };
}

/** The locale's slug and title of the documents, by id. */
async function readTitles(db: ContentDb, locale: Locale, ids: number[]) {
  if (ids.length === 0) return new Map<number, { slug: string; title: string }>();
  const tr = locale === "tr";
  const rows = await db
    .selectFrom("searchText")
    .where("id", "in", ids)
    .select(["id", tr ? "slugTr as slug" : "slugEn as slug", tr ? "titleTr as title" : "titleEn as title"])
    .execute();
  return new Map(rows.map((r) => [r.id, r]));
}

type Found = { kind: SearchKind; entityId: string; journalId: string | null };

/** The text each result's snippet is cut from, in the locale: an abstract, a description, a page's body. Keyed `kind/entityId`. */
async function readSnippetSources(db: ContentDb, locale: Locale, found: Found[]): Promise<Map<string, string>> {
  const idsOf = (kind: SearchKind) => found.filter((r) => r.kind === kind).map((r) => r.entityId);
  const read = async (kind: SearchKind, query: (ids: string[]) => Promise<{ id: string; html: string }[]>) => {
    const ids = idsOf(kind);
    return ids.length === 0 ? [] : (await query(ids)).map((r) => [`${kind}/${r.id}`, plainText(r.html)] as const);
  };
  const items = (kind: "service" | "policy") => (ids: string[]) =>
    db
      .selectFrom("contentItemText")
      .where("type", "=", kind === "service" ? "services" : "policies")
      .where("locale", "=", locale)
      .where("id", "in", ids)
      .select(["id", sql<string>`description || ' ' || details_html`.as("html")])
      .execute();
  const lists = await Promise.all([
    read("journal", (ids) =>
      db
        .selectFrom("journalText")
        .where("locale", "=", locale)
        .where("journalId", "in", ids)
        .select(["journalId as id", sql<string>`description_html || ' ' || aims_scope_html`.as("html")])
        .execute(),
    ),
    // Article ids are unique within a journal: both narrow the key (journal, article, locale).
    read("article", async (ids) => {
      const journals = [...new Set(found.flatMap((r) => (r.kind === "article" && r.journalId ? [r.journalId] : [])))];
      const rows = await db
        .selectFrom("articleText")
        .where("journalId", "in", journals)
        .where("articleId", "in", ids)
        .where("locale", "=", locale)
        .select(["journalId", "articleId as id", "abstractHtml as html"])
        .execute();
      const wanted = new Set(found.filter((r) => r.kind === "article").map((r) => `${r.journalId}/${r.entityId}`));
      return rows.filter((r) => wanted.has(`${r.journalId}/${r.id}`));
    }),
    read("book", (ids) =>
      db.selectFrom("bookText").where("locale", "=", locale).where("bookId", "in", ids).select(["bookId as id", "descriptionHtml as html"]).execute(),
    ),
    read("service", items("service")),
    read("policy", items("policy")),
    read("page", (ids) => db.selectFrom("page").where("locale", "=", locale).where("id", "in", ids).select(["id", "bodyHtml as html"]).execute()),
  ]);
  return new Map(lists.flat());
}

export async function search(db: ContentDb, locale: Locale, { query, filters, page, pageSize }: SearchRequest): Promise<SearchAnswer> {
  const words = queryWords(query);
  if (words.length === 0) return { query, Items: [], Count: 0, page, pageSize, pageCount: 1, facets: { type: [], journal: [], year: [] } };
  const match = matchOf(db, words);

  const combinations =
    await sql<Combination>`select d.kind, d.journal_id, d.year, count(*) as count from ${match.from} group by d.kind, d.journal_id, d.year`.execute(
      db,
    );
  const { total, facetCounts } = countFacets(combinations.rows, filters);

  const conditions = [
    filters.type !== undefined && sql`d.kind = ${filters.type}`,
    filters.journal !== undefined && sql`d.journal_id = ${filters.journal}`,
    filters.year !== undefined && sql`d.year = ${Number(filters.year)}`,
  ].filter((c) => c !== false);
  const where = conditions.length > 0 ? sql` and ${sql.join(conditions, sql` and `)}` : sql``;
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const found =
    total === 0 || page > pageCount
      ? []
      : (
          await sql<{ id: number; kind: SearchKind; entityId: string; journalId: string | null; issueId: string | null; year: number | null }>`
          select d.id, d.kind, d.entity_id, d.journal_id, d.issue_id, d.year from ${match.from}${where}
          order by ${match.order} limit ${pageSize} offset ${(page - 1) * pageSize}`.execute(db)
        ).rows;
  const [titles, snippetSources] = await Promise.all([
    readTitles(
      db,
      locale,
      found.map((r) => r.id),
    ),
    readSnippetSources(db, locale, found),
  ]);
  const rows = found.map((r) => ({
    ...r,
    ...(titles.get(r.id) as { slug: string; title: string }),
    text: snippetSources.get(`${r.kind}/${r.entityId}`) ?? "",
  }));

  const journalFacet = facetCounts("journal");
  const journalIds = [...new Set([...journalFacet.map((f) => f.value), ...rows.flatMap((r) => (r.journalId ? [r.journalId] : []))])];
  const journalTitles = new Map(
    journalIds.length === 0
      ? []
      : (
          await db
            .selectFrom("journalText")
            .where("locale", "=", locale)
            .where("journalId", "in", journalIds)
            .select(["journalId", "title"])
            .execute()
        ).map((r) => [r.journalId, r.title]),
  );
  const collator = new Intl.Collator(locale);

  return {
    query,
    Items: rows.map((r) => ({
      type: r.kind,
      id: r.entityId,
      title: r.title,
      slug: r.slug,
      issueId: r.issueId,
      journal: r.journalId ? { id: r.journalId, title: journalTitles.get(r.journalId) ?? r.journalId } : null,
      year: r.year,
      snippet: snippetOf(r.text, words),
    })),
    Count: total,
    page,
    pageSize,
    pageCount,
    facets: {
      type: facetCounts("type").sort((a, b) => searchKinds.indexOf(a.value as SearchKind) - searchKinds.indexOf(b.value as SearchKind)),
      journal: journalFacet
        .map((f) => ({ ...f, title: journalTitles.get(f.value) ?? f.value }))
        .sort((a, b) => b.count - a.count || collator.compare(a.title, b.title)),
      year: facetCounts("year").sort((a, b) => Number(b.value) - Number(a.value)),
    },
  };
}
