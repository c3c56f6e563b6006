/** A citable work as CSL-JSON, the input of the citation styles and of citation-js's exports. */
import type { Locale } from "../../../i18n/locales.ts";
import { type CitableWork, fullTitle, type PersonName } from "./work.ts";

export interface CslItem {
  id: string;
  type: "article-journal" | "book";
  title: string;
  author?: PersonName[];
  editor?: PersonName[];
  issued: { "date-parts": number[][] };
  DOI?: string;
  URL?: string;
  language: string;
  "container-title"?: string;
  "container-title-short"?: string;
  ISSN?: string;
  volume?: string;
  issue?: string;
  page?: string;
  publisher?: string;
  ISBN?: string;
}

/** Each site locale's CSL locale: the language a work is written in, and the terms a style is written with. */
export const cslLocales = { en: "en-US", tr: "tr-TR" } as const satisfies Record<Locale, string>;

function dateParts(year: number, date: string | null | undefined): number[] {
  const match = date ? /^(\d{4})-(\d{2})-(\d{2})/.exec(date) : null;
  return match && Number(match[1]) === year ? [year, Number(match[2]), Number(match[3])] : [year];
}

/** Leaves out what is missing, so that styles see it as absent rather than empty. */
const present = <T extends object>(item: T): T => Object.fromEntries(Object.entries(item).filter(([, v]) => v != null && v !== "")) as T;

export function toCsl(work: CitableWork): CslItem {
  const common = {
    id: work.id,
    author: work.authors.length ? work.authors : undefined,
    issued: { "date-parts": [dateParts(work.year, work.date)] },
    DOI: work.doi ?? undefined,
    URL: work.url ?? undefined,
    language: cslLocales[work.language],
  };
  if (work.type === "book") {
    return present({
      ...common,
      type: "book",
      title: fullTitle(work),
      editor: work.editors.length ? work.editors : undefined,
      publisher: work.publisher,
      ISBN: work.isbn ?? undefined,
    });
  }
  const pages =
    work.firstPage != null
      ? work.lastPage != null && work.lastPage !== work.firstPage
        ? `${work.firstPage}-${work.lastPage}`
        : `${work.firstPage}`
      : undefined;
  return present({
    ...common,
    type: "article-journal",
    title: work.title,
    "container-title": work.journal.title,
    "container-title-short": work.journal.abbreviation ?? undefined,
    ISSN: work.journal.issn ?? undefined,
    volume: work.volume != null ? String(work.volume) : undefined,
    issue: work.issue != null ? String(work.issue) : undefined,
    page: pages,
  });
}
