/**
 * Webhook deliveries remembered for a day, on SQLite and PostgreSQL (every web process shares the
 * database): a delivery is new once; its id again, or its body under another id, is a replay; a
 * day later it is forgotten.
 */
import { describe, expect, it } from "vitest";
import { testDatabases } from "../../tests/databases.ts";
import { deliveryKeys, firstDelivery } from "./webhook-deliveries.ts";

const DAY_MS = 24 * 3_600_000;
const headers = (entries: Record<string, string>) => new Headers(entries);

describe("a delivery's keys", () => {
  it("are its host's id and its body's digest, whichever host sent it", () => {
    const body = '{"ref":"refs/heads/main"}';
    for (const name of ["X-GitHub-Delivery", "X-Gitea-Delivery", "X-Forgejo-Delivery", "Idempotency-Key", "X-Gitlab-Event-UUID"]) {
      expect(deliveryKeys(headers({ [name]: "d-1" }), body)).toEqual(["id:d-1", expect.stringMatching(/^body:[0-9a-f]{64}$/)]);
    }
    expect(deliveryKeys(headers({}), body)).toEqual([expect.stringMatching(/^body:/)]);
  });
});

for (const database of testDatabases()) {
  describe(`deliveries on ${database.dialect}`, () => {
    it("are new once, replays within the day are not, and a day later they are forgotten", async () => {
      const { db } = await database.open();
      try {
        const now = Date.parse("2026-11-27T12:00:00Z");
        const body = '{"ref":"refs/heads/main","after":"abc"}';
        const keys = deliveryKeys(headers({ "X-GitHub-Delivery": "one" }), body);
        expect(await firstDelivery(db, keys, now)).toBe(true);
        expect(await firstDelivery(db, keys, now + 1000)).toBe(false);
        expect(await firstDelivery(db, deliveryKeys(headers({ "X-GitHub-Delivery": "two" }), body), now + 2000)).toBe(false);
        expect(await firstDelivery(db, deliveryKeys(headers({ "X-GitHub-Delivery": "three" }), `${body} `), now + 3000)).toBe(true);
        expect(await firstDelivery(db, keys, now + DAY_MS + 3000)).toBe(true);
        // Older ones are dropped as newer ones come: the table holds one day's.
        expect(
          Number(
            (
              await db
                .selectFrom("webhookDelivery")
                .select((eb) => eb.fn.countAll().as("n"))
                .executeTakeFirstOrThrow()
            ).n,
          ),
        ).toBe(4);
      } finally {
        await db.destroy();
      }
    });
  });
}
