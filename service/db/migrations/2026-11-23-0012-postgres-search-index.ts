import { type Kysely, sql } from "kysely";
import { dialectOf } from "../dialect.ts";

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and do not follow the current row types.
type Db = Kysely<any>;

/**
 * On PostgreSQL, the folded words move out of `search_text` into a narrow table of their own,
 * `search_index` (as SQLite's FTS5 table is named): per document the title's tsvector and the
 * whole document's (title words weighted A, the rest B), each under a GIN index. Reading a match's
 * id reads a row of tsvectors instead of the document's wide text row, and a title match needs no
 * weighted recheck. `toast_tuple_target = 128` and storage `external` move the tsvectors out of a
 * row only when PostgreSQL toasts the row at all, which it does only over its 2 kB threshold: most
 * documents' tsvectors are smaller and stay in the row (on the 100 000-article catalogue the heap
 * is 195 MB), so a word in most documents reads the whole heap. The index is emptied; the server
 * rebuilds it on start.
 */
export async function up(db: Db): Promise<void> {
  if (dialectOf(db) !== "postgres") return;
  await db.deleteFrom("searchText").execute();
  await db.deleteFrom("searchDocument").execute();
  await sql`alter table search_text drop column search_vector, drop column title_folded, drop column body_folded`.execute(db);
  await sql`create table search_index (
    id integer primary key references search_document (id) on delete cascade,
    title tsvector not null,
    words tsvector not null
  ) with (toast_tuple_target = 128)`.execute(db);
  await sql`alter table search_index alter column title set storage external, alter column words set storage external`.execute(db);
  await sql`create index search_index_title on search_index using gin (title)`.execute(db);
  await sql`create index search_index_words on search_index using gin (words)`.execute(db);
}

export async function down(db: Db): Promise<void> {
  if (dialectOf(db) !== "postgres") return;
  await sql`drop table search_index`.execute(db);
  await db.deleteFrom("searchText").execute();
  await db.deleteFrom("searchDocument").execute();
  await sql`alter table search_text add column title_folded text not null, add column body_folded text not null`.execute(db);
  await sql`alter table search_text add column search_vector tsvector generated always as (
    setweight(to_tsvector('simple', title_folded), 'A') || setweight(to_tsvector('simple', body_folded), 'B')
  ) stored`.execute(db);
  await sql`create index search_text_vector on search_text using gin (search_vector)`.execute(db);
}
