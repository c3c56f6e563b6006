import { describe, expect, it } from "vitest";
import { doiTerm, orcidTerm } from "./identifiers.ts";
import { indexTerms, queryTerms } from "./terms.ts";

/** Whether a query's every term has a form among a text's index terms. */
const finds = (query: string, texts: Parameters<typeof indexTerms>[0]) => {
  const held = new Set(indexTerms(texts).split(" "));
  return queryTerms(query).every((term) => term.forms.some((form) => held.has(form)));
};

describe("search terms", () => {
  it("index each word folded, followed by its stem in the text's language; other text folded only", () => {
    expect(indexTerms({ en: ["Migrations of Teachers"] })).toBe("migrations migrat of teachers teacher");
    expect(indexTerms({ tr: ["Öğretmen Eğitiminde"] })).toBe("ogretmen ogretme egitiminde egit");
    expect(indexTerms({ other: ["Boğaziçi University"] })).toBe("bogazici university");
  });

  it("match inflected forms both ways, in English and in Turkish", () => {
    for (const [a, b, language] of [
      ["migrations", "migration", "en"],
      ["studies", "study", "en"],
      ["eğitimde", "eğitim", "tr"],
      ["öğretmenlerin", "öğretmen", "tr"],
      ["depremlerinden", "deprem", "tr"],
    ] as const) {
      expect([a, b, finds(a, { [language]: [b] })]).toEqual([a, b, true]);
      expect([b, a, finds(b, { [language]: [a] })]).toEqual([b, a, true]);
    }
    // A Turkish word typed without its letters still meets its stem.
    expect(finds("EGITIMDE", { tr: ["eğitim"] })).toBe(true);
    expect(finds("migration", { en: ["mitigation"] })).toBe(false);
  });

  it("take a query's distinct words, at most twelve terms, the last word as a prefix", () => {
    expect(queryTerms("  KADIKÖY kadıköy? «Moda» ").map((t) => [t.forms[0], t.prefix])).toEqual([
      ["kadikoy", false],
      ["moda", true],
    ]);
    expect(queryTerms("a b c d e f g h i j k l m n")).toHaveLength(12);
    expect(queryTerms("x ab").at(-1)?.prefix).toBe(false);
    expect(queryTerms("!?")).toEqual([]);
  });

  it("read a DOI or an ORCID iD, bare or as a URL, as one term", () => {
    const doi = doiTerm("10.5555/jsi.2025.14.2.1");
    for (const query of ["10.5555/jsi.2025.14.2.1", "https://doi.org/10.5555/JSI.2025.14.2.1", "doi:10.5555/jsi.2025.14.2.1."]) {
      expect(queryTerms(query)).toEqual([{ forms: [doi], prefix: false }]);
    }
    // Its parts cannot run together: volume 14, issue 2, article 11 is not volume 14, issue 21, article 1.
    expect(doiTerm("10.5555/x.14.2.11")).not.toBe(doiTerm("10.5555/x.14.21.1"));
    expect(doi).toMatch(/^doi[0-9a-f]+$/);

    const orcid = orcidTerm("0000-0003-0501-202X");
    expect(orcid).toBe("orcid000000030501202x");
    for (const query of ["0000-0003-0501-202X", "https://orcid.org/0000-0003-0501-202x", "000000030501202X"]) {
      expect(queryTerms(query)).toEqual([{ forms: [orcid], prefix: false }]);
    }
    // With words around it: the identifier and the words are each a term.
    expect(queryTerms("Lane 0000-0002-6160-6482").map((t) => t.forms[0])).toEqual([orcidTerm("0000-0002-6160-6482"), "lane"]);
  });
});
