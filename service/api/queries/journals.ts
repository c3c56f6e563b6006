import type { ArticleSummary, EditorialBoard, Issue, JournalDetail, JournalSummary, Locale, Page } from "../../../contract/api-types.ts";
import { otherLocale } from "../../../i18n/locales.ts";
import { readAuthors } from "../../article-authors.ts";
import type { ContentDb } from "../../db/database.ts";
import { today } from "../../published.ts";
import { counted } from "../../usage/read.ts";
import { alternatesOf } from "./alternates.ts";
import { galleysOf, titleLanguage } from "./article-record.ts";
import { byOrder } from "./order.ts";
import { type ReferenceNames, referenceNames } from "./reference.ts";

function selectJournals(db: ContentDb, locale: Locale) {
  return db
    .selectFrom("journal as j")
    .innerJoin("journalText as t", "t.journalId", "j.id")
    .where("t.locale", "=", locale)
    .select([
      "j.id",
      "t.slug",
      "t.title",
      "j.abbreviation",
      "j.eIssn",
      "j.printIssn",
      "j.cover",
      "j.reviewTypeId",
      "j.publicationFormatId",
      "j.frequency",
      "j.openAccess",
      "j.sortOrder",
    ]);
}
type JournalRow = Awaited<ReturnType<ReturnType<typeof selectJournals>["executeTakeFirstOrThrow"]>>;

function toSummary(row: JournalRow, categoryIds: string[], names: ReferenceNames): JournalSummary {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    abbreviation: row.abbreviation,
    eIssn: row.eIssn,
    printIssn: row.printIssn,
    cover: row.cover,
    categories: categoryIds.map((id) => names.named("categories", id)),
    reviewType: names.named("reviewTypes", row.reviewTypeId),
    frequency: row.frequency,
    openAccess: row.openAccess === 1,
    order: row.sortOrder,
  };
}

async function categoriesOf(db: ContentDb, journalIds: string[]) {
  const byJournal = new Map<string, string[]>();
  if (journalIds.length === 0) return byJournal;
  const rows = await db.selectFrom("journalCategory").where("journalId", "in", journalIds).selectAll().orderBy("categoryId").execute();
  for (const r of rows) byJournal.set(r.journalId, [...(byJournal.get(r.journalId) ?? []), r.categoryId]);
  return byJournal;
}

/** A journal of the list: its summary, and its publication format's id (the directory's `format` facet), which the summary does not show. */
export interface ListedJournal {
  summary: JournalSummary;
  publicationFormatId: string;
}

/** Every journal with a text in the locale, in the list's order: by `order` (those without one last), then by title. */
export async function listJournals(db: ContentDb, locale: Locale): Promise<ListedJournal[]> {
  const [rows, names] = await Promise.all([
    selectJournals(db, locale).orderBy(byOrder("j.sortOrder")).orderBy("t.title").execute(),
    referenceNames(db, locale),
  ]);
  const categories = await categoriesOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({ summary: toSummary(r, categories.get(r.id) ?? [], names), publicationFormatId: r.publicationFormatId }));
}

/** The journal a locale's slug names, with everything its pages show. */
export async function findJournal(db: ContentDb, locale: Locale, slug: string): Promise<JournalDetail | undefined> {
  const row = await selectJournals(db, locale)
    .where("t.slug", "=", slug)
    .select([
      "t.descriptionHtml",
      "t.aimsScopeHtml",
      "j.languages",
      "j.startYear",
      "j.licence",
      "j.journalSystemId",
      "j.journalSystemUrl",
      "j.contactEmail",
    ])
    .executeTakeFirst();
  if (!row) return undefined;
  const [names, categories, indexes, metrics, counts, alternates] = await Promise.all([
    referenceNames(db, locale),
    categoriesOf(db, [row.id]),
    db.selectFrom("journalIndex").where("journalId", "=", row.id).select("indexId").execute(),
    db.selectFrom("journalMetric").where("journalId", "=", row.id).selectAll().orderBy("year", "desc").orderBy("metricTypeId").execute(),
    db
      .selectFrom("article")
      .where("journalId", "=", row.id)
      .where("publishedOn", "<=", today())
      .select((eb) => [eb.fn.countAll().as("articles"), eb.fn.count("issueId").distinct().as("issues")])
      .executeTakeFirstOrThrow(),
    alternatesOf(db.selectFrom("journalText").where("journalId", "=", row.id)),
  ]);
  const system = names.row("journalSystems", row.journalSystemId);
  return {
    ...toSummary(row, categories.get(row.id) ?? [], names),
    descriptionHtml: row.descriptionHtml,
    aimsScopeHtml: row.aimsScopeHtml,
    publicationFormat: names.named("publicationFormats", row.publicationFormatId),
    languages: row.languages.split(",") as Locale[],
    startYear: row.startYear,
    indexes: indexes
      .map(({ indexId }) => {
        const index = names.row("indexes", indexId);
        return { id: indexId, title: index?.title ?? indexId, url: index?.url ?? null, global: index?.isGlobal === 1 };
      })
      .sort((a, b) => Number(b.global) - Number(a.global) || a.title.localeCompare(b.title, locale)),
    metrics: metrics.map((m) => ({ type: names.named("metricTypes", m.metricTypeId), value: m.value, year: m.year })),
    licence: row.licence,
    journalSystem: { ...names.named("journalSystems", row.journalSystemId), url: system?.url ?? null },
    journalSystemUrl: row.journalSystemUrl,
    contactEmail: row.contactEmail,
    issueCount: Number(counts.issues),
    articleCount: Number(counts.articles),
    alternates,
  };
}

/** The journal behind a locale's slug, or undefined: its id, and its title in that locale. */
export async function journalBySlug(db: ContentDb, locale: Locale, slug: string): Promise<{ journalId: string; title: string } | undefined> {
  return db.selectFrom("journalText").where("locale", "=", locale).where("slug", "=", slug).select(["journalId", "title"]).executeTakeFirst();
}

/**
 * The id of the journal a locale's slug names, as a subquery: the queries below take the slug and
 * find their rows in the same statement, rather than after a query of their own for the id.
 */
export const journalIdOf = (db: ContentDb, locale: Locale, slug: string) =>
  db.selectFrom("journalText").where("locale", "=", locale).where("slug", "=", slug).select("journalId");

/** A journal's issues, newest first, with their special titles and article counts. */
export async function listIssues(db: ContentDb, locale: Locale, journalSlug: string, issueId?: string): Promise<Issue[]> {
  let query = db
    .selectFrom("issue as i")
    .leftJoin("issueText as t", (j) => j.onRef("t.journalId", "=", "i.journalId").onRef("t.issueId", "=", "i.id").on("t.locale", "=", locale))
    .where("i.journalId", "=", journalIdOf(db, locale, journalSlug))
    .where("i.publishedOn", "<=", today())
    .select((eb) => [
      "i.id",
      "i.volume",
      "i.number",
      "i.year",
      "i.publishedOn",
      "t.specialTitle",
      eb
        .selectFrom("article as a")
        .whereRef("a.journalId", "=", "i.journalId")
        .whereRef("a.issueId", "=", "i.id")
        .where("a.publishedOn", "<=", today())
        .select(eb.fn.countAll().as("n"))
        .as("articleCount"),
    ])
    .orderBy("i.publishedOn", "desc")
    .orderBy("i.volume", "desc")
    .orderBy("i.number", "desc");
  if (issueId) query = query.where("i.id", "=", issueId);
  const rows = await query.execute();
  return rows.map((r) => ({ ...r, specialTitle: r.specialTitle ?? null, articleCount: Number(r.articleCount) }));
}

export interface PageRequest {
  page: number;
  pageSize: number;
}

/**
 * A page of a journal's articles (or of one issue's), newest issue first and in the issue's
 * order within it.
 */
export async function listArticles(
  db: ContentDb,
  locale: Locale,
  journalSlug: string,
  { page, pageSize }: PageRequest,
  issueId?: string,
): Promise<Page<ArticleSummary>> {
  let base = db
    .selectFrom("article as a")
    .where("a.journalId", "=", journalIdOf(db, locale, journalSlug))
    .where("a.publishedOn", "<=", today());
  if (issueId) base = base.where("a.issueId", "=", issueId);
  const [{ count }, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll().as("count")).executeTakeFirstOrThrow(),
    base
      .innerJoin("issue as i", (j) => j.onRef("i.journalId", "=", "a.journalId").onRef("i.id", "=", "a.issueId"))
      .innerJoin("articleText as t", (j) => j.onRef("t.journalId", "=", "a.journalId").onRef("t.articleId", "=", "a.id").on("t.locale", "=", locale))
      .innerJoin("articleText as o", (j) =>
        j.onRef("o.journalId", "=", "a.journalId").onRef("o.articleId", "=", "a.id").on("o.locale", "=", otherLocale(locale)),
      )
      .select([
        "a.journalId",
        "a.id",
        "a.issueId",
        "t.title",
        "o.title as otherTitle",
        "a.type",
        "a.language",
        "a.doi",
        "a.firstPage",
        "a.lastPage",
        "a.publishedOn",
        counted("a", "investigation").as("views"),
        "a.status",
        "a.galleys",
      ])
      .orderBy("i.publishedOn", "desc")
      .orderBy("i.volume", "desc")
      .orderBy("i.number", "desc")
      .orderBy("a.position")
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
  ]);
  const authorsOf = await readAuthors(db, rows);
  const total = Number(count);
  return {
    Items: rows.map(({ journalId, otherTitle, ...r }) => ({
      ...r,
      views: Number(r.views),
      titleLanguage: titleLanguage(locale, r.title, otherTitle, r.language as Locale),
      language: r.language as Locale,
      status: r.status as ArticleSummary["status"],
      galleys: galleysOf(r.galleys),
      authors: authorsOf({ journalId, id: r.id }),
    })),
    Count: total,
    page,
    pageSize,
    pageCount: Math.max(1, Math.ceil(total / pageSize)),
  };
}

/** The editorial board grouped by team position, in the positions' order. */
export async function readEditorialBoard(db: ContentDb, locale: Locale, journalSlug: string): Promise<EditorialBoard> {
  const rows = await db
    .selectFrom("boardMember as m")
    .innerJoin("referenceItem as p", (j) => j.on("p.kind", "=", "teamPositions").onRef("p.id", "=", "m.teamPositionId"))
    .innerJoin("referenceItemText as pt", (j) => j.onRef("pt.kind", "=", "p.kind").onRef("pt.id", "=", "p.id").on("pt.locale", "=", locale))
    .where("m.journalId", "=", journalIdOf(db, locale, journalSlug))
    .select(["m.teamPositionId", "pt.title as positionTitle", "m.honorific", "m.name", "m.affiliation", "m.country", "m.orcid"])
    .orderBy(byOrder("p.sortOrder"))
    .orderBy(byOrder("m.sortOrder"))
    .orderBy("m.position")
    .execute();
  const positions: EditorialBoard["positions"] = [];
  for (const { teamPositionId, positionTitle, ...member } of rows) {
    let group = positions.at(-1);
    if (group?.id !== teamPositionId) {
      group = { id: teamPositionId, title: positionTitle, members: [] };
      positions.push(group);
    }
    group.members.push(member);
  }
  return { positions, Count: rows.length };
}
