/**
 * The site search over the index the content import builds (documents.ts): every term of the query
 * must match (terms.ts: a word, folded, or its stem, in either locale's text, the last word also as
 * a prefix; a DOI or an ORCID iD as a whole), in either database (dialects.ts). The facet counts
 * and the filters read only the matches' ids, whose high bits are their facet group. Title matches
 * come first, then the rest; up to RANKED_MATCHES matches, each part is ordered by relevance
 * (FTS5's bm25 on SQLite, ts_rank on PostgreSQL). Beyond that the query is a word in a large part
 * of the catalogue, which says little about relevance and would take every match's score to rank:
 * each part follows the catalogue order of the ids (articles and books newest first).
 */
import { type RawBuilder, sql } from "kysely";
import type { Locale } from "../../contract/api-types.ts";
import { plainText } from "../../contract/plain-text.ts";
import {
  type FacetCount,
  type SearchAnswer,
  type SearchFacet,
  type SearchFilters,
  type SearchKind,
  searchFacets,
  searchKinds,
} from "../../contract/search-types.ts";
import type { ContentDb } from "../db/database.ts";
import { today } from "../published.ts";
import { indexDialectOf, type Matches, type Part } from "./dialects.ts";
import { firstIdOf, GROUP_BITS } from "./documents.ts";
import { countFacets } from "./facet-counts.ts";
import { snippetOf } from "./fold.ts";
import { queryTerms } from "./terms.ts";

/** The most matches ranked by relevance (about 4 ms of scoring on SQLite; every match of a word in all 100 000 articles takes 40). */
const RANKED_MATCHES = 10_000;

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

/** The matches of one facet group (one kind, journal and year). */
interface Group {
  group: number;
  kind: string;
  journalId: string | null;
  year: number | null;
  count: number | string | bigint;
  /** The group's works are dated after today: not published yet, so not found. */
  unpublished: number | boolean;
}
const valuesOf = (group: Group): Record<SearchFacet, string[]> => ({
  type: [group.kind],
  journal: group.journalId === null ? [] : [group.journalId],
  year: group.year === null ? [] : [String(group.year)],
});

interface SearchRequest {
  query: string;
  filters: SearchFilters;
  page: number;
  pageSize: number;
}

/**
 * The number of matches under all the filters and the groups they are in, and per facet value the
 * number under all the other filters (a picked value stays listed, with 0 if need be, so that it
 * can be removed).
 */
function countSearchFacets(groups: Group[], filters: SearchFilters) {
  const { matching, filtered, countsOf } = countFacets(groups, searchFacets, filters, valuesOf, (group) => Number(group.count));
  const facetCounts = (facet: SearchFacet): FacetCount[] => {
    const byValue = countsOf(facet);
    const picked = filters[facet];
    if (picked !== undefined && !byValue.has(picked)) byValue.set(picked, 0);
    return [...byValue].map(([value, count]) => ({ value, count }));
  };
  return {
    total: matching.reduce((sum, group) => sum + Number(group.count), 0),
    selected: matching.map((group) => group.group),
    filtered,
    facetCounts,
  };
}

/** The documents of a page of results, in the order of their ids, with their slug and title in the locale. */
async function readDocuments(db: ContentDb, locale: Locale, ids: number[]) {
  if (ids.length === 0) return [];
  const tr = locale === "tr";
  const rows = await db
    .selectFrom("searchDocument as d")
    .innerJoin("searchText as t", "t.id", "d.id")
    .where("d.id", "in", ids)
    .select([
      "d.id",
      "d.kind",
      "d.entityId",
      "d.journalId",
      "d.issueId",
      "d.year",
      tr ? "t.slugTr as slug" : "t.slugEn as slug",
      tr ? "t.titleTr as title" : "t.titleEn as title",
    ])
    .execute();
  const byId = new Map(rows.map((r) => [r.id, { ...r, kind: r.kind as SearchKind }]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * The ids of a page of results among `total` matches (see the top of the module for the order);
 * `from` gives the matches of a part of the query under the filters. The title matches are read
 * first; they are counted only when the page starts past them, to know where in the rest it starts.
 */
async function pageIds(
  db: ContentDb,
  matches: Matches,
  from: (part: Part) => RawBuilder<unknown>,
  { total, rankedMatches, offset, limit }: { total: number; rankedMatches: number; offset: number; limit: number },
) {
  const order = total <= rankedMatches ? matches.relevance : matches.id;
  const read = async (part: Part, skip: number, take: number) =>
    take <= 0
      ? []
      : (
          await sql<{ id: number }>`select ${matches.id} as id from ${from(part)} order by ${order} limit ${take} offset ${skip}`.execute(db)
        ).rows.map((r) => Number(r.id));
  const first = await read("title", offset, limit);
  if (first.length === limit) return first;
  // The title matches end on this page, or before it: the rest starts at its beginning if the page
  // has title matches or is the first; otherwise as far in as the page starts past the title matches.
  const skip =
    offset === 0 || first.length > 0
      ? 0
      : offset - Number((await sql<{ count: number | string }>`select count(*) as count from ${from("title")}`.execute(db)).rows[0].count);
  return [...first, ...(await read("rest", skip, limit - first.length))];
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

export async function search(
  db: ContentDb,
  locale: Locale,
  { query, filters, page, pageSize }: SearchRequest,
  { rankedMatches = RANKED_MATCHES } = {},
): Promise<SearchAnswer> {
  const terms = queryTerms(query);
  if (terms.length === 0) return { query, Items: [], Count: 0, page, pageSize, pageCount: 1, facets: { type: [], journal: [], year: [] } };
  const matches = indexDialectOf(db).matches(terms);

  const bits = sql.lit(GROUP_BITS);
  const groups = await sql<Group>`
    select m.grp as "group", d.kind, d.journal_id, d.year, m.count, coalesce(d.published_on > ${today()}, false) as unpublished
    from (select ${matches.id} >> ${bits} as grp, count(*) as count from ${matches.matching()} group by 1) m
    join search_document d on d.id = m.grp << ${bits}`.execute(db);
  const published = groups.rows.filter((g) => !g.unpublished);
  const counted = countSearchFacets(published, filters);
  const { total, selected, facetCounts } = counted;
  // Matches in a group dated after today are left out as a filter leaves out another group's.
  const filtered = counted.filtered || published.length < groups.rows.length;

  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  let ids: number[] = [];
  if (total > 0 && page <= pageCount) {
    // The index skips the matches outside the groups' range of ids (a year's groups are next to each other).
    const [first, last] = [Math.min(...selected), Math.max(...selected) + 1].map(firstIdOf);
    const underFilters = filtered
      ? sql` and ${matches.id} >= ${first} and ${matches.id} < ${last} and ${matches.id} >> ${bits} in (${sql.join(selected)})`
      : sql``;
    const from = (part: Part) => sql`${matches.matching(part)}${underFilters}`;
    ids = await pageIds(db, matches, from, { total, rankedMatches, offset: (page - 1) * pageSize, limit: pageSize });
  }
  const found = await readDocuments(db, locale, ids);

  const journalFacet = facetCounts("journal");
  const journalIds = [...new Set([...journalFacet.map((f) => f.value), ...found.flatMap((r) => (r.journalId ? [r.journalId] : []))])];
  const [snippetSources, journalTitles] = await Promise.all([
    readSnippetSources(db, locale, found),
    journalIds.length === 0
      ? new Map<string, string>()
      : db
          .selectFrom("journalText")
          .where("locale", "=", locale)
          .where("journalId", "in", journalIds)
          .select(["journalId", "title"])
          .execute()
          .then((rows) => new Map(rows.map((r) => [r.journalId, r.title]))),
  ]);
  const collator = new Intl.Collator(locale);
  const forms = terms.flatMap((term) => term.forms);

  return {
    query,
    Items: found.map((r) => ({
      type: r.kind,
      id: r.entityId,
      title: r.title,
      slug: r.slug,
      issueId: r.issueId,
      journal: r.journalId ? { id: r.journalId, title: journalTitles.get(r.journalId) ?? r.journalId } : null,
      year: r.year,
      snippet: snippetOf(snippetSources.get(`${r.kind}/${r.entityId}`) ?? "", forms),
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
