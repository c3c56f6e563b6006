/**
 * The exports of the demo content, imported into a fresh SQLite database: each file valid against
 * its official schema, holding the works the content says it should; and the content API's URLs.
 */
import { XmlDocument } from "libxml2-wasm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { ApiError } from "../../contract/api-types.ts";
import { articlePath } from "../../contract/article-path.ts";
import { href } from "../../contract/route-table.ts";
import { demoBundle } from "../../tests/demo-snapshot.ts";
import { createApiApp } from "../api/app.ts";
import { createContentService } from "../api/content-service.ts";
import { importContent } from "../content/import.ts";
import { type DatabaseHandle, migrateToLatest, openDatabase } from "../db/database.ts";
import { today } from "../published.ts";
import { CROSSREF } from "./crossref.ts";
import {
  crossrefArticlesExport,
  crossrefBookExport,
  crossrefIssueExport,
  DEMO_EXPORT_CONFIG,
  doajJournalExport,
  type ExportConfig,
} from "./deposits.server.ts";
import { loadXmlSchema, validateXml } from "./validate-xml.server.ts";

const ORIGIN = "https://www.meridianpress.example";
const config: ExportConfig = { ...DEMO_EXPORT_CONFIG, origin: ORIGIN };
const NS = { c: CROSSREF.namespace, ai: "http://www.crossref.org/AccessIndicators.xsd" };
const AT = new Date("2026-11-02T08:30:00.125Z");

const demo = demoBundle();
const journalOf = (id: string) => {
  const found = demo.journals.find((j) => j.journal.id === id);
  if (!found) throw new Error(`no demo journal ${id}`);
  return found;
};
/** The journal's articles as the content gives them, each with its issue's id; only the published ones (dated today or earlier, in a published issue). */
const publishedArticles = (journalId: string) =>
  journalOf(journalId).issues.flatMap((issue) =>
    issue.publishedOn <= today() ? issue.articles.filter((a) => a.publishedOn <= today()).map((a) => ({ ...a, issueId: issue.id })) : [],
  );
const articleOf = (journalId: string, issueId: string, articleId: string) => {
  const found = publishedArticles(journalId).find((a) => a.issueId === issueId && a.id === articleId);
  if (!found) throw new Error(`no demo article ${journalId}/${issueId}/${articleId}`);
  return found;
};
const doisOf = (articles: { doi?: string }[]) => articles.flatMap((a) => (a.doi ? [a.doi] : []));

const opened: XmlDocument[] = [];
afterEach(() => {
  for (const doc of opened.splice(0)) doc.dispose();
});
function read(xml: string) {
  const doc = XmlDocument.fromString(xml);
  opened.push(doc);
  return { texts: (xpath: string) => doc.find(xpath, NS).map((node) => node.content) };
}

let handle: DatabaseHandle;
let service: ReturnType<typeof createContentService>;
let app: ReturnType<typeof createApiApp>;

beforeAll(async () => {
  handle = openDatabase(":memory:");
  await migrateToLatest(handle.db);
  await importContent(handle.db, demo);
  service = createContentService(handle.db);
  app = createApiApp(service);
  // Crossref's schema takes seconds to compile: once, here.
  loadXmlSchema("crossref");
});
afterAll(() => handle.db.destroy());

/**
 * The notice of `journalId`'s issue that updates another work: the issue's deposit is valid, holds
 * each of the issue's articles with a DOI, and the notice carries the update to the work's DOI.
 */
async function expectNoticeDeposit(journalId: string, issueId: string, type: "correction" | "retraction") {
  const journal = journalOf(journalId);
  const slug = journal.journal.en.slug;
  const file = await crossrefIssueExport(service, config, slug, issueId, AT);
  expect(validateXml(file.xml, "crossref")).toEqual([]);
  const articles = publishedArticles(journalId).filter((a) => a.issueId === issueId);
  expect(file.dois).toEqual(doisOf(articles));
  expect(file.skipped).toEqual(articles.filter((a) => !a.doi).map((a) => a.id));
  expect(file.filename).toBe(`crossref-${slug}-${issueId}.xml`);
  const notice = articles.find((a) => a.relations.length > 0);
  const relation = notice?.relations[0];
  if (!notice?.doi || !relation || !("article" in relation)) throw new Error(`the demo issue ${issueId} has no notice of an article`);
  const [workIssue, workId] = relation.article.split("/");
  const work = articleOf(journalId, workIssue, workId);
  const x = read(file.xml);
  const record = `//c:journal_article[c:doi_data/c:doi='${notice.doi}']`;
  expect(x.texts(`${record}/c:crossmark/c:updates/c:update[@type='${type}']`)).toEqual([work.doi]);
  expect(x.texts(`${record}/c:crossmark/c:crossmark_policy`)).toEqual([config.crossmarkPolicy]);
  expect(x.texts(`${record}/c:doi_data/c:resource`)).toEqual([ORIGIN + articlePath(slug, { issueId, id: notice.id }, "en")]);
  expect(x.texts("/c:doi_batch/c:head/c:depositor/c:depositor_name")).toEqual(["Meridian Academic Publishing"]);
  expect(x.texts("//c:journal_issue/c:journal_volume/c:volume")).toEqual([String(journal.issues.find((i) => i.id === issueId)?.volume)]);
}

describe("the Crossref deposit of a demo issue", () => {
  it("with a correction of an article of an earlier issue", () => expectNoticeDeposit("journal-of-social-inquiry", "v15-n1", "correction"));
  it("with a retraction of an article of an earlier issue", () => expectNoticeDeposit("economics-and-finance-letters", "v9-n2", "retraction"));
});

describe("the Crossref deposit of a demo book", () => {
  it("holds the book and its chapters, with the licence and the book's page", async () => {
    const book = demo.books.find((b) => b.id === "adapting-coastal-cities");
    if (!book) throw new Error("no demo book adapting-coastal-cities");
    const file = await crossrefBookExport(service, config, book.en.slug, AT);
    expect(validateXml(file.xml, "crossref")).toEqual([]);
    expect(file.dois).toEqual(doisOf([...book.chapters, book]));
    const x = read(file.xml);
    expect(x.texts("//c:book_metadata/c:doi_data/c:resource")).toEqual([ORIGIN + href("book", { slug: book.en.slug }, "en")]);
    expect(x.texts("//c:book_metadata//ai:license_ref")).toEqual(["https://creativecommons.org/licenses/by/4.0/"]);
    expect(x.texts("//c:book/@book_type")).toEqual(["edited_book"]);
  });
});

describe("the Crossref deposit of a date range", () => {
  it("holds every article published in it, of every journal, and none after today", async () => {
    const from = "2026-06-01";
    const until = "2099-12-31";
    const file = await crossrefArticlesExport(service, config, from, until, AT);
    expect(validateXml(file.xml, "crossref")).toEqual([]);
    const expected = demo.journals.flatMap(({ journal }) => publishedArticles(journal.id).filter((a) => a.publishedOn >= from));
    expect(expected.length).toBeGreaterThan(0);
    expect(file.dois.toSorted()).toEqual(doisOf(expected).toSorted());
    const dates = read(file.xml).texts("//c:journal_article/c:publication_date");
    expect(dates).toHaveLength(file.dois.length);
  });
});

describe("the DOAJ file of a demo journal", () => {
  it("holds each published article, valid against doajArticles.xsd", async () => {
    const slug = journalOf("journal-of-social-inquiry").journal.en.slug;
    const file = await doajJournalExport(service, config, slug);
    expect(validateXml(file.xml, "doaj")).toEqual([]);
    const articles = publishedArticles("journal-of-social-inquiry");
    const x = read(file.xml);
    expect(x.texts("/records/record/publisherRecordId").toSorted()).toEqual(articles.map((a) => a.id).toSorted());
    expect(x.texts("/records/record/fullTextUrl").every((url) => url.startsWith(`${ORIGIN}/journals/${slug}/`))).toBe(true);
    expect(file.filename).toBe(`doaj-${slug}.xml`);
  });
});

describe("the export URLs", () => {
  const get = (path: string, headers: Record<string, string> = {}) => app.request(`${ORIGIN}${path}`, { headers });
  const error = async (response: Response) => (await response.json()) as ApiError;

  it("answer each file as XML to download, its landing pages on the request's origin", async () => {
    const cases = [
      ["/api/exports/crossref/issue/journal-of-social-inquiry/v15-n1", "crossref", "crossref-journal-of-social-inquiry-v15-n1.xml"],
      ["/api/exports/crossref/book/adapting-coastal-cities", "crossref", "crossref-book-adapting-coastal-cities.xml"],
      ["/api/exports/crossref/articles?from=2026-06-01&until=2026-06-30", "crossref", "crossref-articles-2026-06-01-2026-06-30.xml"],
      ["/api/exports/doaj/economics-and-finance-letters", "doaj", "doaj-economics-and-finance-letters.xml"],
    ] as const;
    for (const [path, schema, filename] of cases) {
      const response = await get(path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get("content-type")).toBe("application/xml; charset=utf-8");
      expect(response.headers.get("content-disposition")).toBe(`attachment; filename="${filename}"`);
      const xml = await response.text();
      expect(validateXml(xml, schema), path).toEqual([]);
      expect(xml).toContain(`${ORIGIN}/`);
    }
  });

  it("answer what names nothing with the API's 404, in the request's language", async () => {
    for (const path of [
      "/api/exports/crossref/issue/journal-of-social-inquiry/v99-n9",
      "/api/exports/crossref/issue/no-such-journal/v15-n1",
      "/api/exports/crossref/book/no-such-book",
      "/api/exports/doaj/no-such-journal",
    ]) {
      const response = await get(path);
      expect(response.status, path).toBe(404);
      expect(await error(response)).toEqual({ error: "not_found", message: `Nothing was found at ${path}.` });
    }
    // A range in which nothing was published: no file (Crossref's schema wants a record at least).
    const empty = await get("/api/exports/crossref/articles?from=2000-01-01&until=2000-12-31");
    expect(empty.status).toBe(404);
    expect(await error(empty)).toEqual({ error: "not_found", message: "Nothing was found at /api/exports/crossref/articles." });
    const turkish = await get("/api/exports/doaj/no-such-journal", { "Accept-Language": "tr" });
    expect(turkish.status).toBe(404);
    const { message } = await error(turkish);
    expect(message).toContain("/api/exports/doaj/no-such-journal");
    expect(message).not.toBe("Nothing was found at /api/exports/doaj/no-such-journal.");
  });

  it("answer a bad date or slug with the API's 400", async () => {
    for (const [query, name] of [
      ["from=2026-02-30", "from"],
      ["from=yesterday", "from"],
      ["until=2026-06-30", "from"],
      ["from=2026-06-01&until=2026-05-31", "until"],
      ["from=2026-06-01&until=2026-6-30", "until"],
    ]) {
      const response = await get(`/api/exports/crossref/articles?${query}`);
      expect(response.status, query).toBe(400);
      expect(await error(response)).toEqual({ error: "bad_request", message: `The parameter '${name}' is not valid.` });
    }
    expect((await get("/api/exports/crossref/articles?from=2026-06-01&from=2026-06-02")).status).toBe(400);
    expect((await get("/api/exports/doaj/Not_A_Slug")).status).toBe(400);
  });
});
