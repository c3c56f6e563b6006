/**
 * Waiting for SQLite's write lock without holding up the event loop: the web's connections have no
 * busy timeout (node:sqlite would wait for the lock synchronously, and every other request with it),
 * so a statement that finds the lock taken is tried again after a timer, until a deadline.
 */

import { DatabaseUnavailable } from "./unavailable.ts";

/**
 * The database stayed locked by another writer (another process: an import) past the deadline.
 * Nothing was written; the same request may succeed a few seconds later (answer 503, Retry-After).
 */
export class DatabaseBusy extends DatabaseUnavailable {
  override name = "DatabaseBusy";
  /** How long the statement waited for the lock. */
  readonly waitedMs: number;
  constructor(waitedMs: number, options?: ErrorOptions) {
    super(`the database stayed locked by another writer for ${waitedMs} ms`, options);
    this.waitedMs = waitedMs;
  }
}

/** SQLITE_BUSY, or one of its extended codes (SQLITE_BUSY_SNAPSHOT…), from node:sqlite. */
export function isBusy(error: unknown): boolean {
  const errcode = (error as { errcode?: unknown } | null)?.errcode;
  return typeof errcode === "number" && (errcode & 0xff) === 5;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs `attempt` (a synchronous SQLite call) until it does not fail with SQLITE_BUSY, waiting 5 ms,
 * then twice as long each time up to 100 ms, on timers; past `deadline` (a Date.now() value) throws
 * DatabaseBusy. Any other error is thrown at once.
 */
export async function retryWhileBusy<T>(attempt: () => T, deadline: number): Promise<T> {
  const started = Date.now();
  for (let wait = 5; ; wait = Math.min(wait * 2, 100)) {
    try {
      return attempt();
    } catch (error) {
      if (!isBusy(error)) throw error;
      const left = deadline - Date.now();
      if (left <= 0) throw new DatabaseBusy(Date.now() - started, { cause: error });
      await sleep(Math.min(wait, left));
    }
  }
}
