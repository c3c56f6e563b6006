import type { Kysely } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and do not follow the current row types.
type Db = Kysely<any>;

/** The OAI-PMH repository walks the articles by published date (selective harvesting by date, paging by key). */
export async function up(db: Db): Promise<void> {
  await db.schema.createIndex("articleByDate").on("article").columns(["publishedOn", "journalId", "id"]).execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropIndex("articleByDate").execute();
}
