/** What the home page shows of the catalogue: journals with their newest issue, the newest articles and books, the open calls for papers. */
import type { HomeContent, HomeJournal, Locale } from "../../../contract/api-types.ts";
import type { ContentDb } from "../../db/database.ts";
import { today } from "../../published.ts";
import { newestBooks } from "./books.ts";
import { listCalls } from "./calls.ts";
import { listJournals } from "./journals.ts";
import { newestWorks } from "./latest-articles.ts";

/** How many of each the home page is given. */
export const HOME_COUNTS = { journals: 12, articles: 8, books: 4, calls: 6 } as const;

/** The first journals of the list with each one's newest published issue (null before its first). */
async function homeJournals(db: ContentDb, locale: Locale): Promise<HomeJournal[]> {
  const journals = (await listJournals(db, locale)).slice(0, HOME_COUNTS.journals).map((j) => j.summary);
  if (journals.length === 0) return [];
  const ranked = db
    .selectFrom("issue as i")
    .leftJoin("issueText as t", (j) => j.onRef("t.journalId", "=", "i.journalId").onRef("t.issueId", "=", "i.id").on("t.locale", "=", locale))
    .where(
      "i.journalId",
      "in",
      journals.map((j) => j.id),
    )
    .where("i.publishedOn", "<=", today())
    .select((eb) => [
      "i.journalId",
      "i.id",
      "i.volume",
      "i.number",
      "i.year",
      "i.publishedOn",
      "t.specialTitle",
      // The issues' order on the journal's pages (listIssues): newest first.
      eb.fn
        .agg<number>("row_number")
        .over((over) => over.partitionBy("i.journalId").orderBy("i.publishedOn", "desc").orderBy("i.volume", "desc").orderBy("i.number", "desc"))
        .as("rank"),
    ]);
  const issues = await db.selectFrom(ranked.as("r")).selectAll().where("r.rank", "=", 1).execute();
  const latest = new Map(issues.map(({ journalId, rank, specialTitle, ...issue }) => [journalId, { ...issue, specialTitle: specialTitle ?? null }]));
  return journals.map((journal) => ({ ...journal, latestIssue: latest.get(journal.id) ?? null }));
}

export async function readHome(db: ContentDb, locale: Locale): Promise<HomeContent> {
  const [journals, latestArticles, newBooks, calls] = await Promise.all([
    homeJournals(db, locale),
    newestWorks(db, locale, HOME_COUNTS.articles),
    newestBooks(db, locale, HOME_COUNTS.books),
    listCalls(db, locale, { limit: HOME_COUNTS.calls }),
  ]);
  return { journals, latestArticles, newBooks, calls };
}
