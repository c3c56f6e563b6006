import { type Kysely, sql } from "kysely";
import { dialectOf } from "../dialect.ts";

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and do not follow the current row types.
type Db = Kysely<any>;

/**
 * The search index now holds each word's stem beside it, and DOIs, ORCID iDs and affiliations
 * (service/search/terms.ts): an index of folded words alone is emptied, and the server rebuilds it
 * on start from the content. The tables do not change; there is nothing to undo.
 */
export async function up(db: Db): Promise<void> {
  if (dialectOf(db) === "sqlite") await sql`insert into search_index(search_index) values ('delete-all')`.execute(db);
  else await sql`delete from search_index`.execute(db);
  await db.deleteFrom("searchText").execute();
  await db.deleteFrom("searchDocument").execute();
}
