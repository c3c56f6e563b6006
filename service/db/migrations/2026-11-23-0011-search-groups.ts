import { type Kysely, sql } from "kysely";
import { dialectOf } from "../dialect.ts";

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and do not follow the current row types.
type Db = Kysely<any>;

/**
 * A search document's id now says its facet group (service/content/search-documents.ts): an index
 * numbered the old way is emptied, and the server rebuilds it on start from the content. There is
 * nothing to undo.
 */
export async function up(db: Db): Promise<void> {
  await db.deleteFrom("searchText").execute();
  await db.deleteFrom("searchDocument").execute();
  if (dialectOf(db) === "sqlite") await sql`insert into search_index(search_index) values ('delete-all')`.execute(db);
}
