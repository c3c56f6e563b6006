import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabases } from "../../tests/databases.ts";
import { demoBundle } from "../../tests/demo-snapshot.ts";
import { importContent } from "../content/import.ts";
import type { ContentBundle } from "../content/read-folder.ts";
import type { DatabaseHandle } from "../db/database.ts";
import { today } from "../published.ts";
import { countingSince, totalViews } from "./read.ts";
import { NETWORK_DAY_CAP, recordUsage, type Use } from "./record.ts";

const visitor = (name: string) => createHash("sha256").update(name).digest("hex");
const NOW = Date.parse("2026-11-26T12:00:00.000Z");

let bundle: ContentBundle;
/** Published articles of the demo: "one" has no full text, "full" has one; "busy" and "capped" are any others. */
const articles: Record<"one" | "full" | "busy" | "capped", { journalId: string; slug: string; id: string }> = {} as never;
beforeAll(async () => {
  bundle = demoBundle();
  const published = bundle.journals.flatMap((j) =>
    j.issues.flatMap((i) =>
      i.articles.filter((a) => a.publishedOn <= today()).map((a) => ({ journal: j, journalId: j.journal.id, slug: j.journal.en.slug, id: a.id })),
    ),
  );
  // Every demo article has a full text: two lose theirs here.
  [articles.one, articles.busy, articles.full, articles.capped] = published;
  for (const article of [published[0], published[1]]) {
    const files = article.journal.articleFiles.get(article.id);
    if (files) files.fullText = null;
  }
});

/** A use of an article by visitor `who`, from a network of its own unless `network` names one. */
const use = (name: keyof typeof articles, kind: Use["kind"], at: string, who = "a", network = `network of ${who}`): Use => ({
  kind,
  locale: "en",
  journal: articles[name].slug,
  articleId: articles[name].id,
  at,
  visitor: visitor(who),
  network: visitor(network),
});

for (const database of testDatabases()) {
  describe(`counted usage on ${database.dialect}`, () => {
    let handle: DatabaseHandle;
    beforeAll(async () => {
      handle = await database.open();
      await importContent(handle.db, bundle);
    });
    afterAll(() => handle.db.destroy());

    const day = (name: keyof typeof articles) =>
      handle.db
        .selectFrom("usageDay")
        .where("articleId", "=", articles[name].id)
        .select(["day", "metric", "totalCount", "uniqueCount"])
        .orderBy("day")
        .orderBy("metric")
        .execute();

    it("counts every use in the total and each session once in the unique count, a session being a visitor in one hour", async () => {
      await recordUsage(
        handle.db,
        [
          use("one", "page", "2026-11-26T10:05:00.000Z"),
          use("one", "page", "2026-11-26T10:40:00.000Z"),
          use("one", "page", "2026-11-26T11:01:00.000Z"),
          use("one", "page", "2026-11-26T11:02:00.000Z", "b"),
          use("one", "galley", "2026-11-26T11:03:00.000Z", "b"),
        ],
        NOW,
      );
      // Later batches, from another process, add to the same counts.
      await recordUsage(handle.db, [use("one", "page", "2026-11-26T11:30:00.000Z", "b")], NOW);
      expect(await day("one")).toEqual([
        { day: "2026-11-26", metric: "download", totalCount: 1, uniqueCount: 1 },
        // Every request is an investigation too (COUNTER 5.1): the galley's download is one.
        { day: "2026-11-26", metric: "investigation", totalCount: 6, uniqueCount: 3 },
        { day: "2026-11-26", metric: "request", totalCount: 1, uniqueCount: 1 },
      ]);
    });

    it("adds up exactly when batches are written at the same time", async () => {
      // Each use from a network of its own: the cap per network is not what this is about.
      const batch = (who: string) =>
        Array.from({ length: 50 }, (_, i) => use("busy", "page", `2026-11-26T09:${String(i).padStart(2, "0")}:00.000Z`, who, `${who} ${i}`));
      const answers = await Promise.all(["a", "b", "c", "d", "a", "b"].map((who) => recordUsage(handle.db, batch(who), NOW)));
      expect(answers).toEqual(Array(6).fill({ counted: 50, capped: 0 }));
      // Four visitors in one hour each: four sessions, whichever batch came first.
      expect(await day("busy")).toEqual([{ day: "2026-11-26", metric: "investigation", totalCount: 300, uniqueCount: 4 }]);
    });

    it("keeps no visitor's digest, and forgets the day's salt after two days", async () => {
      const sessions = await handle.db.selectFrom("usageSeen").select("session").execute();
      const digests = new Set(["a", "b", "c", "d"].map(visitor));
      expect(sessions.length).toBeGreaterThan(0);
      for (const { session } of sessions) {
        expect(session).toMatch(/^[0-9a-f]{32}$/);
        expect(digests.has(session) || [...digests].some((d) => d.startsWith(session))).toBe(false);
      }
      expect(await handle.db.selectFrom("usageSalt").select("day").execute()).toEqual([{ day: "2026-11-26" }]);
      // Two days on, a batch prunes the day's sessions and its salt; its counts stay.
      const later = NOW + 2 * 24 * 3600 * 1000 + 3600 * 1000;
      await recordUsage(handle.db, [use("one", "page", "2026-11-28T12:30:00.000Z")], later);
      expect(await handle.db.selectFrom("usageSalt").select("day").execute()).toEqual([{ day: "2026-11-28" }]);
      expect(await handle.db.selectFrom("usageSeen").select("hour").distinct().execute()).toEqual([{ hour: "2026-11-28T12" }]);
      expect((await day("one")).map((d) => [d.day, d.metric, d.totalCount])).toEqual([
        ["2026-11-26", "download", 1],
        ["2026-11-26", "investigation", 6],
        ["2026-11-26", "request", 1],
        ["2026-11-28", "investigation", 1],
      ]);
    });

    it("drops uses dated more than a day ago or in the future", async () => {
      const answer = await recordUsage(
        handle.db,
        [use("full", "page", "2026-11-24T11:00:00.000Z"), use("full", "page", "2026-11-27T12:00:00.000Z")],
        NOW,
      );
      expect(answer.counted).toBe(0);
      expect(await day("full")).toEqual([]);
    });

    it("counts a page showing the full text as a request too, and nothing for an article that is not published", async () => {
      const answer = await recordUsage(
        handle.db,
        [use("full", "page", "2026-11-26T11:10:00.000Z"), { ...use("full", "page", "2026-11-26T11:11:00.000Z"), articleId: "no-such-article" }],
        NOW,
      );
      expect(answer.counted).toBe(1);
      expect((await day("full")).map((d) => [d.metric, d.totalCount, d.uniqueCount])).toEqual([
        ["investigation", 1, 1],
        ["request", 1, 1],
      ]);
    });

    it("answers the site's total of views and the day counting began", async () => {
      expect(await totalViews(handle.db)).toBe(308);
      expect(await countingSince(handle.db)).toBe("2026-11-26");
    });

    it("counts at most NETWORK_DAY_CAP uses of an article from one network a day, whatever its visitors, across batches written at once", async () => {
      const at = (minute: number) => `2026-11-26T10:${String(minute).padStart(2, "0")}:00.000Z`;
      // Fourteen visitors (one client changing its user agent) from one network, in two batches of two processes, and two from elsewhere.
      const [first, second] = await Promise.all([
        recordUsage(
          handle.db,
          Array.from({ length: 7 }, (_, i) => use("capped", i % 2 ? "galley" : "page", at(i), `agent ${i}`, "one network")),
          NOW,
        ),
        recordUsage(
          handle.db,
          [
            ...Array.from({ length: 7 }, (_, i) => use("capped", "page", at(10 + i), `agent ${7 + i}`, "one network")),
            use("capped", "page", at(20), "x"),
            use("capped", "page", at(21), "y"),
          ],
          NOW,
        ),
      ]);
      expect(first.counted + second.counted).toBe(NETWORK_DAY_CAP + 2);
      expect(first.capped + second.capped).toBe(14 - NETWORK_DAY_CAP);
      const views = async () => (await day("capped")).filter((d) => d.metric === "investigation").map((d) => [d.day, d.totalCount]);
      expect(await views()).toEqual([["2026-11-26", NETWORK_DAY_CAP + 2]]);
      // Its share of another article is its own; the next day the network counts again.
      expect((await recordUsage(handle.db, [use("full", "page", at(30), "agent 0", "one network")], NOW)).counted).toBe(1);
      const nextDay = NOW + 24 * 3600 * 1000;
      const next = await recordUsage(handle.db, [use("capped", "page", "2026-11-27T12:00:00.000Z", "agent 0", "one network")], nextDay);
      expect(next).toEqual({ counted: 1, capped: 0 });
      expect(await views()).toEqual([
        ["2026-11-26", NETWORK_DAY_CAP + 2],
        ["2026-11-27", 1],
      ]);
      // What the caps keep names no network: a digest made with the day's salt.
      const keys = await handle.db.selectFrom("rateLimitHit").select("key").distinct().execute();
      expect(keys.length).toBeGreaterThan(0);
      for (const { key } of keys) expect(key).toMatch(/^usage-cap:[0-9a-f]{32}$/);
      expect(JSON.stringify(keys)).not.toContain(visitor("one network").slice(0, 32));
    });

    it("caps a use without a network (from a web process of the release before) by its visitor", async () => {
      const { network: _, ...bare } = use("capped", "page", "2026-11-27T11:30:00.000Z", "old process");
      const uses = Array.from({ length: NETWORK_DAY_CAP + 3 }, () => bare);
      expect(await recordUsage(handle.db, uses, NOW + 24 * 3600 * 1000)).toEqual({ counted: NETWORK_DAY_CAP, capped: 3 });
    });
  });
}
