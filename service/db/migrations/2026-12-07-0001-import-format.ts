import type { Kysely } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and do not follow the current row types.
type Db = Kysely<any>;

/**
 * `contentRevision.importFormat`: the format of the rows the last import wrote (IMPORT_FORMAT,
 * service/content/import.ts). Rich text is sanitized once, by the import, and sent as stored; a
 * database whose rows an older format wrote (null: before this column) is imported again
 * (docs/decisions/049-sanitised-at-import.md).
 */
export async function up(db: Db): Promise<void> {
  await db.schema.alterTable("contentRevision").addColumn("importFormat", "integer").execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.alterTable("contentRevision").dropColumn("importFormat").execute();
}
