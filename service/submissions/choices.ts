/** The journals and services a form may name, by id, with their titles in one locale. */
import type { Locale } from "../../i18n/locales.ts";
import type { ContentDb } from "../db/database.ts";

export async function formChoiceTitles(db: ContentDb, locale: Locale) {
  const [journals, services] = await Promise.all([
    db.selectFrom("journalText").where("locale", "=", locale).select(["journalId as id", "title"]).execute(),
    db.selectFrom("contentItemText").where("type", "=", "services").where("locale", "=", locale).select(["id", "title"]).execute(),
  ]);
  return {
    journals: new Map(journals.map((j) => [j.id, j.title])),
    services: new Map(services.map((s) => [s.id, s.title])),
  };
}
