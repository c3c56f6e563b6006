/**
 * What the pages show of the counts (service/usage/record.ts writes them): an article's views
 * (COUNTER's investigations: every use of the article, its page or its files) and downloads (its
 * PDF or EPUB), the site's total of views, and the day counting began.
 */
import { type RawBuilder, sql } from "kysely";
import type { ContentDb } from "../db/database.ts";
import type { UsageMetric } from "../db/schema.ts";

/**
 * An article's total of `metric` (0 when never counted), for a select whose article is `alias`:
 * `.select(counted("a", "investigation").as("views"))`. A string on PostgreSQL (a bigint sum): read it with Number().
 */
export function counted(alias: string, metric: UsageMetric): RawBuilder<number | string> {
  return sql<
    number | string
  >`coalesce((select sum(u.total_count) from usage_day u where u.journal_id = ${sql.ref(`${alias}.journalId`)} and u.article_id = ${sql.ref(`${alias}.id`)} and u.metric = ${metric}), 0)`;
}

/** The first day anything was counted, or undefined before that. */
export async function countingSince(db: ContentDb): Promise<string | undefined> {
  const row = await db
    .selectFrom("usageDay")
    .select((eb) => eb.fn.min("day").as("first"))
    .executeTakeFirst();
  return row?.first ?? undefined;
}

/** Every view counted, of every article. */
export async function totalViews(db: ContentDb): Promise<number> {
  const row = await db
    .selectFrom("usageDay")
    .where("metric", "=", "investigation")
    .select((eb) => eb.fn.sum<number | string>("totalCount").as("views"))
    .executeTakeFirst();
  return Number(row?.views ?? 0);
}
