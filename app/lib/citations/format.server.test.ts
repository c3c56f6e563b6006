import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Locale } from "../../../i18n/locales.ts";
import type { ApiClient } from "../../../service/api/client.ts";
import { demoApi, demoArticles } from "../../../tests/demo-api.ts";
import { formatCitation, formatCitations } from "./format.server.ts";
import { articleToWork, bookToWork } from "./from-api.ts";
import { citationStyles } from "./styles.ts";
import type { CitableWork } from "./work.ts";

let api: ApiClient;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ api, close } = await demoApi());
});
afterAll(() => close());

const locales: Locale[] = ["en", "tr"];
/** The plain text of an entry's markup (citeproc-js writes entities as numbers, and &amp; &lt; &gt;). */
const named: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0" };
const textOf = (html: string) =>
  html
    .replace(/<[^>]*>/g, "")
    .replace(/&(?:#(\d+)|#x([0-9a-f]+)|(\w+));/gi, (entity, dec, hex, name) =>
      dec ? String.fromCodePoint(Number(dec)) : hex ? String.fromCodePoint(Number.parseInt(hex, 16)) : (named[name] ?? entity),
    );

/** The text without quotes: citeproc-js sets quotes and apostrophes typographically, and flips quotes nested in quotes. */
const withoutQuotes = (text: string) => text.replace(/['"‘’“”]/g, "");
const bookUrl = (slug: string) => `https://meridian.test/books/${slug}`;

async function demoWorks(locale: Locale): Promise<CitableWork[]> {
  const books = await Promise.all((await api.books(locale)).Items.map((b) => api.book(locale, b.slug)));
  const articles = await demoArticles(api, locale);
  return [
    ...books.map((b) => bookToWork(b, bookUrl(b.slug), locale)),
    ...articles.map(({ article, issue, journal }) => articleToWork(article, issue, journal, null)),
  ];
}

describe("every style renders every demo article and book", () => {
  for (const locale of locales) {
    it(`in ${locale}: not empty, with the title, the year and the first name's surname`, async () => {
      const works = await demoWorks(locale);
      expect(works.filter((w) => w.type === "article").length).toBeGreaterThan(10);
      expect(works.filter((w) => w.type === "book").length).toBeGreaterThan(5);
      for (const work of works) {
        const citations = formatCitations(work, locale);
        expect(citations.map((c) => c.style)).toEqual([...citationStyles]);
        const title = withoutQuotes(work.title);
        const sentenceTitle = withoutQuotes(work.sentenceTitle ?? work.title);
        const firstName = work.authors[0] ?? (work.type === "book" ? work.editors[0] : undefined);
        for (const { style, html } of citations) {
          const text = textOf(html);
          const where = `${style} ${work.id}`;
          expect(withoutQuotes(text), where).toContain(style === "apa" ? sentenceTitle.split(":")[0] : title);
          expect(text, where).toContain(String(work.year));
          if (firstName) expect(text, where).toContain(firstName.family);
          expect(html, where).not.toMatch(/<(?!\/?(i|b|sup|sub)>)/);
          expect(text, where).not.toMatch(/undefined|\[object/);
        }
      }
    });
  }
});

describe("hand-checked references", () => {
  async function article(locale: Locale, id = "the-grain-provisioning-of-istanbul-in-the-1760s-evidence-from-the-kadi-registers-of-tekirdag") {
    const articles = await demoArticles(api, locale);
    const found = articles.find((a) => a.article.id === id);
    if (!found) throw new Error("demo article missing");
    const detail = await api.article(locale, found.journal.slug, found.issue.id, id);
    return articleToWork(detail, detail.issue, detail.journal, null, {
      abstract: detail.text[locale].abstractHtml,
      keywords: detail.text[locale].keywords,
      locale,
    });
  }
  async function book(locale: Locale, slug: string) {
    return bookToWork(await api.book(locale, slug), bookUrl(slug), locale);
  }

  it("APA 7: a journal article and an edited book", async () => {
    expect(textOf(formatCitation(await article("en"), "apa", "en").html)).toBe(
      "Karabulut, H. (2024). The grain provisioning of Istanbul in the 1760s: Evidence from the kadı registers of Tekirdağ. Journal of History and Culture, 15(2), 157–170. https://doi.org/10.5555/jhc.2024.15.2.1",
    );
    const edited = formatCitation(await book("en", "heritage-turkish-in-europe"), "apa", "en");
    expect(textOf(edited.html)).toBe(
      "Arslan, S., & Vermeer, J. H. (Eds.). (2020). Heritage Turkish in Europe: Acquisition, attrition and language policy. Meridian Academic Publishing. https://doi.org/10.5555/mp.book.2020.01",
    );
    expect(edited.html).toContain("<i>Heritage Turkish in Europe: Acquisition, attrition and language policy</i>");
  });

  it("ISNAD 2: a journal article and an edited book, in Turkish", async () => {
    const cited = formatCitation(await article("tr"), "isnad", "tr");
    expect(textOf(cited.html)).toBe(
      "Karabulut, Hüsnü. “1760’larda İstanbul’un Hububat İaşesi: Tekirdağ Kadı Sicillerinden Bulgular”. Tarih ve Kültür Dergisi 15/2 (2024), 157-170. https://doi.org/10.5555/jhc.2024.15.2.1",
    );
    expect(cited.html).toContain("<i>Tarih ve Kültür Dergisi</i> 15/2 (2024)");
    expect(textOf(formatCitation(await book("tr", "avrupada-miras-dili-olarak-turkce"), "isnad", "tr").html)).toBe(
      "Arslan, Seda - Vermeer, Jan Hendrik (ed.). Avrupa’da Miras Dili Olarak Türkçe: Edinim, Yitim ve Dil Politikası. Meridyen Akademik Yayıncılık, 2020. https://doi.org/10.5555/mp.book.2020.01",
    );
  });

  it("APA: a family name of several words whole, the title in sentence case; 'et al.' or 'vd.' by the page's language", async () => {
    const work = await article("en", "prevalence-and-determinants-of-vitamin-d-deficiency-among-pregnant-women-in-eastern-anatolia");
    const apa = textOf(formatCitation(work, "apa", "en").html);
    expect(apa).toMatch(/^Aktaş Karaca, Z\., /);
    expect(apa).toContain(
      "(2026). Prevalence and determinants of vitamin D deficiency among pregnant women in Eastern Anatolia: A multicentre cross-sectional study.",
    );
    const many = { ...work, authors: Array.from({ length: 4 }, (_, i) => ({ given: "Ayşe", family: `Aktaş Karaca${i}` })) };
    expect(textOf(formatCitation(many, "mla", "en").html)).toMatch(/^Aktaş Karaca0, Ayşe,? et al\./);
    expect(textOf(formatCitation(many, "mla", "tr").html)).toMatch(/^Aktaş Karaca0, Ayşe,? vd\./);
  });

  it("ISNAD: two authors joined by a dash, three or more are the first and “vd.”; Turkish on an English page too", async () => {
    const work = await article("en");
    const people = [
      { given: "Ayşe", family: "Işık" },
      { given: "Çağrı", family: "Öztürk" },
      { given: "Ömer", family: "Şahin" },
    ];
    expect(textOf(formatCitation({ ...work, authors: people.slice(0, 2) }, "isnad", "en").html)).toMatch(/^Işık, Ayşe - Öztürk, Çağrı\. “/);
    expect(textOf(formatCitation({ ...work, authors: people }, "isnad", "en").html)).toMatch(/^Işık, Ayşe vd\. “/);
  });

  it("leaves out the list number a numbered style gives a single reference, and only that", async () => {
    const work = await article("en");
    for (const style of ["vancouver", "ieee"] as const) expect(textOf(formatCitation(work, style, "en").html), style).not.toMatch(/^\s*\[?1[.\]]/);
    const numbered = { ...work, authors: [], title: "1. Dünya Savaşı ve Basın", sentenceTitle: undefined };
    expect(textOf(formatCitation(numbered, "apa", "en").html)).toMatch(/^1\. Dünya Savaşı ve Basın/);
  });
});
