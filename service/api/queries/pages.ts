import type { Locale, PageContent } from "../../../contract/api-types.ts";
import { sanitizeRichText } from "../../content/markdown.ts";
import type { ContentDb } from "../../db/database.ts";

/** Pages (about, contact) are addressed by id, which is also their slug in both locales. */
export async function listPages(db: ContentDb, locale: Locale): Promise<PageContent[]> {
  const rows = await db.selectFrom("page").where("locale", "=", locale).select(["id", "title", "bodyHtml"]).orderBy("id").execute();
  return rows.map((r) => ({ ...r, bodyHtml: sanitizeRichText(r.bodyHtml), slug: r.id, alternates: { en: r.id, tr: r.id } }));
}

export async function findPage(db: ContentDb, locale: Locale, id: string): Promise<PageContent | undefined> {
  const row = await db.selectFrom("page").where("locale", "=", locale).where("id", "=", id).select(["id", "title", "bodyHtml"]).executeTakeFirst();
  return row && { ...row, bodyHtml: sanitizeRichText(row.bodyHtml), slug: row.id, alternates: { en: row.id, tr: row.id } };
}
