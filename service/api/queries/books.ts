import type { BookDetail, BookSummary, Locale } from "../../../contract/api-types.ts";
import { personAffiliations, personOf } from "../../article-authors.ts";
import type { ContentDb } from "../../db/database.ts";
import type { BookContributorTable } from "../../db/schema.ts";
import { alternatesOf } from "./alternates.ts";
import { byOrder } from "./order.ts";
import { type ReferenceNames, referenceNames } from "./reference.ts";

function selectBooks(db: ContentDb, locale: Locale) {
  return db
    .selectFrom("book as b")
    .innerJoin("bookText as t", "t.bookId", "b.id")
    .where("t.locale", "=", locale)
    .select(["b.id", "t.slug", "t.title", "t.subtitle", "b.year", "b.language", "b.printIsbn", "b.eIsbn", "b.cover", "b.sortOrder"]);
}

async function relationsOf(db: ContentDb, bookIds: string[], names: ReferenceNames) {
  if (bookIds.length === 0) return { contributors: new Map(), categories: new Map() };
  const [contributors, categories] = await Promise.all([
    db.selectFrom("bookContributor").where("bookId", "in", bookIds).selectAll().orderBy("bookId").orderBy("position").execute(),
    db.selectFrom("bookCategory").where("bookId", "in", bookIds).selectAll().orderBy("categoryId").execute(),
  ]);
  return {
    contributors: Map.groupBy(contributors, (c) => c.bookId),
    categories: new Map(
      [...Map.groupBy(categories, (c) => c.bookId)].map(([id, list]) => [id, list.map((c) => names.named("categories", c.categoryId))]),
    ),
  };
}

type BookRow = Awaited<ReturnType<ReturnType<typeof selectBooks>["executeTakeFirstOrThrow"]>>;

function toSummary(row: BookRow, relations: Awaited<ReturnType<typeof relationsOf>>): BookSummary {
  const { sortOrder, ...rest } = row;
  return {
    ...rest,
    language: row.language as Locale,
    order: sortOrder,
    contributors: (relations.contributors.get(row.id) ?? []).map(({ name, given, family, orcid, affiliations, role }: BookContributorTable) => ({
      name,
      given,
      family,
      orcid,
      affiliations: personAffiliations(affiliations),
      role: role as "author" | "editor",
    })),
    categories: relations.categories.get(row.id) ?? [],
  };
}

/** The books `query` reads, with their contributors and categories. */
async function summaries(db: ContentDb, locale: Locale, query: Promise<BookRow[]>): Promise<BookSummary[]> {
  const [rows, names] = await Promise.all([query, referenceNames(db, locale)]);
  const relations = await relationsOf(
    db,
    rows.map((r) => r.id),
    names,
  );
  return rows.map((r) => toSummary(r, relations));
}

/** Every book, in the list's order: by `order` (those without one last), then by title. */
export const listBooks = (db: ContentDb, locale: Locale) =>
  summaries(db, locale, selectBooks(db, locale).orderBy(byOrder("b.sortOrder")).orderBy("t.title").execute());

/** The `count` newest books: the latest year first, then in the list's order. */
export const newestBooks = (db: ContentDb, locale: Locale, count: number) =>
  summaries(db, locale, selectBooks(db, locale).orderBy("b.year", "desc").orderBy(byOrder("b.sortOrder")).orderBy("t.title").limit(count).execute());

export async function findBook(db: ContentDb, locale: Locale, slug: string): Promise<BookDetail | undefined> {
  const row = await selectBooks(db, locale)
    .where("t.slug", "=", slug)
    .select(["t.descriptionHtml", "b.doi", "b.pages", "b.publicationFormatId", "b.licence", "b.url"])
    .executeTakeFirst();
  if (!row) return undefined;
  const names = await referenceNames(db, locale);
  const [relations, chapters, alternates] = await Promise.all([
    relationsOf(db, [row.id], names),
    db.selectFrom("bookChapter").where("bookId", "=", row.id).selectAll().orderBy("position").execute(),
    alternatesOf(db.selectFrom("bookText").where("bookId", "=", row.id)),
  ]);
  const { descriptionHtml, doi, pages, publicationFormatId, licence, url } = row;
  return {
    ...toSummary(row, relations),
    descriptionHtml,
    doi,
    pages,
    publicationFormat: names.named("publicationFormats", publicationFormatId),
    licence,
    url,
    chapters: chapters.map((c) => ({
      title: c.title,
      authors: (JSON.parse(c.authors) as Parameters<typeof personOf>[0][]).map(personOf),
      firstPage: c.firstPage,
      lastPage: c.lastPage,
      doi: c.doi,
    })),
    alternates,
  };
}
