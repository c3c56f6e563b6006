import type { Kysely } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and do not follow the current row types.
type Db = Kysely<any>;

/**
 * Counted usage (service/usage/, docs/decisions/036-counted-usage.md), replacing the `views` an
 * editor typed:
 * - `usageDay`: per article, UTC day and metric (`investigation`, `request`, `download`), the
 *   total and the unique count (sessions that used the article that day);
 * - `usageSeen`: which session used which article in which hour, so that a unique count counts
 *   each once; kept two days;
 * - `usageSalt`: each day's random salt, with which a visitor's digest becomes a session; deleted
 *   after two days, so that no session can then be traced to an address.
 * Articles are named by journal and id, without a foreign key: an import replaces the articles, and
 * their counts stay.
 */
export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable("usageDay")
    .addColumn("journalId", "text", (c) => c.notNull())
    .addColumn("articleId", "text", (c) => c.notNull())
    .addColumn("day", "text", (c) => c.notNull())
    .addColumn("metric", "text", (c) => c.notNull())
    .addColumn("totalCount", "integer", (c) => c.notNull())
    .addColumn("uniqueCount", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("usageDayKey", ["journalId", "articleId", "day", "metric"])
    .execute();
  await db.schema.createIndex("usageDayByDay").on("usageDay").columns(["day"]).execute();
  await db.schema
    .createTable("usageSeen")
    .addColumn("hour", "text", (c) => c.notNull())
    .addColumn("session", "text", (c) => c.notNull())
    .addColumn("journalId", "text", (c) => c.notNull())
    .addColumn("articleId", "text", (c) => c.notNull())
    .addColumn("metric", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("usageSeenKey", ["hour", "session", "journalId", "articleId", "metric"])
    .execute();
  await db.schema
    .createTable("usageSalt")
    .addColumn("day", "text", (c) => c.primaryKey())
    .addColumn("salt", "text", (c) => c.notNull())
    .execute();
  await db.schema.alterTable("article").dropColumn("views").execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema
    .alterTable("article")
    .addColumn("views", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.dropTable("usageSalt").execute();
  await db.schema.dropTable("usageSeen").execute();
  await db.schema.dropTable("usageDay").execute();
}
