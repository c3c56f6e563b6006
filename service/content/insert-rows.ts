import type { Insertable, Transaction } from "kysely";
import type { Database } from "../db/schema.ts";

/** Rows per INSERT: well under SQLite's and PostgreSQL's limits on bound parameters. */
const BATCH = 400;

/** Inserts rows in batches. */
export async function insertRows<T extends keyof Database>(trx: Transaction<Database>, table: T, list: Insertable<Database[T]>[]) {
  for (let i = 0; i < list.length; i += BATCH) {
    await trx
      .insertInto(table)
      .values(list.slice(i, i + BATCH) as never)
      .execute();
  }
}
