import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Identifier, identifierParts } from "./identifier.tsx";

describe("where an identifier may wrap", () => {
  it("cuts a DOI after its slashes and its word dots, never inside the prefix or a number", () => {
    expect(identifierParts("https://doi.org/10.5555/jsi.2024.001")).toEqual(["https://", "doi.", "org/", "10.5555/", "jsi.", "2024.001"]);
    expect(identifierParts("10.5555/aje.v12i1.4")).toEqual(["10.5555/", "aje.", "v12i1.4"]);
  });

  it("cuts an e-mail address before its @ and after its dots", () => {
    expect(identifierParts("editor.office@social-inquiry.example")).toEqual(["editor.", "office", "@social-inquiry.", "example"]);
  });

  it("keeps an ISSN and an ORCID iD whole", () => {
    expect(identifierParts("2147-8252")).toEqual(["2147-8252"]);
    expect(identifierParts("0000-0003-0501-202X")).toEqual(["0000-0003-0501-202X"]);
  });

  it("renders the parts unbreakable, with a break opportunity between them and the text unchanged", () => {
    const html = renderToString(createElement(Identifier, null, "10.5555/jsi.1"));
    expect(html).toBe(
      '<span class="whitespace-nowrap">10.5555/</span><wbr/><span class="whitespace-nowrap">jsi.</span><wbr/><span class="whitespace-nowrap">1</span>',
    );
  });
});
