import { XmlDocument } from "libxml2-wasm";
import { afterEach, describe, expect, it } from "vitest";
import { doajArticles } from "./doaj.ts";
import { correction, research, site, withoutDoi } from "./test-fixtures.ts";
import { validateXml } from "./validate-xml.server.ts";

const journal = { title: "Journal of Engineering and Technology", eIssn: "2687-1234", printIssn: "1300-5678" };
const options = { publisher: "Meridian Press", landingPage: (article: { id: string }) => `${site}/journals/jet/v13-n3/${article.id}` };

const opened: XmlDocument[] = [];
afterEach(() => {
  for (const doc of opened.splice(0)) doc.dispose();
});
function read(xml: string) {
  const doc = XmlDocument.fromString(xml);
  opened.push(doc);
  return { texts: (xpath: string) => doc.find(xpath).map((node) => node.content) };
}

describe("a journal's DOAJ article file", () => {
  const xml = doajArticles(journal, [research, correction, withoutDoi], options);

  it("is valid against doajArticles.xsd", () => {
    expect(validateXml(xml, "doaj")).toEqual([]);
  });

  it("says what DOAJ reads", () => {
    const x = read(xml);
    const record = `/records/record[publisherRecordId='${research.id}']`;
    expect(x.texts("/records/record/publisherRecordId")).toEqual([research.id, correction.id, withoutDoi.id]);
    expect(x.texts(`${record}/language`)).toEqual(["eng"]);
    expect(x.texts(`${record}/issn`)).toEqual(["1300-5678"]);
    expect(x.texts(`${record}/eissn`)).toEqual(["2687-1234"]);
    expect(x.texts(`${record}/publicationDate`)).toEqual(["2026-09-28"]);
    expect(x.texts(`${record}/startPage`)).toEqual(["234"]);
    expect(x.texts(`${record}/doi`)).toEqual(["10.5555/jet.2026.13.3.1"]);
    // The article's own language first: DOAJ shows one title.
    expect(x.texts(`${record}/title/@language`)).toEqual(["eng", "tur"]);
    expect(x.texts(`${record}/authors/author/name`)).toEqual(["Elif Aktaş Karaca", "Andreas Weber"]);
    expect(x.texts(`${record}/authors/author[1]/orcid_id`)).toEqual(["https://orcid.org/0000-0003-5244-6330"]);
    // Each affiliation listed once; an author with two points at both.
    expect(x.texts(`${record}/affiliationsList/affiliationName`)).toEqual(["Pamukkale University", "RWTH Aachen University"]);
    expect(x.texts(`${record}/authors/author[2]/affiliationId`)).toEqual(["2", "1"]);
    expect(x.texts(`${record}/abstract[@language='eng']`)).toEqual([
      "Textile manufacturers are reluctant to pool machine data.\nFederated learning reached an F1 score of 0.78 & more.",
    ]);
    expect(x.texts(`${record}/fullTextUrl[@format='html']`)).toEqual([`${site}/journals/jet/v13-n3/${research.id}`]);
    expect(x.texts(`${record}/keywords[@language='tur']/keyword`)).toEqual(["federe öğrenme", "kestirimci bakım"]);
    expect(x.texts("/records/record[2]/keywords")).toEqual([]);
    expect(x.texts(`/records/record[publisherRecordId='${withoutDoi.id}']/doi`)).toEqual([]);
    // DOAJ asks for no email addresses unless the caller wants them.
    expect(x.texts("//email")).toEqual([]);
  });

  it("gives the corresponding author's email only when asked", () => {
    const withEmails = doajArticles(journal, [research], { ...options, withEmails: true });
    expect(validateXml(withEmails, "doaj")).toEqual([]);
    expect(read(withEmails).texts("//author/email")).toEqual(["elif.karaca@pau.example"]);
  });

  it("a record without its full-text URL is refused", () => {
    const problems = validateXml(xml.replace(/<fullTextUrl[^>]*>[^<]*<\/fullTextUrl>/, ""), "doaj");
    expect(problems).toHaveLength(1);
    expect(problems[0].message).toMatch(/fullTextUrl/);
  });
});
