import type { ContentItem, ContentItemDetail, Locale } from "../../../contract/api-types.ts";
import type { ContentDb } from "../../db/database.ts";
import { alternatesOf } from "./alternates.ts";
import { byOrder } from "./order.ts";

export type ContentItemType = "services" | "policies";

function select(db: ContentDb, type: ContentItemType, locale: Locale) {
  return db
    .selectFrom("contentItem as i")
    .innerJoin("contentItemText as t", (j) => j.onRef("t.type", "=", "i.type").onRef("t.id", "=", "i.id"))
    .where("i.type", "=", type)
    .where("t.locale", "=", locale)
    .select(["i.id", "i.icon", "t.title", "t.description", "t.slug", "i.sortOrder as order"]);
}

export function listContentItems(db: ContentDb, type: ContentItemType, locale: Locale): Promise<ContentItem[]> {
  return select(db, type, locale).orderBy(byOrder("i.sortOrder")).orderBy("t.title").execute();
}

export async function findContentItem(db: ContentDb, type: ContentItemType, locale: Locale, slug: string): Promise<ContentItemDetail | undefined> {
  const item = await select(db, type, locale).where("t.slug", "=", slug).select("t.detailsHtml").executeTakeFirst();
  if (!item) return undefined;
  const { detailsHtml, ...rest } = item;
  const alternates = await alternatesOf(db.selectFrom("contentItemText").where("type", "=", type).where("id", "=", item.id));
  return { ...rest, details: detailsHtml, alternates };
}
