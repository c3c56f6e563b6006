import type { CallSummary, HomeArticle, Issue } from "../../../contract/api-types.ts";

/**
 * What the home page's cards show, made by its loader from the content service's answer
 * (app/lib/home-cards.server.ts): the page's data, sent again for hydration, carries what the
 * page shows and nothing more (a cover's path instead of the record it is drawn from, a book's
 * byline instead of its contributors). Dates and lists of names come written out, so that the
 * browser's first Intl formatter, whose set-up costs a slow phone some 50 ms, is not made while the
 * page hydrates (docs/decisions/039-home-page-weight.md).
 */
export interface JournalCard {
  id: string;
  slug: string;
  title: string;
  /** Its subjects, joined. */
  subjects: string;
  /** Its cover image's path, or the designed cover's. */
  cover: string;
  latestIssue: Pick<Issue, "id" | "volume" | "number" | "year"> | null;
}
export interface BookCard {
  id: string;
  slug: string;
  title: string;
  subtitle: string | null;
  /** "By …" or "Edited by …", in the page's language. */
  byline: string;
  year: number;
  cover: string;
}
/** An article with its date and its authors written out in the page's language. */
export interface ArticleCard extends Omit<HomeArticle, "authors"> {
  date: string;
  /** The authors joined as the language joins names, or the first "et al."; null without any. */
  byline: string | null;
}
/** A call with its deadline written out in the page's language. */
export interface CallCard extends CallSummary {
  deadlineDate: string;
}
export interface HomeCards {
  journals: JournalCard[];
  latestArticles: ArticleCard[];
  newBooks: BookCard[];
  calls: CallCard[];
}
