import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { hitRateLimit } from "../api/rate-limit.ts";
import { storeSubmission } from "../submissions/store.ts";
import { DatabaseBusy } from "./busy.ts";
import { type ContentDb, migrateToLatest, openDatabase } from "./database.ts";

/** The worst lateness of a 10 ms timer while it runs: how long the event loop was held up. */
function watchEventLoop() {
  let worst = 0;
  let expected = performance.now() + 10;
  const timer = setInterval(() => {
    const now = performance.now();
    worst = Math.max(worst, now - expected);
    expected = now + 10;
  }, 10);
  return () => {
    clearInterval(timer);
    return worst;
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const rule = { key: "203.0.113.7", limit: 3, windowMs: 60_000 };

describe("SQLite writes while another connection holds the write lock", () => {
  let dir: string;
  let file: string;
  let db: ContentDb;
  /** Another process's connection, e.g. `npm run content:import`'s, with its own lock on the file. */
  let other: DatabaseSync;

  beforeEach(async () => {
    dir = mkdtempSync(path.join(tmpdir(), "sqlite-writes-"));
    file = path.join(dir, "content.db");
    db = openDatabase(file).db;
    await migrateToLatest(db);
    other = new DatabaseSync(file);
  });
  afterEach(async () => {
    other.close();
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  /** The other connection takes the write lock, with a hit of its own not yet committed. */
  const lockElsewhere = () => other.exec(`BEGIN IMMEDIATE; INSERT INTO rate_limit_hit (key, at) VALUES ('elsewhere', ${Date.now()})`);
  const hits = async (key: string) => (await db.selectFrom("rateLimitHit").selectAll().where("key", "=", key).execute()).length;

  it("waits without holding up the event loop, answers reads meanwhile, and writes once the lock is released", async () => {
    lockElsewhere();
    setTimeout(() => other.exec("COMMIT"), 400);
    const stop = watchEventLoop();
    const started = performance.now();
    const hit = hitRateLimit(db, rule);
    await sleep(100);
    const readStarted = performance.now();
    expect(await hits("elsewhere")).toBe(0); // a reader sees what was committed, at once
    const readMs = performance.now() - readStarted;
    expect(await hit).toEqual({ allowed: true, retryAfterMs: 0 });
    const waited = performance.now() - started;
    const worst = stop();

    expect(waited).toBeGreaterThanOrEqual(380);
    // Waiting inside node:sqlite held the loop for the whole busy timeout (5 s); 200 ms leaves room
    // for a machine busy with other work (a few tens of ms when it is not).
    expect(readMs).toBeLessThan(200);
    expect(worst).toBeLessThan(200);
    expect(await hits(rule.key)).toBe(1);
    expect(await hits("elsewhere")).toBe(1);
  });

  it("counts every post that waited: the rate limit still holds", async () => {
    lockElsewhere();
    setTimeout(() => other.exec("COMMIT"), 200);
    const answers = await Promise.all(Array.from({ length: 5 }, () => hitRateLimit(db, rule)));
    expect(answers.filter((a) => a.allowed)).toHaveLength(3);
    expect(await hits(rule.key)).toBe(3);
  });

  it("stores a submission with its e-mail once the lock is released", async () => {
    lockElsewhere();
    setTimeout(() => other.exec("COMMIT"), 200);
    const stored = await storeSubmission(
      db,
      {
        id: "MP-LOCKED-1",
        form: "contact",
        locale: "en",
        departmentId: "editorial-office",
        values: { name: "Ada Yılmaz", email: "ada@example.org", message: "Hello" } as never,
        phone: null,
      },
      { recipient: "editorial@meridianpress.example", replyTo: "ada@example.org", subject: "Contact", body: "Hello" },
    );
    expect(stored).toBe(true);
    expect(await db.selectFrom("outbox").select("submissionId").execute()).toEqual([{ submissionId: "MP-LOCKED-1" }]);
  });

  it("gives up with DatabaseBusy after its deadline, writes nothing, and writes again later", async () => {
    await db.destroy();
    db = openDatabase(file, { sqlite: { busyDeadlineMs: 200 } }).db;
    lockElsewhere();
    const started = performance.now();
    const failure = await hitRateLimit(db, rule).catch((error: unknown) => error);
    const waited = performance.now() - started;
    other.exec("COMMIT");

    expect(failure).toBeInstanceOf(DatabaseBusy);
    expect(waited).toBeGreaterThanOrEqual(190);
    expect(waited).toBeLessThan(1000);
    expect(await hits(rule.key)).toBe(0);
    expect((await hitRateLimit(db, rule)).allowed).toBe(true);
  });

  it("keeps this process's open transaction from readers until it commits", async () => {
    let finish = () => {};
    const gate = new Promise<void>((resolve) => (finish = resolve));
    const transaction = db.transaction().execute(async (trx) => {
      await trx.insertInto("rateLimitHit").values({ key: "inside", at: Date.now() }).execute();
      await gate;
    });
    await sleep(20);
    expect(await hits("inside")).toBe(0);
    finish();
    await transaction;
    expect(await hits("inside")).toBe(1);
  });
});
