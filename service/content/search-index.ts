/**
 * Writes the search index (service/content/search-documents.ts) inside a transaction, replacing
 * the previous one: on SQLite the folded words go to the contentless FTS5 table, on PostgreSQL to
 * the text row, whose tsvector is generated from them.
 */
import { sql, type Transaction } from "kysely";
import type { ContentDb } from "../db/database.ts";
import { dialectOf } from "../db/dialect.ts";
import type { Database } from "../db/schema.ts";
import { insertRows } from "./insert-rows.ts";
import { type SearchIndexRows, searchDocuments, searchSourceTables } from "./search-documents.ts";

/** Documents per FTS5 INSERT (3 values each). */
const FTS_BATCH = 300;

export async function writeSearchIndex(trx: Transaction<Database>, { documents, texts, words }: SearchIndexRows): Promise<void> {
  const sqlite = dialectOf(trx) === "sqlite";
  await trx.deleteFrom("searchText").execute();
  await trx.deleteFrom("searchDocument").execute();
  if (sqlite) await sql`insert into search_index(search_index) values ('delete-all')`.execute(trx);
  await insertRows(trx, "searchDocument", documents);
  if (!sqlite) {
    const folded = new Map(words.map((w) => [w.id, w]));
    // PostgreSQL keeps the folded words beside the titles (their tsvector is a generated column).
    await insertRows(
      trx,
      "searchText",
      texts.map((t) => ({ ...t, ...folded.get(t.id as number) }) as never),
    );
    return;
  }
  await insertRows(trx, "searchText", texts);
  for (let i = 0; i < words.length; i += FTS_BATCH) {
    const values = words.slice(i, i + FTS_BATCH).map((w) => sql`(${w.id}, ${w.titleFolded}, ${w.bodyFolded})`);
    await sql`insert into search_index(rowid, title_folded, body_folded) values ${sql.join(values)}`.execute(trx);
  }
}

/**
 * Builds the search index from the content in the database when the index is empty and the content
 * is not: a database imported before the index existed. Returns the number of documents written.
 */
export async function fillMissingSearchIndex(db: ContentDb): Promise<number> {
  const indexed = await db.selectFrom("searchDocument").select("id").limit(1).executeTakeFirst();
  const content = await db.selectFrom("journal").select("id").limit(1).executeTakeFirst();
  if (indexed || !content) return 0;
  const source = Object.fromEntries(
    await Promise.all(searchSourceTables.map(async (table) => [table, await db.selectFrom(table).selectAll().execute()])),
  ) as Parameters<typeof searchDocuments>[0];
  const index = searchDocuments(source);
  await db.transaction().execute((trx) => writeSearchIndex(trx, index));
  return index.documents.length;
}
