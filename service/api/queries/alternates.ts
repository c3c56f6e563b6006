import type { SelectQueryBuilder } from "kysely";
import type { Alternates } from "../../../contract/api-types.ts";

/** The entity's slug in each locale, from a query over its `*_text` rows. */
export async function alternatesOf(
  // biome-ignore lint/suspicious/noExplicitAny: any `*_text` table with locale and slug columns.
  query: SelectQueryBuilder<any, any, any>,
): Promise<Alternates> {
  const rows: { locale: string; slug: string }[] = await query.select(["locale", "slug"]).execute();
  return Object.fromEntries(rows.map((r) => [r.locale, r.slug])) as Alternates;
}
