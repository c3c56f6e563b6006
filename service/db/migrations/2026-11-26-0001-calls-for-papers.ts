import type { Kysely } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and do not follow the current row types.
type Db = Kysely<any>;

/**
 * Calls for papers: a journal's call with its deadline, and its title, special issue and text per
 * locale. The open calls are read by deadline (those from today on, soonest first).
 */
export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable("callForPapers")
    .addColumn("id", "text", (c) => c.notNull())
    .addColumn("journalId", "text", (c) => c.notNull())
    .addColumn("deadline", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("callForPapersPk", ["id"])
    .execute();
  await db.schema
    .createTable("callForPapersText")
    .addColumn("callId", "text", (c) => c.notNull())
    .addColumn("locale", "text", (c) => c.notNull())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("specialTitle", "text")
    .addColumn("bodyHtml", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("callForPapersTextPk", ["callId", "locale"])
    .execute();
  await db.schema.createIndex("callForPapersByDeadline").on("callForPapers").columns(["deadline", "id"]).execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable("callForPapersText").execute();
  await db.schema.dropTable("callForPapers").execute();
}
