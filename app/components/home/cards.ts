import type { CallSummary, HomeArticle, Issue } from "../../../contract/api-types.ts";

/**
 * What the home page's cards show, made by its loader from the content service's answer
 * (app/lib/home-cards.server.ts): the page's data, sent again for hydration, carries what the
 * page shows and nothing more (a cover's path instead of the record it is drawn from, a book's
 * byline instead of its contributors).
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
export interface HomeCards {
  journals: JournalCard[];
  latestArticles: HomeArticle[];
  newBooks: BookCard[];
  calls: CallSummary[];
}
