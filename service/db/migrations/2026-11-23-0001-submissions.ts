import type { Kysely } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and do not follow the current row types.
type Db = Kysely<any>;

/**
 * Form submissions and their mail outbox. Times are ISO 8601 UTC strings (`2026-11-23T10:00:00.000Z`),
 * which sort as text on SQLite and PostgreSQL alike.
 */
export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable("submission")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("form", "text", (c) => c.notNull())
    .addColumn("locale", "text", (c) => c.notNull())
    .addColumn("departmentId", "text", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("phone", "text")
    .addColumn("fields", "text", (c) => c.notNull())
    .addColumn("createdAt", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("submissionByDate").on("submission").columns(["createdAt"]).execute();
  await db.schema
    .createTable("outbox")
    .addColumn("submissionId", "text", (c) => c.primaryKey().references("submission.id").onDelete("cascade"))
    .addColumn("recipient", "text", (c) => c.notNull())
    .addColumn("replyTo", "text", (c) => c.notNull())
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("nextAttemptAt", "text", (c) => c.notNull())
    .addColumn("lockedUntil", "text")
    .addColumn("deliveredAt", "text")
    .addColumn("lastError", "text")
    .execute();
  await db.schema.createIndex("outboxDue").on("outbox").columns(["deliveredAt", "nextAttemptAt"]).execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable("outbox").execute();
  await db.schema.dropTable("submission").execute();
}
