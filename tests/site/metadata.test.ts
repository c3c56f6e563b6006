/**
 * What a page tells search engines and citation managers in its head, as the site renders it in
 * process (tests/site-harness.ts): the canonical URL and hreflang alternates, and an article's
 * Google Scholar, Dublin Core and Open Graph tags, each what the content API says.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import type { ArticleDetail, ArticleSummary, JournalSummary, List, Page as ListPage, Locale } from "../../contract/api-types.ts";
import { hasEveryField, lacksOptionalFields } from "../demo-articles.ts";
import { type SiteHarness, siteHarness } from "../site-harness.ts";
import { attr, elements, metaTags, only, text } from "./markup.ts";

const ORIGIN = "https://www.meridianpress.example";

let site: SiteHarness;
beforeAll(async () => {
  site = await siteHarness();
});
afterAll(() => site.close());

/** The href of the head's `<link>` elements for which `test` holds. */
const linkHrefs = (document: Parameters<typeof elements>[0], test: (rel: string | null, hreflang: string | null) => boolean) =>
  elements(document, (e) => e.name === "link" && test(attr(e, "rel"), attr(e, "hreflang"))).map((e) => attr(e, "href"));

it("every page carries a canonical URL and hreflang alternates for both languages", async () => {
  const { document } = await site.page("/tr/dergiler/sosyal-arastirmalar-dergisi/makaleler");
  expect(linkHrefs(document, (rel) => rel === "canonical")).toEqual([`${ORIGIN}/tr/dergiler/sosyal-arastirmalar-dergisi/makaleler`]);
  expect(linkHrefs(document, (_, hreflang) => hreflang === "en")).toEqual([`${ORIGIN}/journals/journal-of-social-inquiry/articles`]);
  expect(linkHrefs(document, (_, hreflang) => hreflang === "x-default")).toEqual([`${ORIGIN}/journals/journal-of-social-inquiry/articles`]);
  const keywords = metaTags(document).filter(([name]) => name === "keywords");
  expect(keywords).toHaveLength(1);
  expect(keywords[0][1]).toMatch(/akademik yayıncılık/);
});

const prefix = (locale: Locale) => (locale === "en" ? "/journals" : "/tr/dergiler");
const segment = (locale: Locale) => (locale === "en" ? "articles" : "makaleler");
const pathOf = (a: ArticleDetail, locale: Locale) => `${prefix(locale)}/${a.alternates[locale]}/${segment(locale)}/${a.issueId}/${a.id}`;

/** An article with every field (DOI, pages, a PDF, ORCID iDs, ROR ids), found through the content API, in `locale`. */
async function fullArticle(locale: Locale): Promise<ArticleDetail> {
  for (const journal of (await site.json<List<JournalSummary>>("/api/journals/en")).Items) {
    const articles = await site.json<ListPage<ArticleSummary>>(`/api/journals/en/${journal.slug}/articles?pageSize=100`);
    const full = articles.Items.find(hasEveryField);
    if (!full || !articles.Items.some(lacksOptionalFields)) continue;
    const en = await site.json<ArticleDetail>(`/api/journals/en/${journal.slug}/issues/${full.issueId}/articles/${full.id}`);
    return locale === "en" ? en : site.json<ArticleDetail>(`/api/journals/tr/${en.alternates.tr}/issues/${full.issueId}/articles/${full.id}`);
  }
  throw new Error("the demo content has no journal with an article lacking a DOI and pages");
}

for (const locale of ["en", "tr"] as const) {
  it(`an article page carries Google Scholar, Dublin Core and Open Graph tags that match the article (${locale})`, async () => {
    const article = await fullArticle(locale);
    const { status, document } = await site.page(pathOf(article, locale));
    expect(status).toBe(200);
    const tags = metaTags(document);
    const [canonical] = linkHrefs(document, (rel) => rel === "canonical");
    expect(canonical).toMatch(new RegExp(`^https?://[^/]+${pathOf(article, locale)}$`));
    const citation = tags.filter(([name]) => name.startsWith("citation_"));
    const all = (name: string) => tags.filter(([n]) => n === name).map(([, content]) => content);

    expect(citation.filter(([name]) => name.startsWith("citation_author"))).toEqual(
      article.authors.flatMap((a) => [
        ["citation_author", a.given ? `${a.family}, ${a.given}` : a.family],
        ...a.affiliations.map((x) => ["citation_author_institution", x.name]),
        ...(a.orcid ? [["citation_author_orcid", `https://orcid.org/${a.orcid}`]] : []),
      ]),
    );
    // Google Scholar reads the title and the journal's title in the article's own language, on both pages.
    expect(all("citation_title")).toEqual([article.text[article.language].title]);
    expect(all("citation_publication_date")).toEqual([article.publishedOn.replaceAll("-", "/")]);
    expect(all("citation_journal_title")).toEqual([article.journal.titles[article.language]]);
    expect(all("citation_reference")).toHaveLength(article.references.length);
    expect(all("description")).toEqual(all("og:description"));
    expect(all("citation_journal_abbrev")).toEqual([article.journal.abbreviation]);
    expect(all("citation_issn").sort()).toEqual([article.journal.eIssn, article.journal.printIssn].filter(Boolean).sort());
    expect(all("citation_volume")).toEqual([String(article.issue.volume)]);
    expect(all("citation_issue")).toEqual([String(article.issue.number)]);
    expect(all("citation_firstpage")).toEqual([String(article.firstPage)]);
    expect(all("citation_lastpage")).toEqual([String(article.lastPage)]);
    expect(all("citation_doi")).toEqual([article.doi]);
    expect(all("citation_keywords")).toEqual([article.text[locale].keywords.join("; ")]);
    expect(all("citation_language")).toEqual([article.language]);
    expect(all("citation_abstract_html_url")).toEqual([canonical]);
    expect(all("citation_pdf_url")).toEqual([`${new URL(canonical ?? "").origin}${pathOf(article, locale)}/${article.id}.pdf`]);

    expect(all("DC.title")).toEqual([article.title]);
    expect(all("DC.creator")).toEqual(article.authors.map((a) => a.name));
    expect(all("DC.identifier")).toEqual([`https://doi.org/${article.doi}`]);
    expect(all("DC.source")).toEqual([article.journal.title]);
    expect(all("og:type")).toEqual(["article"]);
    expect(all("og:title")).toEqual([article.title]);
    expect(all("og:url")).toEqual([canonical]);
    expect(all("og:locale")).toEqual([locale === "en" ? "en_US" : "tr_TR"]);
    expect(all("article:author")).toEqual(article.authors.map((a) => a.name));
    const [description] = all("og:description");
    expect(description.length).toBeGreaterThan(40);
    // The description is the start of the abstract in the page's language, as the page shows it.
    const abstract = only(document, (e) => attr(e, "id") === `abstract-${locale}`, "the abstract");
    const shown = only(abstract, (e) => (attr(e, "class") ?? "").split(" ").includes("rich-text"), "the abstract's text");
    expect(text(shown)).toContain(description.replace(/…$/, ""));
    expect(tags.filter(([, content]) => content.trim() === "")).toEqual([]);
  });
}
