import type { Kysely } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and do not follow the current row types.
type Db = Kysely<any>;

/**
 * The catalogue's newest articles (the home page, the site's feed) are read in this index's order,
 * newest first then by key, so that the first few are found without sorting every article. The
 * published-date index of 2026-11-23-0003 went with the scholarly record (2026-11-25-0001), whose
 * OAI-PMH walk reads the datestamp instead.
 */
export async function up(db: Db): Promise<void> {
  await db.schema.createIndex("articleByNewest").on("article").columns(["publishedOn desc", "journalId", "id"]).execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropIndex("articleByNewest").execute();
}
