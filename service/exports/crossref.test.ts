import { XmlDocument } from "libxml2-wasm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { CROSSREF, crossrefBookDeposit, crossrefJournalDeposit, crossrefTimestamp } from "./crossref.ts";
import { book, correction, head, research, site, withoutDoi } from "./test-fixtures.ts";
import { loadXmlSchema, validateXml } from "./validate-xml.server.ts";

const NS = {
  c: CROSSREF.namespace,
  fr: "http://www.crossref.org/fundref.xsd",
  ai: "http://www.crossref.org/AccessIndicators.xsd",
  jats: "http://www.ncbi.nlm.nih.gov/JATS1",
};
const POLICY = "10.5555/meridian.crossmark-policy";
const landingPage = (article: { issue: { id: string }; id: string }) => `${site}/journals/jet/${article.issue.id}/${article.id}`;

const opened: XmlDocument[] = [];
afterEach(() => {
  for (const doc of opened.splice(0)) doc.dispose();
});
/** The deposit as an indexer reads it: XPath over the parsed document, Crossref's namespace as `c:`. */
function read(xml: string) {
  const doc = XmlDocument.fromString(xml);
  opened.push(doc);
  return {
    texts: (xpath: string) => doc.find(xpath, NS).map((node) => node.content),
    count: (xpath: string) => doc.find(xpath, NS).length,
  };
}
const articleXPath = (doi: string) => `//c:journal_article[c:doi_data/c:doi = '${doi}']`;

// Crossref's schema (with JATS and MathML 3) takes seconds to compile: once, before the tests.
beforeAll(() => loadXmlSchema("crossref"));

describe("an issue's deposit", () => {
  const deposit = crossrefJournalDeposit(head, [research, correction, withoutDoi], { landingPage, crossmarkPolicy: POLICY });

  it("is valid against Crossref's schema 5.3.1", () => {
    expect(validateXml(deposit.xml, "crossref")).toEqual([]);
    expect(deposit.dois).toEqual([research.doi, correction.doi]);
    expect(deposit.skipped).toEqual(["editorial"]);
  });

  it("says what an indexer looks for", () => {
    const x = read(deposit.xml);
    const article = articleXPath(research.doi as string);
    expect(x.texts("/c:doi_batch/c:head/c:timestamp")).toEqual(["20261005093015250"]);
    expect(x.texts("//c:journal_metadata/c:issn[@media_type='electronic']")).toEqual(["2687-1234"]);
    expect(x.texts("//c:journal_issue/c:journal_volume/c:volume")).toEqual(["13"]);
    expect(x.count("//c:journal")).toBe(1);
    // The journal's title in each language, the request's first.
    expect(x.texts("//c:journal_metadata/c:full_title")).toEqual(["Journal of Engineering and Technology", "Mühendislik ve Teknoloji Dergisi"]);
    // The title in the article's language, the Turkish one beside it.
    expect(x.texts(`${article}/c:titles/c:original_language_title[@language='tr']`)).toEqual([research.text.tr.title]);
    // The family name of several words is one surname.
    expect(x.texts(`${article}//c:person_name[c:given_name='Elif']/c:surname`)).toEqual(["Aktaş Karaca"]);
    expect(x.texts(`${article}//c:person_name/@sequence`)).toEqual(["first", "additional"]);
    expect(x.texts(`${article}//c:person_name[c:surname='Aktaş Karaca']/c:ORCID`)).toEqual(["https://orcid.org/0000-0003-5244-6330"]);
    expect(x.texts(`${article}//c:person_name[c:surname='Weber']//c:institution_id[@type='ror']`)).toEqual([
      "https://ror.org/04xfq0f34",
      "https://ror.org/01etz1309",
    ]);
    expect(x.texts(`${article}/jats:abstract/@xml:lang`)).toEqual(["en", "tr"]);
    expect(x.texts(`${article}/jats:abstract[@xml:lang='en']/jats:p`)[1]).toBe("Federated learning reached an F1 score of 0.78 & more.");
    expect(x.texts(`${article}/c:pages/c:first_page`)).toEqual(["234"]);
    // Funding and licence sit in Crossmark's custom metadata when there is an update policy.
    const custom = `${article}/c:crossmark/c:custom_metadata`;
    expect(x.texts(`${custom}/fr:program//fr:assertion[@name='award_number']`)).toEqual(["124E318", "101092317", "101092318"]);
    expect(x.texts(`${custom}/fr:program//fr:assertion[@name='funder_identifier']`)[0]).toBe("https://doi.org/10.13039/501100004410");
    expect(x.texts(`${custom}/ai:program/ai:license_ref[@applies_to='vor']`)).toEqual(["https://creativecommons.org/licenses/by/4.0/"]);
    expect(x.texts(`${article}/c:doi_data/c:resource`)).toEqual([`${site}/journals/jet/v13-n3/${research.id}`]);
    // Every reference, keyed by its id: the DOI when known, the reference as printed (escaped and back).
    expect(x.count(`${article}/c:citation_list/c:citation`)).toBe(research.references.length);
    expect(x.texts(`${article}//c:citation[@key='ref-2']/c:doi`)).toEqual(["10.1561/2200000083"]);
    expect(x.count(`${article}//c:citation[@key='ref-1']/c:doi`)).toBe(0);
    expect(x.texts(`${article}//c:citation[@key='ref-3']/c:unstructured_citation`)).toEqual([research.references[2].text]);
  });

  it("registers the correction on the notice, which points at the work it corrects", () => {
    const x = read(deposit.xml);
    const notice = articleXPath(correction.doi as string);
    expect(x.texts(`${notice}/c:crossmark/c:crossmark_policy`)).toEqual([POLICY]);
    expect(x.texts(`${notice}/c:crossmark/c:updates/c:update[@type='correction'][@date='2026-10-05']`)).toEqual([research.doi]);
    // The corrected work carries Crossmark too, without an update of its own (Crossref links it back).
    expect(x.count(`${articleXPath(research.doi as string)}/c:crossmark/c:updates`)).toBe(0);
    expect(x.count(`${notice}/c:contributors`)).toBe(0);
  });

  it("a date range's deposit has a journal element per journal and issue", () => {
    const nextIssue = { ...correction.issue, id: "v13-n4", number: 4, publishedOn: "2026-12-20" };
    const otherJournal = {
      ...research.journal,
      title: "Economics and Finance Letters",
      titles: { en: "Economics and Finance Letters", tr: "Economics and Finance Letters" },
      eIssn: "2791-0001",
      printIssn: null,
    };
    const range = crossrefJournalDeposit(
      head,
      [research, { ...correction, issue: nextIssue }, { ...withoutDoi, doi: "10.5555/efl.1", journal: otherJournal }],
      {
        landingPage,
        crossmarkPolicy: POLICY,
      },
    );
    expect(validateXml(range.xml, "crossref")).toEqual([]);
    const x = read(range.xml);
    expect(x.texts("//c:journal/c:journal_issue/c:issue")).toEqual(["3", "4", "3"]);
    expect(x.texts("//c:journal/c:journal_metadata/c:full_title[1]")).toEqual([
      research.journal.title,
      research.journal.title,
      "Economics and Finance Letters",
    ]);
    expect(x.count("//c:journal[3]/c:journal_metadata/c:full_title")).toBe(1);
    expect(x.count("//c:journal[3]/c:journal_metadata/c:issn")).toBe(1);
  });

  it("without an update policy, funding and licence stand alone, and a notice's update is refused", () => {
    const plain = crossrefJournalDeposit(head, [research], { landingPage });
    expect(validateXml(plain.xml, "crossref")).toEqual([]);
    const x = read(plain.xml);
    expect(x.count("//c:crossmark")).toBe(0);
    expect(x.texts("//c:journal_article/fr:program//fr:assertion[@name='award_number']")).toHaveLength(3);
    expect(x.count("//c:journal_article/ai:program/ai:license_ref")).toBe(1);
    expect(() => crossrefJournalDeposit(head, [correction], { landingPage })).toThrow(/correction-federated-learning.*Crossmark/);
  });

  it("the validator refuses a deposit missing a required element, and says where", () => {
    const lines = deposit.xml.replace("<registrant>", "\n<registrant>").replace(/<registrant>[^<]*<\/registrant>/, "");
    const problems = validateXml(lines, "crossref");
    expect(problems).toHaveLength(1);
    expect(problems[0].message).toMatch(/head.*Missing child element.*registrant/);
    expect(problems[0].line).toBeGreaterThan(0);
    const badOrcid = deposit.xml.replace("https://orcid.org/0000-0003-5244-6330", "0000-0003-5244-6330");
    expect(validateXml(badOrcid, "crossref")[0].message).toMatch(/ORCID/);
    const noDoiData = deposit.xml.replace(/<doi_data>.*?<\/doi_data>/, "");
    expect(validateXml(noDoiData, "crossref")[0].message).toMatch(/citation_list.*not expected.*doi_data/);
  });
});

describe("a book's deposit", () => {
  const deposit = crossrefBookDeposit(head, [book], {
    publisher: "Meridian Press",
    landingPage: (b, chapter) => `${site}/books/${b.id}${chapter === undefined ? "" : `#chapter-${chapter + 1}`}`,
    licenceUrl: (name) => (name === "CC BY 4.0" ? "https://creativecommons.org/licenses/by/4.0/" : null),
  });

  it("is valid against Crossref's schema 5.3.1", () => {
    expect(validateXml(deposit.xml, "crossref")).toEqual([]);
    expect(deposit.dois).toEqual(["10.5555/mp.book.2023.02.ch1", "10.5555/mp.book.2023.02.ch2", "10.5555/mp.book.2023.02"]);
    expect(deposit.skipped).toEqual(["health-at-the-margins#3"]);
  });

  it("describes an edited book and each chapter with a DOI", () => {
    const x = read(deposit.xml);
    expect(x.texts("//c:book/@book_type")).toEqual(["edited_book"]);
    expect(x.texts("//c:book_metadata/c:contributors/c:person_name/@contributor_role")).toEqual(["editor", "editor"]);
    expect(x.texts("//c:book_metadata/c:titles/c:subtitle")).toEqual([book.subtitle]);
    expect(x.texts("//c:book_metadata/c:isbn/@media_type")).toEqual(["print", "electronic"]);
    expect(x.texts("//c:book_metadata/c:publisher/c:publisher_name")).toEqual(["Meridian Press"]);
    expect(x.texts("//c:book_metadata/c:doi_data/c:resource")).toEqual([`${site}/books/health-at-the-margins`]);
    expect(x.texts("//c:book_metadata/ai:program/ai:license_ref")).toEqual(["https://creativecommons.org/licenses/by/4.0/"]);
    expect(x.texts("//c:content_item/@component_type")).toEqual(["chapter", "chapter"]);
    expect(x.texts("//c:content_item//c:person_name[c:given_name='Ayşe Nur']/c:surname")).toEqual(["Aktaş Karaca"]);
    expect(x.texts("//c:content_item[1]/c:pages/c:last_page")).toEqual(["14"]);
    expect(x.texts("//c:content_item[2]/c:doi_data/c:resource")).toEqual([`${site}/books/health-at-the-margins#chapter-2`]);
  });

  it("a monograph without ISBNs or a DOI of its own is described for its chapters", () => {
    const monograph = {
      ...book,
      doi: null,
      printIsbn: null,
      eIsbn: null,
      contributors: book.contributors.map((person) => ({ ...person, role: "author" as const })),
    };
    const only = crossrefBookDeposit(head, [monograph], { publisher: "Meridian Press", landingPage: () => `${site}/books/x` });
    expect(validateXml(only.xml, "crossref")).toEqual([]);
    const x = read(only.xml);
    expect(x.texts("//c:book/@book_type")).toEqual(["monograph"]);
    expect(x.texts("//c:book_metadata/c:noisbn/@reason")).toEqual(["monograph"]);
    expect(only.skipped).toEqual(["health-at-the-margins#3", "health-at-the-margins"]);
  });
});

it("the timestamp is the UTC time's digits, to the millisecond", () => {
  expect(crossrefTimestamp(new Date("2026-01-02T03:04:05.006Z"))).toBe("20260102030405006");
});
