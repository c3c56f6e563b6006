import { describe, expect, it } from "vitest";
import { createApiClient } from "../service/api/client.ts";
import { createContentService } from "../service/api/content-service.ts";
import { migrateToLatest, openDatabase } from "../service/db/database.ts";
import { createRateLimiter } from "./rate-limiter.ts";

describe("the forms' rate limiter", () => {
  it("counts posts in the content service's database, and refuses a post it cannot count", async () => {
    const { db } = openDatabase(":memory:");
    await migrateToLatest(db);
    const api = createApiClient(createContentService(db), { wait: async () => undefined });
    const limiter = createRateLimiter({ limit: 1, windowMs: 60_000, api });
    expect(await limiter.hit("198.51.100.7")).toEqual({ allowed: true, retryAfterMs: 0 });
    expect((await limiter.hit("198.51.100.7")).allowed).toBe(false);
    // The database is gone: nothing can be counted, so nothing is let through.
    await db.destroy();
    expect(await limiter.hit("198.51.100.8")).toEqual({ allowed: false, retryAfterMs: 5000, uncounted: true });
  });
});
