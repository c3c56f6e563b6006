import type { Kysely } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and do not follow the current row types.
type Db = Kysely<any>;

/**
 * The content sync's memory (service/content/sync.ts, docs/decisions/040-content-sync-converges.md):
 * - `contentRevision.contentCommit`: the content repository's commit the content was imported
 *   from, written by the import in its transaction (null when it came from a folder, not a
 *   commit), so that a sync compares the branch with what the database holds, not with the folder;
 * - `webhookDelivery`: the push webhooks received in the last day, by the host's delivery id and
 *   by the body's digest, so that a replayed delivery is ignored.
 */
export async function up(db: Db): Promise<void> {
  await db.schema.alterTable("contentRevision").addColumn("contentCommit", "text").execute();
  await db.schema
    .createTable("webhookDelivery")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("receivedAt", "bigint", (c) => c.notNull())
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable("webhookDelivery").execute();
  await db.schema.alterTable("contentRevision").dropColumn("contentCommit").execute();
}
