import type { Kysely } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and do not follow the current row types.
type Db = Kysely<any>;

/**
 * The forms' rate limit, shared by every web process: one row per counted post (its client key and
 * its time in milliseconds), kept for the limit's window (service/api/rate-limit.ts).
 */
export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable("rateLimitHit")
    .addColumn("key", "text", (c) => c.notNull())
    .addColumn("at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("rateLimitHitByKey").on("rateLimitHit").columns(["key", "at"]).execute();
  await db.schema.createIndex("rateLimitHitByTime").on("rateLimitHit").column("at").execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable("rateLimitHit").execute();
}
