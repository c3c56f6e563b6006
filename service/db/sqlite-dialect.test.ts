import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { hitRateLimit } from "../api/rate-limit.ts";
import { storeSubmission } from "../submissions/store.ts";
import { DatabaseBusy } from "./busy.ts";
import { type ContentDb, migrateToLatest, openDatabase } from "./database.ts";

/** The longest a waiting statement sleeps between tries (service/db/busy.ts). */
const LONGEST_RETRY_MS = 100;
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
    // The waits under test are the dialect's own timers and Date.now() deadlines: the test moves
    // that clock, so a wait is "still waiting after a second" rather than a guess at how long.
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
  });
  afterEach(async () => {
    vi.useRealTimers();
    other.close();
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  /** The other connection takes the write lock, with a hit of its own not yet committed. */
  const lockElsewhere = () => other.exec(`BEGIN IMMEDIATE; INSERT INTO rate_limit_hit (key, at) VALUES ('elsewhere', ${Date.now()})`);
  /** The other connection commits; the statement waiting for it finds the lock free at its next try. */
  const releaseElsewhere = async () => {
    other.exec("COMMIT");
    await vi.advanceTimersByTimeAsync(LONGEST_RETRY_MS);
  };
  const hits = async (key: string) => (await db.selectFrom("rateLimitHit").selectAll().where("key", "=", key).execute()).length;

  it("waits without holding up the event loop, answers reads meanwhile, and writes once the lock is released", async () => {
    lockElsewhere();
    let written = false;
    const hit = hitRateLimit(db, rule).finally(() => {
      written = true;
    });
    // A second of tries on timers passes in less than a real second (a few ms when the machine is
    // idle), and the write still waits. Waiting inside node:sqlite (its busy timeout) held the loop
    // at every try, and the lock with it.
    const started = performance.now();
    await vi.advanceTimersByTimeAsync(1000);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(written).toBe(false);
    // A reader sees what was committed, at once: without a single timer of the clock moving.
    expect(await hits("elsewhere")).toBe(0);
    expect(written).toBe(false);
    await releaseElsewhere();
    expect(await hit).toEqual({ allowed: true, retryAfterMs: 0 });
    expect(await hits(rule.key)).toBe(1);
    expect(await hits("elsewhere")).toBe(1);
  });

  it("counts every post that waited: the rate limit still holds", async () => {
    lockElsewhere();
    const posts = Promise.all(Array.from({ length: 5 }, () => hitRateLimit(db, rule)));
    await vi.advanceTimersByTimeAsync(200);
    await releaseElsewhere();
    const answers = await posts;
    expect(answers.filter((a) => a.allowed)).toHaveLength(3);
    expect(await hits(rule.key)).toBe(3);
  });

  it("stores a submission with its e-mail once the lock is released", async () => {
    lockElsewhere();
    const storing = storeSubmission(
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
    await vi.advanceTimersByTimeAsync(200);
    await releaseElsewhere();
    expect(await storing).toBe(true);
    expect(await db.selectFrom("outbox").select("submissionId").execute()).toEqual([{ submissionId: "MP-LOCKED-1" }]);
  });

  it("gives up with DatabaseBusy at its deadline, not before, writes nothing, and writes again later", async () => {
    await db.destroy();
    db = openDatabase(file, { sqlite: { busyDeadlineMs: 200 } }).db;
    lockElsewhere();
    let failure: unknown;
    const hit = hitRateLimit(db, rule).catch((error: unknown) => {
      failure = error;
    });
    await vi.advanceTimersByTimeAsync(199);
    expect(failure).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    await hit;
    other.exec("COMMIT");

    expect(failure).toBeInstanceOf(DatabaseBusy);
    expect(failure).toMatchObject({ waitedMs: 200 });
    expect(await hits(rule.key)).toBe(0);
    expect((await hitRateLimit(db, rule)).allowed).toBe(true);
  });

  it("keeps this process's open transaction from readers until it commits", async () => {
    let finish = () => {};
    const gate = new Promise<void>((resolve) => (finish = resolve));
    let inserted = () => {};
    const insertedInside = new Promise<void>((resolve) => (inserted = resolve));
    const transaction = db.transaction().execute(async (trx) => {
      await trx.insertInto("rateLimitHit").values({ key: "inside", at: Date.now() }).execute();
      inserted();
      await gate;
    });
    await insertedInside;
    expect(await hits("inside")).toBe(0);
    finish();
    await transaction;
    expect(await hits("inside")).toBe(1);
  });
});
