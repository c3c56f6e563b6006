import type { Kysely } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and do not follow the current row types.
type Db = Kysely<any>;

/**
 * The content's revision, one row bumped by every import in its transaction: processes that keep
 * pages or answers (the page cache, catalogue-wide figures) follow it and forget what they kept
 * when it moves, whichever process ran the import.
 */
export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable("contentRevision")
    .addColumn("id", "integer", (c) => c.primaryKey())
    .addColumn("revision", "integer", (c) => c.notNull())
    .execute();
  await db.insertInto("contentRevision").values({ id: 1, revision: 0 }).execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable("contentRevision").execute();
}
