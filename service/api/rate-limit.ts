/**
 * The forms' rate limit, kept in the database so that it holds across web processes: at most
 * `limit` posts per client key in any `windowMs` (a sliding log). One key's hits are counted one
 * at a time: on PostgreSQL under a transaction-scoped advisory lock on the key, on SQLite by its
 * single writer (the transaction writes first).
 */
import { sql } from "kysely";
import { z } from "zod";
import type { ContentDb } from "../db/database.ts";
import { dialectOf } from "../db/dialect.ts";

/** The largest limit and the longest window a caller may ask for (hits older than it count for nobody); the server's configuration is checked against them. */
export const RATE_LIMIT_RANGE = { limit: { min: 1, max: 10_000 }, windowMs: { min: 1000, max: 7 * 24 * 3600 * 1000 } } as const;
const MAX_WINDOW_MS = RATE_LIMIT_RANGE.windowMs.max;

export const rateLimitRequest = z.object({
  key: z.string().min(1).max(100),
  limit: z.number().int().min(RATE_LIMIT_RANGE.limit.min).max(RATE_LIMIT_RANGE.limit.max),
  windowMs: z.number().int().min(RATE_LIMIT_RANGE.windowMs.min).max(MAX_WINDOW_MS),
});
export type RateLimitRequest = z.infer<typeof rateLimitRequest>;
export interface RateLimitAnswer {
  allowed: boolean;
  /** How long until the next post would be allowed (0 when this one was). */
  retryAfterMs: number;
}

export async function hitRateLimit(db: ContentDb, { key, limit, windowMs }: RateLimitRequest, now = Date.now()): Promise<RateLimitAnswer> {
  return db.transaction().execute(async (trx) => {
    if (dialectOf(trx) === "postgres") await sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`.execute(trx);
    // Hits older than any window count for nobody any more (every key's: the table stays small).
    await trx
      .deleteFrom("rateLimitHit")
      .where("at", "<=", now - MAX_WINDOW_MS)
      .execute();
    const recent = await trx
      .selectFrom("rateLimitHit")
      .where("key", "=", key)
      .where("at", ">", now - windowMs)
      .select((eb) => [eb.fn.countAll().as("count"), eb.fn.min("at").as("oldest")])
      .executeTakeFirstOrThrow();
    if (Number(recent.count) >= limit) return { allowed: false, retryAfterMs: Number(recent.oldest) + windowMs - now };
    await trx.insertInto("rateLimitHit").values({ key, at: now }).execute();
    return { allowed: true, retryAfterMs: 0 };
  });
}
