import type { HomeContent } from "../../contract/api-types.ts";
import { coverSource } from "../../contract/designed-cover.ts";
import { format } from "../../i18n/format.ts";
import type { Locale } from "../../i18n/locales.ts";
import { messages } from "../../i18n/messages/index.ts";
import type { HomeCards } from "../components/home/cards.ts";
import { contributorLine } from "./book-contributors.ts";
import { formatDate, formatList } from "./formatting.ts";

/** More authors than this are shown as the first one "et al.". */
const AUTHORS_SHOWN = 3;

/** The home page's cards from the content service's answer, in the page's locale. */
export function homeCards(home: HomeContent, locale: Locale): HomeCards {
  const t = messages[locale];
  return {
    journals: home.journals.map((journal) => ({
      id: journal.id,
      slug: journal.slug,
      title: journal.title,
      subjects: journal.categories.map((c) => c.title).join(" · "),
      cover: coverSource({ journal }, t, locale),
      latestIssue: journal.latestIssue && {
        id: journal.latestIssue.id,
        volume: journal.latestIssue.volume,
        number: journal.latestIssue.number,
        year: journal.latestIssue.year,
      },
    })),
    latestArticles: home.latestArticles.map(({ authors, ...article }) => ({
      ...article,
      date: formatDate(article.publishedOn, locale),
      byline: authors.length === 0 ? null : authors.length > AUTHORS_SHOWN ? format(t.home.etAl, { name: authors[0] }) : formatList(authors, locale),
    })),
    newBooks: home.newBooks.map((book) => ({
      id: book.id,
      slug: book.slug,
      title: book.title,
      subtitle: book.subtitle,
      byline: contributorLine(book.contributors, t, locale),
      year: book.year,
      cover: coverSource({ book }, t, locale),
    })),
    calls: home.calls.map((call) => ({ ...call, deadlineDate: formatDate(call.deadline, locale) })),
  };
}
