import type { CompiledQuery, Insertable, Kysely } from "kysely";
import type { Database } from "./schema.ts";

/** Rows per INSERT: well under SQLite's and PostgreSQL's limits on bound parameters. */
const BATCH = 400;

/** The INSERTs that write `list` into `table`, in batches, compiled: an import builds them before it takes the write lock. */
export function insertStatements<T extends keyof Database>(db: Kysely<Database>, table: T, list: Insertable<Database[T]>[]): CompiledQuery[] {
  const statements: CompiledQuery[] = [];
  for (let i = 0; i < list.length; i += BATCH) {
    statements.push(
      db
        .insertInto(table)
        .values(list.slice(i, i + BATCH) as never)
        .compile(),
    );
  }
  return statements;
}
