/**
 * Writes the search index (documents.ts) inside a transaction, replacing
 * the previous one: the folded words go to `search_index`, on SQLite a contentless FTS5 table, on
 * PostgreSQL a table of tsvectors (the title's, and the whole document's with the title weighted A).
 */
import { type CompiledQuery, type Kysely, sql, type Transaction } from "kysely";
import type { ContentDb } from "../db/database.ts";
import { dialectOf } from "../db/dialect.ts";
import { insertStatements } from "../db/insert-rows.ts";
import type { Database } from "../db/schema.ts";
import { type SearchIndexRows, searchDocuments, searchSourceTables } from "./documents.ts";

/** Documents per INSERT into the index (3 values each). */
const INDEX_BATCH = 300;

/** The statements that replace the index, compiled: an import builds them before it takes the write lock. */
export function searchIndexStatements(db: Kysely<Database>, { documents, texts, words }: SearchIndexRows): CompiledQuery[] {
  const sqlite = dialectOf(db) === "sqlite";
  const statements = [
    (sqlite ? sql`insert into search_index(search_index) values ('delete-all')` : sql`delete from search_index`).compile(db),
    db.deleteFrom("searchText").compile(),
    db.deleteFrom("searchDocument").compile(),
    ...insertStatements(db, "searchDocument", documents),
    ...insertStatements(db, "searchText", texts),
  ];
  for (let i = 0; i < words.length; i += INDEX_BATCH) {
    const values = sql.join(words.slice(i, i + INDEX_BATCH).map((w) => sql`(${w.id}, ${w.titleFolded}, ${w.bodyFolded})`));
    statements.push(
      (sqlite
        ? sql`insert into search_index(rowid, title_folded, body_folded) values ${values}`
        : sql`insert into search_index(id, title, words)
          select id::integer, to_tsvector('simple', title), setweight(to_tsvector('simple', title), 'A') || setweight(to_tsvector('simple', body), 'B')
          from (values ${values}) as v(id, title, body)`
      ).compile(db),
    );
  }
  return statements;
}

/** Replaces the index inside a transaction. */
export async function writeSearchIndex(trx: Transaction<Database>, index: SearchIndexRows): Promise<void> {
  for (const statement of searchIndexStatements(trx, index)) await trx.executeQuery(statement);
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
