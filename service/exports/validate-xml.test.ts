import { describe, expect, it } from "vitest";
import { validateXml, xmlSchemas } from "./validate-xml.server.ts";

// DOAJ's schema compiles in milliseconds; Crossref's is exercised in crossref.test.ts.
const record = (fields: string) => `<?xml version="1.0" encoding="UTF-8"?>
<records>
  <record>
${fields}
  </record>
</records>`;
const valid = `    <journalTitle>J</journalTitle>
    <eissn>2687-1234</eissn>
    <publicationDate>2026-09-28</publicationDate>
    <title language="tur">Başlık</title>
    <fullTextUrl format="html">https://meridianpress.example/a</fullTextUrl>`;

describe("validateXml", () => {
  it("accepts a valid document", () => {
    expect(validateXml(record(valid), "doaj")).toEqual([]);
  });

  it("gives each problem's line and libxml2's message", () => {
    const problems = validateXml(record(valid.replace("2687-1234", "2687-12345").replace('language="tur"', 'language="tr"')), "doaj");
    expect(problems.map((problem) => problem.line)).toEqual([5, 7]);
    expect(problems[0].message).toMatch(/eissn.*2687-12345.*pattern/);
    expect(problems[1].message).toMatch(/language.*enumeration.*'tr' is not/);
  });

  it("reports a document that is not well-formed, instead of throwing", () => {
    const problems = validateXml("<records>\n<record>\n</records>", "doaj");
    expect(problems[0]).toMatchObject({ line: 3, message: expect.stringMatching(/mismatch/i) });
  });

  it("opens no external entity named in the document", () => {
    const xml = record(valid.replace(">J<", ">&e;<")).replace("<records>", `<!DOCTYPE records [<!ENTITY e SYSTEM "file:///etc/passwd">]>\n<records>`);
    // The entity is not loaded, so the document cannot be checked: a problem, not an exception, and no file's content.
    const problems = validateXml(xml, "doaj");
    expect(problems).toEqual([{ line: 0, message: expect.stringMatching(/could not be validated/) }]);
  });

  it("knows the two schemas' main files", () => {
    expect(Object.keys(xmlSchemas)).toEqual(["crossref", "doaj"]);
  });
});
