import type { Entities, Locale, Named, ReferenceEntity } from "../../../contract/api-types.ts";
import type { ContentDb } from "../../db/database.ts";
import { byOrder } from "./order.ts";

const kinds = ["categories", "publicationFormats", "reviewTypes", "metricTypes", "indexes", "journalSystems", "teamPositions"] as const;
export type ReferenceKind = (typeof kinds)[number];

/** All reference entities; categories sorted by their title in `locale` (Turkish collation for tr). */
export async function readEntities(db: ContentDb, locale: Locale): Promise<Entities> {
  const [items, texts] = await Promise.all([
    db.selectFrom("referenceItem").selectAll().orderBy(byOrder("sortOrder")).orderBy("id").execute(),
    db.selectFrom("referenceItemText").selectAll().execute(),
  ]);
  const titles = new Map(texts.map((t) => [`${t.kind}/${t.id}/${t.locale}`, t.title]));
  const entities = Object.fromEntries(kinds.map((k) => [k, [] as ReferenceEntity[]])) as unknown as Entities;
  for (const item of items) {
    const list = entities[item.kind as ReferenceKind];
    if (!list) continue;
    const entity: ReferenceEntity = {
      id: item.id,
      order: item.sortOrder,
      langData: {
        en: { title: titles.get(`${item.kind}/${item.id}/en`) ?? item.id },
        tr: { title: titles.get(`${item.kind}/${item.id}/tr`) ?? item.id },
      },
    };
    if (item.kind === "reviewTypes") entity.doubleBlind = item.doubleBlind === 1;
    if (item.kind === "indexes") entity.global = item.isGlobal === 1;
    if (item.kind === "indexes" || item.kind === "journalSystems") entity.url = item.url;
    list.push(entity);
  }
  const collator = new Intl.Collator(locale);
  entities.categories.sort((a, b) => collator.compare(a.langData[locale].title, b.langData[locale].title));
  return entities;
}

/** Names every reference entity in one locale, for the lists and details that cite them. */
export async function referenceNames(db: ContentDb, locale: Locale) {
  const rows = await db
    .selectFrom("referenceItem as r")
    .innerJoin("referenceItemText as t", (j) => j.onRef("t.kind", "=", "r.kind").onRef("t.id", "=", "r.id"))
    .where("t.locale", "=", locale)
    .select(["r.kind", "r.id", "t.title", "r.url", "r.isGlobal"])
    .execute();
  const byKey = new Map(rows.map((r) => [`${r.kind}/${r.id}`, r]));
  return {
    named(kind: ReferenceKind, id: string): Named {
      return { id, title: byKey.get(`${kind}/${id}`)?.title ?? id };
    },
    row(kind: ReferenceKind, id: string) {
      return byKey.get(`${kind}/${id}`);
    },
  };
}
export type ReferenceNames = Awaited<ReturnType<typeof referenceNames>>;
