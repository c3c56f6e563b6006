/**
 * schema.org JSON-LD, read from the pages the site renders (tests/site-harness.ts): each page
 * type's description parses, has schema.org's required and recommended properties for its type, and
 * says what the content API says; every page has its breadcrumb trail, ending at the page itself.
 */
import type { Document } from "domhandler";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { ArticleDetail, ArticleSummary, BookDetail, Issue, IssueArticles, JournalDetail, List } from "../../contract/api-types.ts";
import { type SiteHarness, siteHarness } from "../site-harness.ts";
import { attr, elements, jsonLd, type Thing } from "./markup.ts";

let site: SiteHarness;
beforeAll(async () => {
  site = await siteHarness({ SOCIAL_X_URL: "https://x.com/meridian_e2e" });
});
afterAll(() => site.close());

/** The page's descriptions, each in schema.org's vocabulary, and the page they came from. */
async function structuredData(path: string): Promise<{ things: Thing[]; document: Document }> {
  const { status, document } = await site.page(path);
  expect(status, path).toBe(200);
  const things = jsonLd(document);
  for (const data of things) expect(data["@context"], path).toBe("https://schema.org");
  return { things, document };
}

const ofType = (things: Thing[], type: string) => {
  const found = things.filter((thing) => thing["@type"] === type);
  expect(found, `one ${type}`).toHaveLength(1);
  return found[0];
};

/** The trail: consecutive positions from 1, absolute URLs, home first and the page's canonical URL last. */
function expectTrail({ things, document }: { things: Thing[]; document: Document }, names: string[]) {
  const list = ofType(things, "BreadcrumbList");
  const items = list.itemListElement as { "@type": string; position: number; name: string; item: string }[];
  expect(items.map((item) => item.name)).toEqual(names);
  items.forEach((item, i) => {
    expect(item["@type"]).toBe("ListItem");
    expect(item.position).toBe(i + 1);
    expect(item.item).toMatch(/^https:\/\/www\.meridianpress\.example\//);
  });
  const [canonical] = elements(document, (e) => e.name === "link" && attr(e, "rel") === "canonical");
  expect(items.at(-1)?.item).toBe(attr(canonical, "href"));
}

it("the home page describes the publisher", async () => {
  const home = await structuredData("/");
  const organization = ofType(home.things, "Organization");
  expect(organization).toMatchObject({ name: "Meridian Academic Publishing", url: "https://www.meridianpress.example/" });
  expect(organization.sameAs).toContain("https://x.com/meridian_e2e");
  expectTrail(home, ["Home"]);
  expectTrail(await structuredData("/tr"), ["Ana Sayfa"]);
});

for (const locale of ["en", "tr"] as const) {
  it(`a journal is a Periodical with its ISSNs, an issue is part of its volume and journal (${locale})`, async () => {
    const [summary] = (await site.json<List<JournalDetail>>(`/api/journals/${locale}`)).Items;
    const journal = await site.json<JournalDetail>(`/api/journals/${locale}/${summary.slug}`);
    const journalPath = `${locale === "en" ? "/journals" : "/tr/dergiler"}/${journal.slug}`;
    const journalPage = await structuredData(journalPath);
    const periodical = ofType(journalPage.things, "Periodical");
    expect(periodical).toMatchObject({ name: journal.title, alternateName: journal.abbreviation, isAccessibleForFree: journal.openAccess });
    expect(periodical.issn).toEqual([journal.eIssn, journal.printIssn].filter(Boolean));
    expect(periodical.publisher).toMatchObject({
      "@type": "Organization",
      name: locale === "en" ? "Meridian Academic Publishing" : "Meridyen Akademik Yayıncılık",
    });
    expectTrail(journalPage, locale === "en" ? ["Home", "Journals", journal.title] : ["Ana Sayfa", "Dergiler", journal.title]);

    const [issue] = (await site.json<List<Issue>>(`/api/journals/${locale}/${journal.slug}/issues`)).Items;
    const issuePage = await structuredData(`${journalPath}/${locale === "en" ? "articles" : "makaleler"}/${issue.id}`);
    const publicationIssue = ofType(issuePage.things, "PublicationIssue");
    expect(publicationIssue).toMatchObject({
      issueNumber: String(issue.number),
      datePublished: issue.publishedOn,
      isPartOf: { "@type": "PublicationVolume", volumeNumber: String(issue.volume), isPartOf: { "@type": "Periodical", name: journal.title } },
    });
    const trail = (ofType(issuePage.things, "BreadcrumbList").itemListElement as { name: string }[]).map((item) => item.name);
    expect(trail.slice(0, 3)).toEqual(locale === "en" ? ["Home", "Journals", journal.title] : ["Ana Sayfa", "Dergiler", journal.title]);
    expect(trail).toHaveLength(5);
    expectTrail(issuePage, trail);
  });
}

it("an article is a ScholarlyArticle by its authors, part of its issue, volume and journal", async () => {
  const journal = "journal-of-social-inquiry";
  const [issue] = (await site.json<List<Issue>>(`/api/journals/en/${journal}/issues`)).Items;
  const articles = (await site.json<IssueArticles>(`/api/journals/en/${journal}/issues/${issue.id}?pageSize=100`)).Items;
  // One article with a DOI and ORCID iDs, and, when the issue has one, one without: no empty property for it.
  const withDoi = articles.find((a: ArticleSummary) => a.doi && a.authors.some((author) => author.orcid));
  expect(withDoi).toBeDefined();
  const withoutDoi = articles.find((a: ArticleSummary) => !a.doi);
  for (const summary of [withDoi, withoutDoi].filter((a): a is ArticleSummary => Boolean(a))) {
    const article = await site.json<ArticleDetail>(`/api/journals/en/${journal}/issues/${issue.id}/articles/${summary.id}`);
    const page = await structuredData(`/journals/${journal}/articles/${issue.id}/${article.id}`);
    const described = ofType(page.things, "ScholarlyArticle");
    expect(described).toMatchObject({ headline: article.title, datePublished: article.publishedOn, inLanguage: article.language });
    expect(described.author).toEqual(
      article.authors.map((author) => ({
        "@type": "Person",
        name: author.name,
        ...(author.given ? { givenName: author.given } : {}),
        familyName: author.family,
        ...(author.affiliations.length
          ? {
              affiliation: author.affiliations.map((a) => ({
                "@type": "Organization",
                name: a.name,
                ...(a.ror ? { sameAs: `https://ror.org/${a.ror}` } : {}),
              })),
            }
          : {}),
        ...(author.orcid ? { sameAs: `https://orcid.org/${author.orcid}` } : {}),
      })),
    );
    expect(described.isPartOf).toMatchObject({
      "@type": "PublicationIssue",
      issueNumber: String(issue.number),
      isPartOf: {
        "@type": "PublicationVolume",
        volumeNumber: String(issue.volume),
        isPartOf: { "@type": "Periodical", name: article.journal.title },
      },
    });
    if (article.doi) expect(described.identifier).toEqual({ "@type": "PropertyValue", propertyID: "DOI", value: article.doi });
    else expect(Object.keys(described)).not.toEqual(expect.arrayContaining(["identifier"]));
    for (const key of Object.keys(described)) expect(described[key], key).not.toBeNull();
    expectTrail(page, [
      "Home",
      "Journals",
      article.journal.title,
      "Articles",
      `Volume ${issue.volume}, Issue ${issue.number} (${issue.year})`,
      article.title,
    ]);
  }
});

it("a book is a Book with its contributors, an edition per ISBN and its chapters", async () => {
  const [summary] = (await site.json<List<BookDetail>>("/api/books/en")).Items;
  const book = await site.json<BookDetail>(`/api/books/en/${summary.slug}`);
  const page = await structuredData(`/books/${book.slug}`);
  const described = ofType(page.things, "Book");
  expect(described).toMatchObject({ name: book.title, datePublished: String(book.year), numberOfPages: book.pages, inLanguage: book.language });
  const people = (role: string) =>
    book.contributors.filter((c) => c.role === role).map((c) => expect.objectContaining({ "@type": "Person", name: c.name, familyName: c.family }));
  expect(described.author ?? []).toEqual(people("author"));
  expect(described.editor ?? []).toEqual(people("editor"));
  const isbns = (described.workExample as { isbn: string }[]).map((edition) => edition.isbn);
  expect(isbns).toEqual([book.printIsbn, book.eIsbn].filter(Boolean));
  expect((described.hasPart as { name: string }[]).map((chapter) => chapter.name)).toEqual(book.chapters.map((chapter) => chapter.title));
  expectTrail(page, ["Home", "Books", book.title]);
  // Google Scholar's tags, and a description of its own.
  const meta = (name: string) => elements(page.document, (e) => e.name === "meta" && attr(e, "name") === name).map((e) => attr(e, "content"));
  expect(meta("citation_title")).toEqual([book.subtitle ? `${book.title}: ${book.subtitle}` : book.title]);
  expect(meta("citation_isbn")).toHaveLength([book.printIsbn, book.eIsbn].filter(Boolean).length);
  expect(meta("description")).toHaveLength(1);
  expect(meta("description")[0]).not.toBe("");
});

it("every other page has its trail through the site's sections", async () => {
  expectTrail(await structuredData("/who-we-are/departments"), ["Home", "Who We Are", "Departments"]);
  expectTrail(await structuredData("/tr/bize-ulasin/finans"), ["Ana Sayfa", "Bize Ulaşın", "Finans"]);
  expectTrail(await structuredData("/services/doi-registration-and-indexing-support"), ["Home", "Services", "DOI Registration and Indexing Support"]);
  // A page that does not exist describes nothing.
  const missing = await site.page("/no-such-page");
  expect(missing.status).toBe(404);
  expect(jsonLd(missing.document)).toEqual([]);
});
