import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabases } from "../../tests/databases.ts";
import type { DatabaseHandle } from "../db/database.ts";
import { createApiApp } from "./app.ts";
import { createContentService } from "./content-service.ts";
import { hitRateLimit } from "./rate-limit.ts";

for (const database of testDatabases()) {
  describe(`the shared rate limit on ${database.dialect}`, () => {
    let handle: DatabaseHandle;
    beforeAll(async () => {
      handle = await database.open();
    });
    afterAll(() => handle.db.destroy());

    it("allows `limit` posts per key in a sliding window, then says when to retry", async () => {
      const hit = (key: string, at: number) => hitRateLimit(handle.db, { key, limit: 3, windowMs: 60_000 }, at);
      for (const at of [0, 1000, 2000]) expect(await hit("a", at)).toEqual({ allowed: true, retryAfterMs: 0 });
      expect(await hit("a", 3000)).toEqual({ allowed: false, retryAfterMs: 57_000 });
      expect((await hit("b", 3000)).allowed).toBe(true);
      // The first hit has left the window: one more is allowed, and only one.
      expect((await hit("a", 60_000)).allowed).toBe(true);
      expect((await hit("a", 60_001)).allowed).toBe(false);
    });

    it("keeps each caller's window: a short one does not forget the hits a long one still counts", async () => {
      const at = 20_000_000;
      expect((await hitRateLimit(handle.db, { key: "long", limit: 1, windowMs: 600_000 }, at)).allowed).toBe(true);
      expect((await hitRateLimit(handle.db, { key: "short", limit: 1, windowMs: 1000 }, at + 5000)).allowed).toBe(true);
      expect(await hitRateLimit(handle.db, { key: "long", limit: 1, windowMs: 600_000 }, at + 6000)).toEqual({
        allowed: false,
        retryAfterMs: 594_000,
      });
    });

    it("counts concurrent posts one at a time: exactly `limit` of them get through", async () => {
      const at = 10_000_000;
      const answers = await Promise.all(Array.from({ length: 20 }, () => hitRateLimit(handle.db, { key: "busy", limit: 5, windowMs: 60_000 }, at)));
      expect(answers.filter((a) => a.allowed)).toHaveLength(5);
    });

    it("refuses a malformed count request with a 400", async () => {
      const app = createApiApp(createContentService(handle.db));
      for (const body of ["{", JSON.stringify({ key: "", limit: 1, windowMs: 60_000 }), JSON.stringify({ key: "a", limit: 0, windowMs: 60_000 })]) {
        const response = await app.request("/api/rate-limit", { method: "POST", headers: { "Content-Type": "application/json" }, body });
        expect(response.status).toBe(400);
      }
    });
  });
}
