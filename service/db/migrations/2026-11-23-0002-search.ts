import { type Kysely, sql } from "kysely";
import { dialectOf } from "../dialect.ts";

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and do not follow the current row types.
type Db = Kysely<any>;

/**
 * The site search's index: one document per journal, article, book, service, policy and page. Its
 * narrow row (kind, journal, year: what the filters and facet counts read for every match) is kept
 * apart from its title and slug per locale. The words of both locales, folded
 * (service/search/fold.ts), are indexed: on SQLite by a contentless FTS5 table (the words are not
 * stored twice); on PostgreSQL as folded text with a stored tsvector ('simple' configuration,
 * title words weighted A, the rest B) under a GIN index. The content import rebuilds it all in its
 * transaction.
 */
export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable("searchDocument")
    .addColumn("id", "integer", (c) => c.primaryKey())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("entityId", "text", (c) => c.notNull())
    .addColumn("journalId", "text")
    .addColumn("issueId", "text")
    .addColumn("year", "integer")
    .execute();
  await db.schema
    .createTable("searchText")
    .addColumn("id", "integer", (c) => c.primaryKey().references("searchDocument.id").onDelete("cascade"))
    .addColumn("slugEn", "text", (c) => c.notNull())
    .addColumn("slugTr", "text", (c) => c.notNull())
    .addColumn("titleEn", "text", (c) => c.notNull())
    .addColumn("titleTr", "text", (c) => c.notNull())
    .execute();
  if (dialectOf(db) === "sqlite") {
    await sql`create virtual table search_index using fts5(
      title_folded, body_folded, content='', contentless_delete=1, tokenize='unicode61 remove_diacritics 2'
    )`.execute(db);
  } else {
    await sql`alter table search_text add column title_folded text not null, add column body_folded text not null`.execute(db);
    await sql`alter table search_text add column search_vector tsvector generated always as (
      setweight(to_tsvector('simple', title_folded), 'A') || setweight(to_tsvector('simple', body_folded), 'B')
    ) stored`.execute(db);
    await sql`create index search_text_vector on search_text using gin (search_vector)`.execute(db);
  }
}

export async function down(db: Db): Promise<void> {
  if (dialectOf(db) === "sqlite") await sql`drop table search_index`.execute(db);
  await db.schema.dropTable("searchText").execute();
  await db.schema.dropTable("searchDocument").execute();
}
