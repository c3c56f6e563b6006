/**
 * The push webhooks received in the last day, in the database that every web process shares, so
 * that a signed delivery sent again (replayed by whoever saw it, or redelivered) is ignored. A
 * delivery is known by its host's id and by its body's digest: the id is not signed (GitHub, Gitea
 * and Forgejo sign the body alone), so a replay under a new id is still the same body.
 */
import { createHash } from "node:crypto";
import type { ContentDb } from "../db/database.ts";

const DAY_MS = 24 * 3_600_000;

/** The delivery's id, by each host's header: GitHub's (also sent by Gitea), Gitea's, Forgejo's, GitLab's (the same on its retries, then per event). */
const DELIVERY_HEADERS = ["x-github-delivery", "x-gitea-delivery", "x-forgejo-delivery", "idempotency-key", "x-gitlab-event-uuid"];

/** What a delivery is remembered by. */
export function deliveryKeys(headers: Headers, body: string): string[] {
  const id = DELIVERY_HEADERS.map((name) => headers.get(name)).find(Boolean);
  const digest = `body:${createHash("sha256").update(body).digest("hex")}`;
  return id ? [`id:${id.slice(0, 200)}`, digest] : [digest];
}

/** Remembers a delivery for a day: whether it is new (false: one of its keys was received within the day). */
export async function firstDelivery(db: ContentDb, keys: string[], now = Date.now()): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom("webhookDelivery")
      .where("receivedAt", "<", now - DAY_MS)
      .execute();
    const inserted = await trx
      .insertInto("webhookDelivery")
      .values(keys.map((key) => ({ key, receivedAt: now })))
      .onConflict((oc) => oc.column("key").doNothing())
      .executeTakeFirst();
    return Number(inserted.numInsertedOrUpdatedRows ?? 0) === keys.length;
  });
}
