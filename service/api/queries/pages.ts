import type { Locale, PageContent } from "../../../contract/api-types.ts";
import type { ContentDb } from "../../db/database.ts";
import { imageOf } from "./content-image.ts";

const columns = ["id", "title", "bodyHtml", "image", "imageAuthor", "imageLicence", "imageLicenceUrl", "imageAlt"] as const;

function pageOf(row: { id: string; title: string; bodyHtml: string } & Parameters<typeof imageOf>[0]): PageContent {
  const { id, title, bodyHtml } = row;
  return { id, title, bodyHtml, image: imageOf(row), slug: id, alternates: { en: id, tr: id } };
}

/** Pages (about, contact) are addressed by id, which is also their slug in both locales. */
export async function listPages(db: ContentDb, locale: Locale): Promise<PageContent[]> {
  const rows = await db.selectFrom("page").where("locale", "=", locale).select(columns).orderBy("id").execute();
  return rows.map(pageOf);
}

export async function findPage(db: ContentDb, locale: Locale, id: string): Promise<PageContent | undefined> {
  const row = await db.selectFrom("page").where("locale", "=", locale).where("id", "=", id).select(columns).executeTakeFirst();
  return row && pageOf(row);
}
