import type { Kysely } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and do not follow the current row types.
type Db = Kysely<any>;

/** The feeds read the newest articles, of the whole catalogue or of one journal, without a scan. */
export async function up(db: Db): Promise<void> {
  await db.schema.createIndex("articleByDate").on("article").columns(["publishedOn"]).execute();
  await db.schema.createIndex("articleByJournalDate").on("article").columns(["journalId", "publishedOn"]).execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropIndex("articleByJournalDate").execute();
  await db.schema.dropIndex("articleByDate").execute();
}
