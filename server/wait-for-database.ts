/**
 * A database that cannot be reached when the process starts (PostgreSQL restarting, a failover, its
 * container not up yet) is waited for, within a budget, instead of failing the start at once: with
 * several workers, a restart while one of them starts would otherwise cost that worker its start
 * (docs/decisions/043-edge-limits-and-startup.md). Only "unreachable" is waited for (the pool's DatabaseUnavailable,
 * server/postgres-pool.ts, anywhere in the error's causes); a wrong password, a missing database or a
 * failed migration fails at once. Each try is logged, and the last error ends the start.
 */
import { isDatabaseUnavailable } from "../service/db/unavailable.ts";

export interface WaitOptions {
  /** How long to go on trying after the first failure, in all (0: one try). */
  budgetMs: number;
  /** The first wait, doubled after each try up to `maxDelayMs`. */
  firstDelayMs?: number;
  maxDelayMs?: number;
  /** For tests: the clock and the wait. */
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

/** Whether the error, or one of its causes, says the database could not be reached. */
function isUnreachable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const { cause } = error;
  return isDatabaseUnavailable(error) || isUnreachable(cause);
}

export async function waitForDatabase<T>(
  open: () => Promise<T>,
  { budgetMs, firstDelayMs = 500, maxDelayMs = 5000, now = Date.now, sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms)) }: WaitOptions,
): Promise<T> {
  const started = now();
  let delay = firstDelayMs;
  for (let attempt = 1; ; attempt++) {
    try {
      return await open();
    } catch (error) {
      const left = budgetMs - (now() - started);
      if (!isUnreachable(error) || left <= 0) throw error;
      const wait = Math.min(delay, left);
      console.warn(
        `database not reachable at start (try ${attempt}): ${(error as Error).message}; trying again in ${wait} ms (${Math.round(left / 1000)} s left before giving up)`,
      );
      await sleep(wait);
      delay = Math.min(delay * 2, maxDelayMs);
    }
  }
}
