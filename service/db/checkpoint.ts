/**
 * After a large write on SQLite: the WAL grows to hold a whole transaction (an import's: as large as
 * the database) and SQLite never shrinks it by itself. This copies it into the database and cuts it
 * to nothing, waiting (on timers) for readers still on an older snapshot.
 */
import { sql } from "kysely";
import type { ContentDb } from "./database.ts";
import { dialectOf } from "./dialect.ts";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Gives up after `waitMs` of readers on an older snapshot: journal_size_limit then trims the WAL at its next reset. */
export async function truncateWal(db: ContentDb, waitMs = 10_000): Promise<void> {
  if (dialectOf(db) !== "sqlite") return;
  // PASSIVE copies the pages without the write lock; TRUNCATE, which takes it, then has little left to copy.
  await sql`pragma wal_checkpoint(PASSIVE)`.execute(db);
  const deadline = Date.now() + waitMs;
  for (;;) {
    const { rows } = await sql<{ busy: number }>`pragma wal_checkpoint(TRUNCATE)`.execute(db);
    if (Number(rows[0]?.busy) === 0 || Date.now() >= deadline) return;
    await sleep(50);
  }
}
