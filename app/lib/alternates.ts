/**
 * The same page in each locale, derived from the route table and the current matches.
 * A page whose slug differs per locale puts `alternates: { en: slug, tr: slug }` in its loader
 * data (the API's detail shapes already carry it); other parameters are the same in both.
 */
import type { UIMatch } from "react-router";
import { fillPattern, parseRouterId, routeEntry } from "../../contract/route-table.ts";
import type { Locale } from "../../i18n/locales.ts";

export type LocalizedPaths = Record<Locale, string>;

export function alternatePaths(matches: UIMatch[]): LocalizedPaths | undefined {
  const last = matches.at(-1);
  const parsed = last && parseRouterId(last.id);
  if (!last || !parsed) return undefined;
  const entry = routeEntry(parsed.id);
  if (!entry) return undefined;
  const params: Record<Locale, Record<string, string | undefined>> = { en: { ...last.params }, tr: { ...last.params } };
  for (const match of matches) {
    const alternates = (match.loaderData as { alternates?: Record<Locale, string> } | undefined)?.alternates;
    if (alternates) {
      params.en.slug = alternates.en;
      params.tr.slug = alternates.tr;
    }
  }
  try {
    return { en: fillPattern(entry.en, params.en), tr: fillPattern(entry.tr, params.tr) };
  } catch {
    return undefined;
  }
}
