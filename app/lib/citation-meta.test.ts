import { describe, expect, it } from "vitest";
import { plainText } from "../../contract/plain-text.ts";
import { bookCitationMeta, type CitationData, citationMeta, DESCRIPTION_MAX, shorten } from "./citation-meta.ts";

const full: CitationData = {
  url: "https://example.org/journals/j/articles/v1-n2/an-article",
  locale: "tr",
  title: "Bir Makale",
  originalTitle: "An Article",
  language: "en",
  authors: [
    {
      name: "Ayşe Aktaş Yılmaz",
      given: "Ayşe",
      family: "Aktaş Yılmaz",
      affiliations: [
        { name: "Ankara University", ror: "01wntqw50", country: "TR" },
        { name: "Hacettepe University", ror: null, country: "TR" },
      ],
      orcid: "0000-0002-1825-0097",
    },
    { name: "John Smith", given: "John", family: "Smith", affiliations: [], orcid: null },
    { name: "Öz", given: null, family: "Öz", affiliations: [{ name: "METU", ror: null, country: null }], orcid: null },
  ],
  publishedOn: "2026-03-07",
  journal: {
    title: "Sosyal Araştırmalar Dergisi",
    originalTitle: "Journal of Social Inquiry",
    abbreviation: "J. Soc. Inq.",
    issns: ["1234-5678", "8765-4321"],
    licence: "CC BY 4.0",
  },
  volume: 15,
  issue: 2,
  firstPage: 12,
  lastPage: 30,
  doi: "10.5555/jsi.2026.15.2.1",
  keywords: ["göç", "kent"],
  abstract: "A short abstract.",
  pdfUrl: "https://example.org/a.pdf",
  references: [
    {
      id: "r1",
      text: "Kaya, A. (2019). Göç ve kent. Kent Araştırmaları, 4(2), 10–20.",
      type: "journal-article",
      authors: [{ given: "Ali", family: "Kaya Demir" }],
      title: "Göç ve kent",
      container: "Kent Araştırmaları",
      year: 2019,
      volume: "4",
      issue: "2",
      pages: "10-20",
      doi: "10.1000/x1",
      url: null,
    },
    { id: "r2", text: "An unpublished report, 2020.", type: "other", authors: [], doi: null, url: null },
  ],
  status: "published",
  funding: [],
  relations: [],
};

const values = (tags: ReturnType<typeof citationMeta>, key: string) =>
  tags.filter((t) => ("name" in t ? t.name : t.property) === key).map((t) => t.content);
const keys = (tags: ReturnType<typeof citationMeta>) => tags.map((t) => ("name" in t ? t.name : t.property));

describe("citationMeta", () => {
  it("writes each Highwire tag from the data: titles in the article's own language, each author as 'Family, Given' followed by their institutions and ORCID, each reference", () => {
    const tags = citationMeta(full);
    const citation = tags.filter((t) => "name" in t && t.name.startsWith("citation_")).map((t) => ["name" in t && t.name, t.content]);
    expect(citation).toEqual([
      ["citation_title", "An Article"],
      ["citation_author", "Aktaş Yılmaz, Ayşe"],
      ["citation_author_institution", "Ankara University"],
      ["citation_author_institution", "Hacettepe University"],
      ["citation_author_orcid", "https://orcid.org/0000-0002-1825-0097"],
      ["citation_author", "Smith, John"],
      ["citation_author", "Öz"],
      ["citation_author_institution", "METU"],
      ["citation_publication_date", "2026/03/07"],
      ["citation_journal_title", "Journal of Social Inquiry"],
      ["citation_journal_abbrev", "J. Soc. Inq."],
      ["citation_issn", "1234-5678"],
      ["citation_issn", "8765-4321"],
      ["citation_volume", "15"],
      ["citation_issue", "2"],
      ["citation_firstpage", "12"],
      ["citation_lastpage", "30"],
      ["citation_doi", "10.5555/jsi.2026.15.2.1"],
      ["citation_keywords", "göç; kent"],
      ["citation_language", "en"],
      ["citation_abstract_html_url", full.url],
      ["citation_pdf_url", "https://example.org/a.pdf"],
      [
        "citation_reference",
        "citation_title=Göç ve kent; citation_author=Kaya Demir, Ali; citation_journal_title=Kent Araştırmaları; citation_publication_date=2019; citation_volume=4; citation_issue=2; citation_firstpage=10; citation_lastpage=20; citation_doi=10.1000/x1",
      ],
      ["citation_reference", "An unpublished report, 2020."],
    ]);
    expect(values(tags, "description")).toEqual(["A short abstract."]);
  });

  it("writes Dublin Core and Open Graph tags", () => {
    const tags = citationMeta(full);
    expect(values(tags, "DC.creator")).toEqual(["Ayşe Aktaş Yılmaz", "John Smith", "Öz"]);
    expect(values(tags, "DC.identifier")).toEqual(["https://doi.org/10.5555/jsi.2026.15.2.1"]);
    expect(values(tags, "DC.date")).toEqual(["2026-03-07"]);
    expect(values(tags, "DC.rights")).toEqual(["CC BY 4.0"]);
    expect(values(tags, "DC.source")).toEqual(["Sosyal Araştırmalar Dergisi"]);
    expect(values(tags, "og:type")).toEqual(["article"]);
    expect(values(tags, "og:locale")).toEqual(["tr_TR"]);
    expect(values(tags, "og:url")).toEqual([full.url]);
    expect(values(tags, "og:description")).toEqual(["A short abstract."]);
    expect(values(tags, "article:author")).toEqual(["Ayşe Aktaş Yılmaz", "John Smith", "Öz"]);
    expect(values(tags, "article:published_time")).toEqual(["2026-03-07"]);
    expect(tags.filter((t) => "property" in t).every((t) => "property" in t && /^(og|article):/.test(t.property))).toBe(true);
  });

  it("never writes a tag without a value", () => {
    const bare: CitationData = {
      ...full,
      authors: [{ name: "Ayşe Yılmaz", given: "Ayşe", family: "Yılmaz", affiliations: [], orcid: null }],
      journal: { title: "J", originalTitle: "J", abbreviation: " ", issns: [], licence: null },
      references: [],
      firstPage: null,
      lastPage: null,
      doi: null,
      keywords: [],
      pdfUrl: null,
    };
    const tags = citationMeta(bare);
    for (const absent of [
      "citation_author_institution",
      "citation_author_orcid",
      "citation_journal_abbrev",
      "citation_issn",
      "citation_firstpage",
      "citation_lastpage",
      "citation_doi",
      "citation_keywords",
      "citation_pdf_url",
      "DC.identifier",
      "DC.rights",
      "DC.subject",
    ]) {
      expect(keys(tags)).not.toContain(absent);
    }
    expect(tags.every((t) => t.content.trim() !== "")).toBe(true);
    expect(values(tags, "citation_author")).toEqual(["Yılmaz, Ayşe"]);
  });

  it("cuts a long abstract at a word for the descriptions", () => {
    const abstract = "word ".repeat(200).trim();
    const [description] = values(citationMeta({ ...full, abstract }), "og:description");
    expect(description.length).toBeLessThanOrEqual(DESCRIPTION_MAX);
    expect(description).toMatch(/ word…$/);
    expect(shorten("short", 10)).toBe("short");
  });
});

describe("plainText", () => {
  it("drops tags, decodes references and collapses whitespace", () => {
    expect(plainText("<p>Tom &amp; Jerry&#39;s <em>“show”</em>\n  &lt;3 &#x131;</p><p>Two</p>")).toBe("Tom & Jerry's “show” <3 ı Two");
  });
});

describe("bookCitationMeta", () => {
  it("names a book's authors and editors 'Family, Given', its ISBNs, publisher and DOI, and describes it", () => {
    const tags = bookCitationMeta({
      url: "https://example.org/books/b",
      locale: "en",
      title: "Heritage Turkish in Europe: Acquisition",
      authors: [],
      editors: [
        { given: "Seda", family: "Arslan Kaya" },
        { given: "Jan Hendrik", family: "Vermeer" },
      ],
      year: 2020,
      publisher: "Meridian Academic Publishing",
      isbns: ["9786050000001", "9786050000018"],
      doi: null,
      language: "tr",
      description: "A book.",
    });
    expect(tags.filter((t) => "name" in t && t.name.startsWith("citation_")).map((t) => ["name" in t && t.name, t.content])).toEqual([
      ["citation_title", "Heritage Turkish in Europe: Acquisition"],
      ["citation_editor", "Arslan Kaya, Seda"],
      ["citation_editor", "Vermeer, Jan Hendrik"],
      ["citation_publication_date", "2020"],
      ["citation_publisher", "Meridian Academic Publishing"],
      ["citation_isbn", "9786050000001"],
      ["citation_isbn", "9786050000018"],
      ["citation_language", "tr"],
      ["citation_abstract_html_url", "https://example.org/books/b"],
    ]);
    expect(values(tags, "description")).toEqual(["A book."]);
  });
});
