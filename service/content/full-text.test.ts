import { describe, expect, it } from "vitest";
import { renderFullText } from "./full-text.ts";

const markdown = `## Giriş

Öğretmenlerin dijital yetkinliği [@kaya2019; @smith2020] üzerine çok çalışılmıştır.[^1]
Yine de kırsal okullar az bilinir [@smith2020].

### Araştırma soruları

Model $y = \\beta x$ biçimindedir:

$$
\\eta = \\gamma_1 x + \\zeta
$$

## Bulgular

[Şekil 1](#fig-oranlar) ve [Tablo 1](#tab-orneklem) sonuçları özetler. <script>alert(1)</script>

::: figure fig-oranlar
![Bölgelere göre yanıt oranları; en yüksek Ege, yüzde 71](figures/oranlar.svg)
Bölgelere göre yanıt oranları.
:::

::: table tab-orneklem
Örneklemin özellikleri (n = 486).

| Grup | n |
|---|---:|
| Kadın | 282 |
:::

## Bulgular

[^1]: Okulların listesi ekte verilmiştir.
`;

const render = (source: string, referenceIds = ["smith2020", "kaya2019"]) =>
  renderFullText({ source: { markdown: source }, language: "tr", referenceIds, figureUrl: (file) => `makale/${file}` });

describe("a Markdown full text", () => {
  const text = render(markdown);

  it("prints citations as the references' numbers, linking to the list, and remembers where each is cited", () => {
    expect(text.problems).toEqual([]);
    expect(text.html).toContain(
      // In the list's order, whatever the order written; the anchors numbered as printed.
      '[<a href="#ref-smith2020" id="cite-1" class="xref-bibr">1</a>, <a href="#ref-kaya2019" id="cite-2" class="xref-bibr">2</a>]',
    );
    expect(text.citedAt).toEqual({ smith2020: ["cite-1", "cite-3"], kaya2019: ["cite-2"] });
  });

  it("numbers figures and tables with the article's language's labels, and keeps the figure's alternative text", () => {
    expect(text.html).toContain(
      '<figure id="fig-oranlar" class="fig"><img src="makale/figures/oranlar.svg" alt="Bölgelere göre yanıt oranları; en yüksek Ege, yüzde 71"',
    );
    expect(text.html).toContain('<span class="label">Şekil 1.</span> Bölgelere göre yanıt oranları.');
    expect(text.html).toMatch(
      /<figure id="tab-orneklem" class="table-wrap"><figcaption><span class="label">Tablo 1\.<\/span> Örneklemin özellikleri \(n = 486\)\.<\/figcaption><div class="table-scroll" tabindex="0"><table>/,
    );
    expect(text.figures).toEqual(["figures/oranlar.svg"]);
  });

  it("makes the outline of the ## sections with Turkish-folded anchors, a repeated title getting its own", () => {
    expect(text.outline).toEqual([
      { id: "sec-giris", title: "Giriş" },
      { id: "sec-bulgular", title: "Bulgular" },
      { id: "sec-bulgular-2", title: "Bulgular" },
    ]);
    expect(text.html).toContain('<h3 id="sec-arastirma-sorulari">Araştırma soruları</h3>');
  });

  it("renders LaTeX as MathML, footnotes with their Turkish heading, and drops scripts", () => {
    expect(text.html).toContain('<div class="equation" tabindex="0"><math display="block"');
    expect(text.html).toMatch(/<math[^>]*><mrow><mi>y<\/mi><mo>=<\/mo>/);
    expect(text.html).toContain('<h2 id="note-label" class="notes-title">Notlar</h2>');
    expect(text.html).not.toContain("<script");
  });

  it("gives the same body as JATS: sections, citations, figure, table, formula and notes", () => {
    expect(text.jats).toMatch(/^<body><sec id="sec-giris"><title>Giriş<\/title>/);
    expect(text.jats).toContain('<xref ref-type="bibr" rid="smith2020">1</xref>');
    expect(text.jats).toContain('<sec id="sec-arastirma-sorulari"><title>Araştırma soruları</title>');
    expect(text.jats).toContain(
      '<fig id="fig-oranlar"><label>Şekil 1</label><caption><p>Bölgelere göre yanıt oranları.</p></caption><graphic xlink:href="makale/figures/oranlar.svg"><alt-text>',
    );
    expect(text.jats).toContain('<table-wrap id="tab-orneklem"><label>Tablo 1</label>');
    expect(text.jats).toContain("<disp-formula><mml:math");
    expect(text.jats).toContain('<xref ref-type="fig" rid="fig-oranlar">Şekil 1</xref>');
    expect(text.jats).toMatch(
      /<sec sec-type="notes"><title>Notlar<\/title><fn-group><fn id="note-1"><p>Okulların listesi ekte verilmiştir\.<\/p><\/fn>/,
    );
  });
});

describe("a full text's problems are reported, not thrown", () => {
  it("names a citation of no reference, a reference never cited, a figure without alternative text and a link to nothing", () => {
    const text = render("## A\n\nSee [@nobody] and [Figure 2](#fig-missing).\n\n::: figure fig-a\n![](figures/a.svg)\nA.\n:::\n", [
      "cited",
      "uncited",
    ]);
    expect(text.problems).toEqual([
      "figure fig-a has no alternative text",
      "[@nobody] cites no reference of references.yaml",
      "a link points to #fig-missing, which the body does not have",
      "reference cited is never cited",
      "reference uncited is never cited",
    ]);
  });

  it("names an equation that is not LaTeX", () => {
    expect(render("## A\n\n$$\n\\frac{1}{\n$$\n", []).problems[0]).toMatch(/^the equation "\\\\frac\{1\}\{" cannot be read/);
  });
});

describe("a JATS full text", () => {
  it("becomes the page's HTML with numbered citations, sections and a figure", () => {
    const text = renderFullText({
      source: {
        jats: `<body><sec id="s1"><title>Introduction</title><p>As shown <xref ref-type="bibr" rid="b2">[2]</xref>, <italic>it</italic> holds.</p>
          <fig id="f1"><caption><p>Rates.</p></caption><graphic xlink:href="figures/f1.png"><alt-text>Rates by year</alt-text></graphic></fig></sec></body>`,
      },
      language: "en",
      referenceIds: ["b1", "b2"],
      figureUrl: (file) => `a/${file}`,
    });
    expect(text.html).toContain('<h2 id="s1">Introduction</h2>');
    expect(text.html).toContain('As shown [<a href="#ref-b2" id="cite-1" class="xref-bibr">2</a>], <em>it</em> holds.');
    expect(text.html).toContain('<img src="a/figures/f1.png" alt="Rates by year"');
    expect(text.html).toContain('<span class="label">Figure 1.</span> Rates.');
    expect(text.outline).toEqual([{ id: "s1", title: "Introduction" }]);
    // A body from a journal system may cite only some of its list (or none, a PDF's extracted text): not a problem.
    expect(text.problems).toEqual([]);
  });
});
