/**
 * The router config, derived from the route table: each screen once per locale; a file whose
 * path is the same in both locales (a sitemap, a reference download) once, with the table's id.
 */
import { index, type RouteConfigEntry, route } from "@react-router/dev/routes";
import { type RouteEntry, routerId, routeTable } from "../contract/route-table.ts";
import { locales } from "../i18n/locales.ts";

function children(parent: RouteEntry | undefined, locale: (typeof locales)[number]): RouteConfigEntry[] {
  return routeTable
    .filter((r: RouteEntry) => r.parent === parent?.id && (r.en !== r.tr || locale === locales[0]))
    .map((r: RouteEntry) => {
      const id = r.en === r.tr ? r.id : routerId(r.id, locale);
      if (r.index) return index(r.file, { id });
      // Children are declared relative to their parent's path.
      const path = parent ? r[locale].slice(parent[locale].length + 1) : r[locale];
      return route(path, r.file, { id }, children(r, locale));
    });
}

export default [
  ...locales.flatMap((locale) => children(undefined, locale)),
  route("*", "routes/not-found.tsx", { id: "not-found" }),
] satisfies RouteConfigEntry[];
