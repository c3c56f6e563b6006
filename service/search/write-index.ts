/**
 * Writes the search index (documents.ts) inside a transaction, replacing the previous one: the
 * documents' rows, and their terms into `search_index` (dialects.ts).
 */
import type { CompiledQuery, Kysely, Transaction } from "kysely";
import { sql } from "kysely";
import type { ContentDb } from "../db/database.ts";
import { insertStatements } from "../db/insert-rows.ts";
import type { Database } from "../db/schema.ts";
import { indexDialectOf } from "./dialects.ts";
import { type SearchIndexRows, searchDocuments, searchSourceTables } from "./documents.ts";

/** Documents per INSERT into the index (3 values each). */
const INDEX_BATCH = 300;

/** The statements that replace the index, compiled: an import builds them before it takes the write lock. */
export function searchIndexStatements(db: Kysely<Database>, { documents, texts, terms }: SearchIndexRows): CompiledQuery[] {
  const dialect = indexDialectOf(db);
  const statements = [
    dialect.clear.compile(db),
    db.deleteFrom("searchText").compile(),
    db.deleteFrom("searchDocument").compile(),
    ...insertStatements(db, "searchDocument", documents),
    ...insertStatements(db, "searchText", texts),
  ];
  for (let i = 0; i < terms.length; i += INDEX_BATCH) {
    const values = sql.join(terms.slice(i, i + INDEX_BATCH).map((t) => sql`(${t.id}, ${t.title}, ${t.body})`));
    statements.push(dialect.insert(values).compile(db));
  }
  return statements;
}

/** Replaces the index inside a transaction. */
export async function writeSearchIndex(trx: Transaction<Database>, index: SearchIndexRows): Promise<void> {
  for (const statement of searchIndexStatements(trx, index)) await trx.executeQuery(statement);
}

/**
 * Builds the search index from the content in the database when the index is empty and the content
 * is not: a database imported before the index existed, or whose index a migration emptied because
 * its format changed (migrations 0011, 0012, 0015). Returns the number of documents written.
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
