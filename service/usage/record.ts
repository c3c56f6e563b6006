/**
 * Writes a batch of counted uses (the web processes gather them, service/usage/counter.ts) into the
 * daily counts, following COUNTER 5.1's processing rules for what the web process cannot see alone:
 * - a *session* is a visitor in one UTC hour (COUNTER §7.3: "IP address + user agent + date + hour");
 *   the visitor comes as a digest of address and user agent, made a session here with the day's
 *   random salt, which is deleted within two days of its day's start: no address or user agent is stored, and once the
 *   salt is gone no session can be traced back to one;
 * - a *unique* count counts an article once per session and metric, whichever process saw it;
 * - totals are added, never set, so several processes (or two batches of one) add up exactly:
 *   on PostgreSQL the upsert locks the row it adds to, on SQLite the one writer does;
 * - one *network* (the visitor's IPv4 /24 or IPv6 /48, as a digest) adds at most NETWORK_DAY_CAP
 *   uses to an article in a UTC day, however many user agents it shows: COUNTER counts only
 *   "genuine, user-driven usage" and leaves the filters to the report provider (§7, §7.8, §7.9);
 *   docs/decisions/041-counting-resists-one-client.md says why this number and what it costs.
 * Uses dated more than a day ago (their salt may be gone) or in the future are dropped.
 */
import { createHash, randomBytes } from "node:crypto";
import { sql } from "kysely";
import { z } from "zod";
import { locales } from "../../i18n/locales.ts";
import type { ContentDb } from "../db/database.ts";
import { dialectOf } from "../db/dialect.ts";
import type { UsageMetric } from "../db/schema.ts";
import { today } from "../published.ts";

/** How late a use may arrive: a day. Sessions and salts are kept as long, so a salt is gone two days after its day began at most. */
const LATE_MS = 24 * 3600 * 1000;
/** Rows per statement: well under either database's limit on bound parameters. */
const ROWS = 400;
/**
 * The most uses one network adds to one article in a UTC day (its page and its files together): a
 * reader comes back to an article a few times, a seminar behind one address a few more.
 */
export const NETWORK_DAY_CAP = 10;
/** Where each network's use of its caps is kept: the rate limit's table, under keys of their own. */
const CAP_KEY = "usage-cap:";

/** A use as the web process saw it: an article's page (in either locale, by its journal's slug) or one of its galleys. */
export const usageBatch = z.object({
  uses: z
    .array(
      z.object({
        kind: z.enum(["page", "galley"]),
        locale: z.enum(locales),
        journal: z.string().min(1).max(200),
        articleId: z.string().min(1).max(200),
        /** When it was used (ISO 8601, UTC). */
        at: z.iso.datetime(),
        /** SHA-256 of the visitor's address and user agent, hex (service/usage/counter.ts). */
        visitor: z.string().regex(/^[0-9a-f]{64}$/),
        /**
         * SHA-256 of the visitor's network (service/visitor-network.ts), hex; a web process of the
         * release before sends none, and its visitor is then capped as a network.
         */
        network: z
          .string()
          .regex(/^[0-9a-f]{64}$/)
          .optional(),
      }),
    )
    .max(20_000),
});
export type UsageBatch = z.infer<typeof usageBatch>;
export type Use = UsageBatch["uses"][number];

const digest = (text: string) => createHash("sha256").update(text).digest("hex");

/** Adds `uses` to the counts; answers how many were counted, and how many of the rest were over the cap per network (others were too old or too new, or named no published article). */
export async function recordUsage(db: ContentDb, uses: readonly Use[], now = Date.now()): Promise<{ counted: number; capped: number }> {
  const cutoff = new Date(now - LATE_MS).toISOString();
  const current = uses.filter((use) => Date.parse(use.at) >= now - LATE_MS && Date.parse(use.at) < now + 60_000);
  const answer = await db.transaction().execute(async (trx) => {
    // One batch at a time checks and fills the caps (SQLite has one writer anyway, and this transaction writes first).
    if (dialectOf(trx) === "postgres") await sql`select pg_advisory_xact_lock(hashtextextended('usage cap', 0))`.execute(trx);
    await trx.deleteFrom("usageSeen").where("hour", "<", cutoff.slice(0, 13)).execute();
    await trx.deleteFrom("usageSalt").where("day", "<", cutoff.slice(0, 10)).execute();
    await trx
      .deleteFrom("rateLimitHit")
      .where("key", "like", `${CAP_KEY}%`)
      .where("at", "<", Date.parse(cutoff.slice(0, 10)))
      .execute();
    const articles = await articlesOf(trx, current);
    const known = current.filter((use) => articles.has(articleKey(use.locale, use.journal, use.articleId)));
    if (known.length === 0) return { counted: 0, capped: 0 };

    // Each day's salt: made by the first batch of the day, whichever process sent it.
    const days = [...new Set(known.map((use) => use.at.slice(0, 10)))];
    await trx
      .insertInto("usageSalt")
      .values(days.map((day) => ({ day, salt: randomBytes(16).toString("hex") })))
      .onConflict((oc) => oc.column("day").doNothing())
      .execute();
    const salts = new Map(
      (await trx.selectFrom("usageSalt").where("day", "in", days).select(["day", "salt"]).execute()).map((row) => [row.day, row.salt]),
    );
    const kept = await withinCap(trx, known, salts, articles);
    const counted = expand(kept, articles);

    const key = (journalId: string, articleId: string, day: string, metric: string) => `${journalId}\n${articleId}\n${day}\n${metric}`;
    const counts = new Map<
      string,
      { journalId: string; articleId: string; day: string; metric: UsageMetric; totalCount: number; uniqueCount: number }
    >();
    const seen = new Map<string, { hour: string; session: string; journalId: string; articleId: string; metric: UsageMetric }>();
    for (const use of counted) {
      const day = use.at.slice(0, 10);
      const count = counts.get(key(use.journalId, use.articleId, day, use.metric));
      if (count) count.totalCount++;
      else counts.set(key(use.journalId, use.articleId, day, use.metric), { ...pick(use), day, totalCount: 1, uniqueCount: 0 });
      const row = { hour: use.at.slice(0, 13), session: digest(`${salts.get(day)}${use.visitor}`).slice(0, 32), ...pick(use) };
      seen.set(`${row.hour}\n${row.session}\n${key(use.journalId, use.articleId, day, use.metric)}`, row);
    }
    // The sessions not seen before with the article: each adds one to its unique count.
    const rows = [...seen.values()];
    for (let i = 0; i < rows.length; i += ROWS) {
      const fresh = await trx
        .insertInto("usageSeen")
        .values(rows.slice(i, i + ROWS))
        .onConflict((oc) => oc.columns(["hour", "session", "journalId", "articleId", "metric"]).doNothing())
        .returning(["hour", "journalId", "articleId", "metric"])
        .execute();
      for (const row of fresh) {
        const count = counts.get(key(row.journalId, row.articleId, row.hour.slice(0, 10), row.metric));
        if (count) count.uniqueCount++;
      }
    }
    const dayRows = [...counts.values()];
    for (let i = 0; i < dayRows.length; i += ROWS) {
      await trx
        .insertInto("usageDay")
        .values(dayRows.slice(i, i + ROWS))
        .onConflict((oc) =>
          oc.columns(["journalId", "articleId", "day", "metric"]).doUpdateSet((eb) => ({
            totalCount: eb(eb.ref("usageDay.totalCount"), "+", eb.ref("excluded.totalCount")),
            uniqueCount: eb(eb.ref("usageDay.uniqueCount"), "+", eb.ref("excluded.uniqueCount")),
          })),
        )
        .execute();
    }
    return { counted: kept.length, capped: known.length - kept.length };
  });
  if (answer.capped > 0) console.info(`usage: ${answer.capped} uses over the cap of ${NETWORK_DAY_CAP} per network, article and day, not counted`);
  return answer;
}

/**
 * The uses within their network's cap: NETWORK_DAY_CAP per article and UTC day, in the order they
 * came. What each network has used of its cap is kept in the rate limit's table (one row per use
 * counted, under a key made with the day's salt, so that it names no network once the salt is gone),
 * so that every web process and host is held to one cap.
 */
async function withinCap(
  db: ContentDb,
  uses: readonly Use[],
  salts: Map<string, string>,
  articles: Map<string, { journalId: string }>,
): Promise<Use[]> {
  const keyOf = (use: Use) => {
    const { journalId } = articles.get(articleKey(use.locale, use.journal, use.articleId)) as { journalId: string };
    return `${CAP_KEY}${digest(`${salts.get(use.at.slice(0, 10))}\n${use.network ?? use.visitor}\n${journalId}\n${use.articleId}`).slice(0, 32)}`;
  };
  const keys = uses.map(keyOf);
  const distinct = [...new Set(keys)];
  const used = new Map<string, number>();
  for (let i = 0; i < distinct.length; i += ROWS) {
    const rows = await db
      .selectFrom("rateLimitHit")
      .where("key", "in", distinct.slice(i, i + ROWS))
      .groupBy("key")
      .select((eb) => ["key", eb.fn.countAll().as("count")])
      .execute();
    for (const row of rows) used.set(row.key, Number(row.count));
  }
  const kept: Use[] = [];
  const hits: { key: string; at: number }[] = [];
  uses.forEach((use, i) => {
    const count = used.get(keys[i]) ?? 0;
    if (count >= NETWORK_DAY_CAP) return;
    used.set(keys[i], count + 1);
    kept.push(use);
    hits.push({ key: keys[i], at: Date.parse(use.at) });
  });
  for (let i = 0; i < hits.length; i += ROWS)
    await db
      .insertInto("rateLimitHit")
      .values(hits.slice(i, i + ROWS))
      .execute();
  return kept;
}

/** One use of one metric of a published article, named by its journal's id. */
interface Counted {
  /** The use it comes from (one use counts in up to three metrics). */
  of: Use;
  journalId: string;
  articleId: string;
  metric: UsageMetric;
  at: string;
  visitor: string;
}

const pick = ({ journalId, articleId, metric }: Counted) => ({ journalId, articleId, metric });
const articleKey = (locale: string, journal: string, articleId: string) => `${locale}\n${journal}\n${articleId}`;

/** The published articles the uses name (by locale, journal slug and id): their journal's id, and whether their page shows a full text. */
async function articlesOf(db: ContentDb, uses: readonly Use[]): Promise<Map<string, { journalId: string; fullText: boolean }>> {
  const found = new Map<string, { journalId: string; fullText: boolean }>();
  const slugs = [...new Set(uses.map((use) => use.journal))];
  const ids = [...new Set(uses.map((use) => use.articleId))];
  const rows = [];
  for (let i = 0; i < ids.length; i += ROWS) {
    rows.push(
      ...(await db
        .selectFrom("journalText as jt")
        .innerJoin("article as a", "a.journalId", "jt.journalId")
        .leftJoin("articleFullText as f", (j) => j.onRef("f.journalId", "=", "a.journalId").onRef("f.articleId", "=", "a.id"))
        .where("jt.slug", "in", slugs)
        .where("a.id", "in", ids.slice(i, i + ROWS))
        .where("a.publishedOn", "<=", today())
        .select(["jt.locale", "jt.slug", "a.journalId", "a.id", "f.articleId as fullText"])
        .execute()),
    );
  }
  for (const row of rows) found.set(articleKey(row.locale, row.slug, row.id), { journalId: row.journalId, fullText: row.fullText !== null });
  return found;
}

/**
 * Each use in the metrics it counts in (COUNTER 5.1, §3.3.1): a page is an investigation, and a
 * request too when it shows the article's full text; a galley is an investigation, a request and
 * a download. A use naming no published article counts in none.
 */
function expand(uses: readonly Use[], articles: Map<string, { journalId: string; fullText: boolean }>): Counted[] {
  return uses.flatMap((use) => {
    const article = articles.get(articleKey(use.locale, use.journal, use.articleId));
    if (!article) return [];
    const metrics: UsageMetric[] =
      use.kind === "galley" ? ["investigation", "request", "download"] : article.fullText ? ["investigation", "request"] : ["investigation"];
    const at = new Date(use.at).toISOString();
    return metrics.map((metric) => ({ of: use, journalId: article.journalId, articleId: use.articleId, metric, at, visitor: use.visitor }));
  });
}
