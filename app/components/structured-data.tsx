/**
 * The page's schema.org JSON-LD (app/lib/structured-data.ts): its breadcrumb trail on every page,
 * and what the page is about on the pages that describe something: the publisher on the home
 * page, a journal on its overview, an issue, an article, a book.
 */
import { useMatches, useRouteLoaderData } from "react-router";
import type { ArticleDetail, BookDetail, IssueArticles, JournalDetail } from "../../contract/api-types.ts";
import { href, parseRouterId } from "../../contract/route-table.ts";
import { useLocale, useMessages } from "../i18n.ts";
import { breadcrumbs, screenData } from "../lib/breadcrumbs.ts";
import type { CitationData } from "../lib/citation-meta.ts";
import { book, breadcrumbList, jsonLdText, organization, periodical, publicationIssue, publisher, scholarlyArticle } from "../lib/structured-data.ts";
import type { loader as rootLoader } from "../root.tsx";

export function StructuredData() {
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
  const articleData = screen === "journal-article" ? dataOf<{ article: ArticleDetail; citation: CitationData }>("journal-article") : undefined;
  if (articleData) {
    const { article, citation } = articleData;
    const slug = article.alternates[locale];
    texts.push(
      scholarlyArticleText(
        citation,
        origin + href("journal-issue", { slug, issueId: article.issueId }, locale),
        origin + href("journal", { slug }, locale),
        by,
      ),
    );
  }
  const bookDetail = screen === "book" ? dataOf<{ book: BookDetail }>("book")?.book : undefined;
  if (bookDetail) texts.push(jsonLdText(book(bookDetail, origin + href("book", { slug: bookDetail.slug }, locale), by)));

  const trail = breadcrumbs(matches, locale, t, origin);
  if (trail.length) texts.push(jsonLdText(breadcrumbList(trail)));
  return (
    <>
      {texts.map((text, i) => (
        // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON with "<" escaped (jsonLdText), not markup.
        // biome-ignore lint/suspicious/noArrayIndexKey: the list is rebuilt whole for each page.
        <script key={i} type="application/ld+json" dangerouslySetInnerHTML={{ __html: text }} />
      ))}
    </>
  );
}

/**
 * An article's JSON-LD (its references among it: the page's longest), made once per article's
 * citation data: the article's loader keeps that per content revision (and the browser per
 * navigation), so every later render of the page finds its text here.
 */
const articleTexts = new WeakMap<CitationData, { inputs: string; text: string }>();
function scholarlyArticleText(citation: CitationData, issueUrl: string, journalUrl: string, by: ReturnType<typeof publisher>): string {
  const inputs = `${issueUrl} ${journalUrl} ${by.name} ${by.url}`;
  const made = articleTexts.get(citation);
  if (made?.inputs === inputs) return made.text;
  const text = jsonLdText(scholarlyArticle(citation, issueUrl, journalUrl, by));
  articleTexts.set(citation, { inputs, text });
  return text;
}
