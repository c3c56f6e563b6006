/**
 * The page's schema.org JSON-LD (app/lib/structured-data.ts): its breadcrumb trail on every page,
 * and what the page is about on the pages that describe something: the publisher on the home
 * page, a journal on its overview, an issue, an article, a book. The server renders it with the
 * page; in the browser this module is loaded only once a page is opened in the app
 * (structured-data.tsx), since the document's own scripts describe the page first loaded.
 */
import { useMatches, useRouteLoaderData } from "react-router";
import type { ArticleDetail, BookDetail, IssueArticles, JournalDetail } from "../../contract/api-types.ts";
import { href, parseRouterId } from "../../contract/route-table.ts";
import type { Locale } from "../../i18n/locales.ts";
import { useLocale, useMessages } from "../i18n.ts";
import { citationData } from "../lib/article-citation.ts";
import { breadcrumbs, screenData } from "../lib/breadcrumbs.ts";
import { book, breadcrumbList, jsonLdText, organization, periodical, publicationIssue, publisher, scholarlyArticle } from "../lib/structured-data.ts";
import type { loader as rootLoader } from "../root.tsx";
import { JsonLdScripts } from "./json-ld.tsx";

export default function PageStructuredData() {
  const matches = useMatches();
  const locale = useLocale();
  const t = useMessages();
  const root = useRouteLoaderData<typeof rootLoader>("root");
  if (!root) return null;
  const { origin } = root;
  const page = matches.at(-1);
  const screen = page && parseRouterId(page.id)?.id;
  const dataOf = screenData(matches, locale);
  const by = publisher(t.site.name, origin);
  const journal = dataOf<{ journal: JournalDetail }>("journal")?.journal;
  const journalUrl = journal && origin + href("journal", { slug: journal.slug }, locale);

  const described = [];
  if (screen === "home") {
    const social = root.links.social.map((link) => link.url).filter((url): url is string => Boolean(url));
    described.push(organization(t.site.name, t.site.description, origin, social));
  }
  if (screen === "journal-overview" && journal && journalUrl) described.push(periodical(journal, journalUrl, by));
  const issue = screen === "journal-issue" ? dataOf<{ result: IssueArticles }>("journal-issue")?.result.issue : undefined;
  if (issue && journal && journalUrl) {
    described.push(publicationIssue(journal, journalUrl, issue, origin + href("journal-issue", { slug: journal.slug, issueId: issue.id }, locale)));
  }
  const texts = described.map(jsonLdText);
  const article = screen === "journal-article" ? dataOf<{ article: ArticleDetail }>("journal-article")?.article : undefined;
  if (article) texts.push(scholarlyArticleText(article, origin, locale, by));
  const bookDetail = screen === "book" ? dataOf<{ book: BookDetail }>("book")?.book : undefined;
  if (bookDetail) texts.push(jsonLdText(book(bookDetail, origin + href("book", { slug: bookDetail.slug }, locale), by)));

  const trail = breadcrumbs(matches, locale, t, origin);
  if (trail.length) texts.push(jsonLdText(breadcrumbList(trail)));
  return <JsonLdScripts texts={texts} />;
}

/**
 * An article's JSON-LD (its references among it: the page's longest), made once per article: the
 * server's loader keeps the article per content revision (the browser per navigation), so every
 * later render of its page finds the text here.
 */
const articleTexts = new WeakMap<ArticleDetail, { inputs: string; text: string }>();
function scholarlyArticleText(article: ArticleDetail, origin: string, locale: Locale, by: ReturnType<typeof publisher>): string {
  const inputs = `${origin} ${locale} ${by.name}`;
  const made = articleTexts.get(article);
  if (made?.inputs === inputs) return made.text;
  const slug = article.alternates[locale];
  const text = jsonLdText(
    scholarlyArticle(
      citationData(article, origin, locale),
      origin + href("journal-issue", { slug, issueId: article.issueId }, locale),
      origin + href("journal", { slug }, locale),
      by,
    ),
  );
  articleTexts.set(article, { inputs, text });
  return text;
}
