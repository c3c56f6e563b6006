import type { Kysely } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and do not follow the current row types.
type Db = Kysely<any>;

/**
 * A journal's feed reads its newest articles without a scan (the catalogue's feed uses the
 * published-date index of 2026-11-23-0002).
 */
export async function up(db: Db): Promise<void> {
  await db.schema.createIndex("articleByJournalDate").on("article").columns(["journalId", "publishedOn"]).execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropIndex("articleByJournalDate").execute();
}
