import type { Statistics } from "../../../contract/api-types.ts";
import type { ContentDb } from "../../db/database.ts";
import { today } from "../../published.ts";
import { totalViews } from "../../usage/read.ts";

/** The home page's figures, computed from the catalogue itself and its counted views. */
export async function readStatistics(db: ContentDb): Promise<Statistics> {
  const [journals, articles, globalIndexes, articleViews] = await Promise.all([
    db
      .selectFrom("journal as j")
      .leftJoin("referenceItem as r", (j) => j.on("r.kind", "=", "reviewTypes").onRef("r.id", "=", "j.reviewTypeId"))
      .select((eb) => [eb.fn.countAll().as("total"), eb.fn.sum("r.doubleBlind").as("doubleBlind")])
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("article")
      .where("publishedOn", "<=", today())
      .select((eb) => eb.fn.countAll().as("total"))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("journalIndex as ji")
      .innerJoin("referenceItem as r", (j) => j.on("r.kind", "=", "indexes").onRef("r.id", "=", "ji.indexId"))
      .where("r.isGlobal", "=", 1)
      .select((eb) => eb.fn.count("ji.indexId").distinct().as("total"))
      .executeTakeFirstOrThrow(),
    totalViews(db),
  ]);
  const journalCount = Number(journals.total);
  return {
    journalCount,
    articleCount: Number(articles.total),
    doubleBlindRate: journalCount === 0 ? 0 : Math.round((Number(journals.doubleBlind ?? 0) / journalCount) * 100),
    globalIndexingDatabases: Number(globalIndexes.total),
    articleViews,
  };
}
