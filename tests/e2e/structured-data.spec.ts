/**
 * schema.org JSON-LD: each page type's description parses, has schema.org's required and
 * recommended properties for its type, and says what the content API says; every page has its
 * breadcrumb trail, ending at the page itself.
 */
import { expect, type Page, test } from "@playwright/test";
import type { ArticleDetail, ArticleSummary, BookDetail, Issue, IssueArticles, JournalDetail, List } from "../../contract/api-types.ts";

type Thing = Record<string, unknown> & { "@type": string };

async function structuredData(page: Page, path: string): Promise<Thing[]> {
  const response = await page.goto(path);
  expect(response?.status(), path).toBe(200);
  const texts = await page.locator('script[type="application/ld+json"]').allTextContents();
  return texts.map((text) => {
    const data = JSON.parse(text) as Thing;
    expect(data["@context"], path).toBe("https://schema.org");
    return data;
  });
}

const ofType = (things: Thing[], type: string) => {
  const found = things.filter((thing) => thing["@type"] === type);
  expect(found, `one ${type}`).toHaveLength(1);
  return found[0];
};

async function api<T>(page: Page, path: string): Promise<T> {
  return (await page.request.get(path)).json() as Promise<T>;
}

/** The trail: consecutive positions from 1, absolute URLs, home first and the page's canonical URL last. */
async function expectTrail(page: Page, things: Thing[], names: string[]) {
  const list = ofType(things, "BreadcrumbList");
  const items = list.itemListElement as { "@type": string; position: number; name: string; item: string }[];
  expect(items.map((item) => item.name)).toEqual(names);
  items.forEach((item, i) => {
    expect(item["@type"]).toBe("ListItem");
    expect(item.position).toBe(i + 1);
    expect(item.item).toMatch(/^https:\/\/www\.meridianpress\.example\//);
  });
  expect(items.at(-1)?.item).toBe(await page.locator('link[rel="canonical"]').getAttribute("href"));
}

test("the home page describes the publisher", async ({ page }) => {
  const things = await structuredData(page, "/");
  const organization = ofType(things, "Organization");
  expect(organization).toMatchObject({ name: "Meridian Academic Publishing", url: "https://www.meridianpress.example/" });
  expect(organization.sameAs).toContain("https://x.com/meridian_e2e");
  await expectTrail(page, things, ["Home"]);
  await expectTrail(page, await structuredData(page, "/tr"), ["Ana Sayfa"]);
});

for (const locale of ["en", "tr"] as const) {
  test(`a journal is a Periodical with its ISSNs, an issue is part of its volume and journal (${locale})`, async ({ page }) => {
    const [summary] = (await api<List<JournalDetail>>(page, `/api/journals/${locale}`)).Items;
    const journal = await api<JournalDetail>(page, `/api/journals/${locale}/${summary.slug}`);
    const journalPath = `${locale === "en" ? "/journals" : "/tr/dergiler"}/${journal.slug}`;
    const things = await structuredData(page, journalPath);
    const periodical = ofType(things, "Periodical");
    expect(periodical).toMatchObject({ name: journal.title, alternateName: journal.abbreviation, isAccessibleForFree: journal.openAccess });
    expect(periodical.issn).toEqual([journal.eIssn, journal.printIssn].filter(Boolean));
    expect(periodical.publisher).toMatchObject({
      "@type": "Organization",
      name: locale === "en" ? "Meridian Academic Publishing" : "Meridyen Akademik Yayıncılık",
    });
    await expectTrail(page, things, locale === "en" ? ["Home", "Journals", journal.title] : ["Ana Sayfa", "Dergiler", journal.title]);

    const [issue] = (await api<List<Issue>>(page, `/api/journals/${locale}/${journal.slug}/issues`)).Items;
    const issueThings = await structuredData(page, `${journalPath}/${locale === "en" ? "articles" : "makaleler"}/${issue.id}`);
    const publicationIssue = ofType(issueThings, "PublicationIssue");
    expect(publicationIssue).toMatchObject({
      issueNumber: String(issue.number),
      datePublished: issue.publishedOn,
      isPartOf: { "@type": "PublicationVolume", volumeNumber: String(issue.volume), isPartOf: { "@type": "Periodical", name: journal.title } },
    });
    const trail = (ofType(issueThings, "BreadcrumbList").itemListElement as { name: string }[]).map((item) => item.name);
    expect(trail.slice(0, 3)).toEqual(locale === "en" ? ["Home", "Journals", journal.title] : ["Ana Sayfa", "Dergiler", journal.title]);
    expect(trail).toHaveLength(5);
    await expectTrail(page, issueThings, trail);
  });
}

test("an article is a ScholarlyArticle by its authors, part of its issue, volume and journal", async ({ page }) => {
  const journal = "journal-of-social-inquiry";
  const [issue] = (await api<List<Issue>>(page, `/api/journals/en/${journal}/issues`)).Items;
  const articles = (await api<IssueArticles>(page, `/api/journals/en/${journal}/issues/${issue.id}?pageSize=100`)).Items;
  // One article with a DOI and ORCID iDs, and, when the issue has one, one without: no empty property for it.
  const withDoi = articles.find((a: ArticleSummary) => a.doi && a.authors.some((author) => author.orcid));
  expect(withDoi).toBeDefined();
  const withoutDoi = articles.find((a: ArticleSummary) => !a.doi);
  for (const summary of [withDoi, withoutDoi].filter((a): a is ArticleSummary => Boolean(a))) {
    const article = await api<ArticleDetail>(page, `/api/journals/en/${journal}/issues/${issue.id}/articles/${summary.id}`);
    const things = await structuredData(page, `/journals/${journal}/articles/${issue.id}/${article.id}`);
    const described = ofType(things, "ScholarlyArticle");
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
    await expectTrail(page, things, [
      "Home",
      "Journals",
      article.journal.title,
      "Articles",
      `Volume ${issue.volume}, Issue ${issue.number} (${issue.year})`,
      article.title,
    ]);
  }
});

test("a book is a Book with its contributors, an edition per ISBN and its chapters", async ({ page }) => {
  const [summary] = (await api<List<BookDetail>>(page, "/api/books/en")).Items;
  const book = await api<BookDetail>(page, `/api/books/en/${summary.slug}`);
  const things = await structuredData(page, `/books/${book.slug}`);
  const described = ofType(things, "Book");
  expect(described).toMatchObject({ name: book.title, datePublished: String(book.year), numberOfPages: book.pages, inLanguage: book.language });
  const people = (role: string) =>
    book.contributors.filter((c) => c.role === role).map((c) => expect.objectContaining({ "@type": "Person", name: c.name, familyName: c.family }));
  expect(described.author ?? []).toEqual(people("author"));
  expect(described.editor ?? []).toEqual(people("editor"));
  const isbns = (described.workExample as { isbn: string }[]).map((edition) => edition.isbn);
  expect(isbns).toEqual([book.printIsbn, book.eIsbn].filter(Boolean));
  expect((described.hasPart as { name: string }[]).map((chapter) => chapter.name)).toEqual(book.chapters.map((chapter) => chapter.title));
  await expectTrail(page, things, ["Home", "Books", book.title]);
  // Google Scholar's tags, and a description of its own.
  await expect(page.locator('meta[name="citation_title"]')).toHaveAttribute(
    "content",
    book.subtitle ? `${book.title}: ${book.subtitle}` : book.title,
  );
  expect(await page.locator('meta[name="citation_isbn"]').count()).toBe([book.printIsbn, book.eIsbn].filter(Boolean).length);
  await expect(page.locator('meta[name="description"]')).toHaveCount(1);
  await expect(page.locator('meta[name="description"]')).not.toHaveAttribute("content", "");
});

test("every other page has its trail through the site's sections", async ({ page }) => {
  await expectTrail(page, await structuredData(page, "/who-we-are/departments"), ["Home", "Who We Are", "Departments"]);
  await expectTrail(page, await structuredData(page, "/tr/bize-ulasin/finans"), ["Ana Sayfa", "Bize Ulaşın", "Finans"]);
  await expectTrail(page, await structuredData(page, "/services/doi-registration-and-indexing-support"), [
    "Home",
    "Services",
    "DOI Registration and Indexing Support",
  ]);
  // A page that does not exist describes nothing.
  await page.goto("/no-such-page");
  await expect(page.locator('script[type="application/ld+json"]')).toHaveCount(0);
});
