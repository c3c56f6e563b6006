/**
 * The exports as files: a Crossref deposit of one issue, one book, or the articles published in a
 * date range, and a journal's DOAJ article file. These gather what the builders (crossref.ts,
 * doaj.ts) take from the content service, the same answers the site's pages read (so only
 * published works: an article or issue dated after today is not there yet), and name the file.
 * The content API's /api/exports URLs (api/routes/exports.ts) and the `crossref` and `doaj`
 * commands (scripts/exports.ts) call them; the command validates the XML before it writes it.
 *
 * Works are looked up by their English slugs and deposited with their English landing pages, as
 * the OAI-PMH repository does: a DOI names one resource.
 */

import type { ArticleDetail, ArticleSummary } from "../../contract/api-types.ts";
import { articlePath } from "../../contract/article-path.ts";
import { licenceUrl } from "../../contract/licence.ts";
import { href } from "../../contract/route-table.ts";
import { messages } from "../../i18n/messages/index.ts";
import type { ContentService } from "../api/content-service.ts";
import { fail } from "../api/failure.ts";
import { type CrossrefDeposit, type CrossrefHead, crossrefBookDeposit, crossrefJournalDeposit, crossrefTimestamp } from "./crossref.ts";
import { doajArticles } from "./doaj.ts";
import type { XmlSchemaName } from "./validate-xml.server.ts";

/** The content service's reads an export makes (the service itself, in this process). */
export type ExportReader = Pick<ContentService, "journal" | "journals" | "articles" | "issueArticles" | "article" | "book">;

/** Who deposits and publishes, and where the landing pages are. */
export interface ExportConfig {
  /** The site's public origin (PUBLIC_URL, else the request's): the landing pages' host. */
  origin: string;
  /** Crossref mails the deposit's result to `email`. */
  depositor: { name: string; email: string };
  /** The Crossref member the records belong to. */
  registrant: string;
  /** The publisher's name, as books and DOAJ records give it. */
  publisher: string;
  /**
   * The DOI of the publisher's update policy page: with it every work carries Crossmark, and a
   * notice the correction, retraction or expression of concern it makes (without it, a deposit
   * holding such a notice is refused: crossref.ts).
   */
  crossmarkPolicy?: string;
}

const publisher = messages.en.site.name;

/**
 * The demo publisher's: its name (the site's), the journal operations department's address, and a
 * Crossmark policy DOI under the examples' prefix (10.5555) as the demo's DOIs are. A real
 * deployment gives its own (the commands read them from the environment).
 */
export const DEMO_EXPORT_CONFIG: Omit<ExportConfig, "origin"> = {
  depositor: { name: publisher, email: "journals@meridianpress.example" },
  registrant: publisher,
  publisher,
  crossmarkPolicy: "10.5555/mp.crossmark-policy",
};

/** An export as a file: the XML, its schema, the name to save it under, and (a deposit) the DOIs it registers and the works left out for having none. */
export interface ExportFile {
  xml: string;
  schema: XmlSchemaName;
  filename: string;
  dois: string[];
  skipped: string[];
}

const LOCALE = "en";
/** The largest page the content service answers. */
const PAGE_SIZE = 100;
/** Articles read at once: each is a few queries. */
const BATCH = 8;

/** Every page of a paged read, in order. */
async function allPages<T>(read: (page: number) => Promise<{ Items: T[]; pageCount: number }>): Promise<T[]> {
  const first = await read(1);
  const items = [...first.Items];
  for (let page = 2; page <= first.pageCount; page++) items.push(...(await read(page)).Items);
  return items;
}

/** The articles' full records (what the builders take), in the order given. */
async function details(service: ExportReader, journalSlug: string, summaries: ArticleSummary[]): Promise<ArticleDetail[]> {
  const articles: ArticleDetail[] = [];
  for (let start = 0; start < summaries.length; start += BATCH) {
    const batch = summaries.slice(start, start + BATCH);
    articles.push(...(await Promise.all(batch.map((a) => service.article(LOCALE, journalSlug, a.issueId, a.id)))));
  }
  return articles;
}

/** Each article's landing page (English), by the article as the builders are given it. */
function landingPages(origin: string, articles: ArticleDetail[]) {
  const pages = new Map<object, string>(
    articles.map((article) => [article, origin + articlePath(article.journal.slug, { issueId: article.issue.id, id: article.id }, LOCALE)]),
  );
  return (article: object) => {
    const page = pages.get(article);
    if (page === undefined) throw new Error("an article the export did not read");
    return page;
  };
}

/** Crossref's batch id (4 to 100 characters, unique per deposit): what is deposited, and when. */
const batchId = (what: string, at: Date) => `${what.slice(0, 80)}-${crossrefTimestamp(at)}`;

function head(config: ExportConfig, what: string, at: Date): CrossrefHead {
  return { batchId: batchId(what, at), at, depositor: config.depositor, registrant: config.registrant };
}

/**
 * A file that would hold no record (both schemas want one at least): the service's 404, as for
 * what names nothing. `what` names the export ("crossref/articles-2099-01-01-2099-12-31").
 */
const nothingIn = (what: string): never => fail(LOCALE, 404, "not_found", "notFound", { path: `exports/${what}` });

/** The deposit as a file; one that registers no DOI is nothing to deposit (`nothingIn`). */
function file(deposit: CrossrefDeposit, filename: string, what: string): ExportFile {
  if (deposit.dois.length === 0) nothingIn(what);
  return { ...deposit, schema: "crossref", filename };
}

function journalDeposit(config: ExportConfig, what: string, articles: ArticleDetail[], at: Date): ExportFile {
  const deposit = crossrefJournalDeposit(head(config, what, at), articles, {
    landingPage: landingPages(config.origin, articles),
    crossmarkPolicy: config.crossmarkPolicy,
  });
  return file(deposit, `crossref-${what}.xml`, `crossref/${what}`);
}

/**
 * The Crossref deposit of one issue (the journal's English slug and the issue's id): its articles,
 * in the issue's order. Unknown, the service's 404.
 */
export async function crossrefIssueExport(service: ExportReader, config: ExportConfig, journalSlug: string, issueId: string, at = new Date()) {
  const summaries = await allPages((page) => service.issueArticles(LOCALE, journalSlug, issueId, page, PAGE_SIZE));
  return journalDeposit(config, `${journalSlug}-${issueId}`, await details(service, journalSlug, summaries), at);
}

/**
 * The Crossref deposit of the articles published from `from` to `until` (days, YYYY-MM-DD, both
 * included; none after today), of every journal: grouped by journal and issue, the journals in the
 * directory's order, the newest issue first.
 */
export async function crossrefArticlesExport(service: ExportReader, config: ExportConfig, from: string, until: string, at = new Date()) {
  const journals = (await service.journals(LOCALE)).Items;
  const articles: ArticleDetail[] = [];
  for (const journal of journals) {
    const summaries = await allPages((page) => service.articles(LOCALE, journal.slug, page, PAGE_SIZE));
    const inRange = summaries.filter((a) => a.publishedOn >= from && a.publishedOn <= until);
    articles.push(...(await details(service, journal.slug, inRange)));
  }
  return journalDeposit(config, `articles-${from}-${until}`, articles, at);
}

/** The Crossref deposit of one book (its English slug) and its chapters. */
export async function crossrefBookExport(service: ExportReader, config: ExportConfig, slug: string, at = new Date()) {
  const book = await service.book(LOCALE, slug);
  const page = config.origin + href("book", { slug: book.slug }, LOCALE);
  const deposit = crossrefBookDeposit(head(config, `book-${slug}`, at), [book], {
    publisher: config.publisher,
    // The chapters have no pages of their own: the book's lists them.
    landingPage: () => page,
    licenceUrl,
    crossmarkPolicy: config.crossmarkPolicy,
  });
  return file(deposit, `crossref-book-${slug}.xml`, `crossref/book-${slug}`);
}

/** The DOAJ article file of a journal (its English slug): every published article, newest issue first. */
export async function doajJournalExport(service: ExportReader, config: ExportConfig, journalSlug: string): Promise<ExportFile> {
  const journal = await service.journal(LOCALE, journalSlug);
  const summaries = await allPages((page) => service.articles(LOCALE, journalSlug, page, PAGE_SIZE));
  if (summaries.length === 0) nothingIn(`doaj/${journalSlug}`);
  const articles = await details(service, journalSlug, summaries);
  const xml = doajArticles(journal, articles, { publisher: config.publisher, landingPage: landingPages(config.origin, articles) });
  return {
    xml,
    schema: "doaj",
    filename: `doaj-${journalSlug}.xml`,
    dois: articles.flatMap((a) => (a.doi ? [a.doi] : [])),
    skipped: [],
  };
}
