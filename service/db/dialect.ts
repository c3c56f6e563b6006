import { type Kysely, PostgresAdapter } from "kysely";
import type { Dialect } from "./database.ts";

/** Which database a Kysely instance (or transaction) talks to, for the few statements that differ. */
// biome-ignore lint/suspicious/noExplicitAny: any schema will do, only the adapter is read.
export function dialectOf(db: Kysely<any>): Dialect {
  return db.getExecutor().adapter instanceof PostgresAdapter ? "postgres" : "sqlite";
}
