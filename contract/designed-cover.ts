/**
 * A journal's or a book's cover when it has no cover image: the image optimizer draws one from the
 * record's data (service/covers/designed-cover.ts), at a path that names the record and a hash of
 * everything the cover shows, so the path changes when the cover would (decision 029).
 */
import type { Locale } from "../i18n/locales.ts";
import type { PageMessages } from "../i18n/messages/index.ts";
import type { BookSummary, JournalSummary } from "./api-types.ts";

/** Raise when the drawing changes, so browsers and caches fetch the covers anew. */
const DESIGN = 1;

/** What a designed cover shows, in one locale. */
export interface CoverFace {
  locale: Locale;
  /** Picks the motif. */
  id: string;
  /** The record's place in its list: picks the palette, so neighbours in a list differ. */
  order: number | null;
  title: string;
  /** The first category, in the locale. */
  subject: string | null;
  /** Each identifier with its label: ISSN or ISBN, print first. */
  identifiers: string[];
  publisher: string;
}

type Journal = Pick<JournalSummary, "id" | "slug" | "order" | "title" | "categories" | "printIssn" | "eIssn" | "cover">;
type Book = Pick<BookSummary, "id" | "slug" | "order" | "title" | "categories" | "printIsbn" | "eIsbn" | "cover">;
/** The record a cover is for. */
export type Covered = { journal: Journal } | { book: Book };
type Kind = "journals" | "books";

type Texts = Pick<PageMessages, "site" | "journals" | "books">;

const labelled = (pairs: [string, string | null][]) => pairs.flatMap(([label, value]) => (value ? [`${label} ${value}`] : []));
const kindOf = (covered: Covered): [Kind, Journal | Book] => ("journal" in covered ? ["journals", covered.journal] : ["books", covered.book]);

export function coverFace(covered: Covered, t: Texts, locale: Locale): CoverFace {
  const [, record] = kindOf(covered);
  const identifiers =
    "journal" in covered
      ? labelled([
          [t.journals.printIssn, covered.journal.printIssn],
          [t.journals.eIssn, covered.journal.eIssn],
        ])
      : labelled([
          [t.books.printIsbn, covered.book.printIsbn],
          [t.books.eIsbn, covered.book.eIsbn],
        ]);
  return {
    locale,
    id: record.id,
    order: record.order,
    title: record.title,
    subject: record.categories[0]?.title ?? null,
    identifiers,
    publisher: t.site.name,
  };
}

/** FNV-1a, 32 bits: small, and the same in the browser and on the server. */
export function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

export const designedCoverPath = (kind: Kind, slug: string, face: CoverFace) =>
  `designed-covers/${kind}/${face.locale}/${slug}/${fnv1a(JSON.stringify([DESIGN, face])).toString(36)}.svg`;

/** The image a cover shows under `/images`: the record's own, or its designed cover. */
export function coverSource(covered: Covered, t: Texts, locale: Locale): string {
  const [kind, record] = kindOf(covered);
  return record.cover ?? designedCoverPath(kind, record.slug, coverFace(covered, t, locale));
}

const DESIGNED = /^designed-covers\/(journals|books)\/(en|tr)\/([a-z0-9-]+)\/[a-z0-9]+\.svg$/;

/** The record a designed cover's path names, or nothing when the path is not one. */
export function designedCoverOf(path: string): { kind: Kind; locale: Locale; slug: string } | undefined {
  const match = DESIGNED.exec(path);
  return match ? { kind: match[1] as Kind, locale: match[2] as Locale, slug: match[3] } : undefined;
}
