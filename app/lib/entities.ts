/**
 * The reference entities the site names (spec §4): categories, indexing databases, publication
 * formats and review types, in the page's locale. The root loader reads them with the initial
 * content, and the browser keeps them for as long as the locale stays the same: they are fetched
 * again only on a change of locale, or while the categories are still empty (the content service
 * could not deliver them, or has none yet).
 */
import { useEffect } from "react";
import { useRouteLoaderData } from "react-router";
import { type Entities, journalFacetKinds, type Named } from "../../contract/api-types.ts";
import { type Locale, localeOfPath } from "../../i18n/locales.ts";
import type { loader } from "../root.tsx";

/** The kinds the site shows: those the journal directory filters by. */
const kinds = Object.values(journalFacetKinds);
export type SiteEntities = Record<(typeof kinds)[number], Named[]>;

export const emptyEntities = Object.fromEntries(kinds.map((kind) => [kind, []])) as unknown as SiteEntities;

/** The kinds the site shows, each entity as its id and its title in `locale`, in the API's order. */
export function namedEntities(entities: Entities, locale: Locale): SiteEntities {
  const named = (kind: keyof Entities) => [kind, entities[kind].map((entity) => ({ id: entity.id, title: entity.langData[locale].title }))];
  return Object.fromEntries(kinds.map(named)) as SiteEntities;
}

export function useEntities(): SiteEntities {
  return useRouteLoaderData<typeof loader>("root")?.entities ?? emptyEntities;
}

/** Whether the browser holds categories, as of the page last shown (read when a navigation starts). */
let categoriesHeld = false;

/** Keeps `categoriesHeld` up to date; mounted once, in the root. */
export function useEntitiesHeld() {
  const entities = useEntities();
  useEffect(() => {
    categoriesHeld = entities.categories.length > 0;
  }, [entities]);
}

/** Whether a navigation needs the root's per-locale data (initial content, entities) again. */
export function rootDataStale(currentUrl: URL, nextUrl: URL, held = categoriesHeld): boolean {
  return localeOfPath(currentUrl.pathname) !== localeOfPath(nextUrl.pathname) || !held;
}
