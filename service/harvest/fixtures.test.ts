/**
 * Pulls from answers shaped exactly as OJS 3.4 and 3.5, Janeway and DergiPark write them
 * (tests/fixtures/oai/, whose SOURCE.md says where each shape comes from), served by a local HTTP
 * server: Identify, ListMetadataFormats, then two pages of ListRecords joined by the system's own
 * resumption token. What the pull writes is read back as the site reads it (readContentFolder).
 */
import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse, stringify } from "yaml";
import { copySmallCatalogue } from "../../tests/small-catalogue.ts";
import { readContentFolder } from "../content/read-folder.ts";
import type { ArticleFile, IssueFile } from "../content/schema.ts";
import { pullContent } from "./pull.ts";

const fixtures = path.resolve(import.meta.dirname, "../../tests/fixtures/oai");
const demoDir = path.resolve(import.meta.dirname, "../../content/demo");
const JOURNAL = "journal-of-social-inquiry";

let server: Server;
let origin: string;
const roots: string[] = [];

beforeAll(async () => {
  // /{system}/oai answers from tests/fixtures/oai/{system}: a token asks for the second page.
  server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    const system = url.pathname.split("/")[1];
    const verb = url.searchParams.get("verb");
    const prefix = url.searchParams.get("metadataPrefix") ?? url.pathname.split("/")[3];
    const file = verb === "ListRecords" ? `ListRecords-${prefix}-${url.searchParams.has("resumptionToken") ? 2 : 1}.xml` : `${verb}.xml`;
    const body = await readFile(path.join(fixtures, system, file)).catch(() => null);
    res.writeHead(body ? 200 : 404, { "Content-Type": "text/xml; charset=utf-8" }).end(body ?? "");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.close();
  for (const root of roots) await rm(root, { recursive: true, force: true });
});

/** Pulls the fixture system's answers in a format into a copy of the demo folder; the journal's issues as the site reads them. */
async function pull(system: string, format: "jats" | "oai_dc") {
  const root = await mkdtemp(path.join(tmpdir(), `fixture-${system}-`));
  roots.push(root);
  await copySmallCatalogue(root);
  const file = path.join(root, "journals", JOURNAL, "journal.yaml");
  const journal = parse(await readFile(file, "utf8"));
  // The fixtures' second page is asked for by token alone, so the format rides in the path.
  journal.source = { oai: `${origin}/${system}/oai/${format}`, format };
  await writeFile(file, stringify(journal));
  const result = await pullContent({ root, journalId: JOURNAL });
  expect(result.problems).toEqual([]);
  expect(result.ok).toBe(true);
  const bundle = await readContentFolder(root);
  const journalBundle = bundle.journals.find((j) => j.journal.id === JOURNAL);
  const demoIssues = new Set((await readdir(path.join(demoDir, "journals", JOURNAL, "issues"))).map((f) => f.replace(/\.yaml$/, "")));
  const issues = (journalBundle?.issues ?? []).filter((i) => !demoIssues.has(i.id));
  const articles = issues.flatMap((i) => i.articles);
  const bySource = (id: string) => articles.find((a) => a.sourceId === id) as ArticleFile;
  return { result: result.journals[0], issues, articles, bySource, files: journalBundle?.articleFiles };
}

const issueNumbers = (issues: IssueFile[]) => issues.map((i) => [i.id, i.volume, i.number, i.year, i.publishedOn]);

describe.each(["ojs-3.4", "ojs-3.5"])("%s", (system) => {
  it("in JATS: both languages' titles, abstracts and keywords, structured authors, issues, pages and the galley", async () => {
    const { result, issues, articles, bySource, files } = await pull(system, "jats");
    // Five records, one of them deleted (of an article this folder never had: nothing to withdraw).
    expect([result.read, result.added, result.withdrawn, result.rejected]).toEqual([5, 4, 0, []]);
    expect(issueNumbers(issues)).toEqual([
      ["v7-n1", 7, 1, 2025, "2025-06-30"],
      ["v7-n2", 7, 2, 2025, "2025-12-26"],
    ]);
    expect(issues[1].specialTitle).toEqual({ en: "Special Issue on Migration and the City", tr: "Göç ve Kent Özel Sayısı" });
    expect(articles).toHaveLength(4);
    const turkish = bySource("oai:journals.example.edu.tr:article/412");
    expect(turkish).toMatchObject({
      language: "tr",
      doi: "10.5555/asbd.1501412",
      pages: "1-24",
      publishedOn: "2025-06-30",
      type: "research-article",
    });
    expect(turkish.tr.title).toBe("Kırsal Göçün Kentsel Mekânda Dönüştürdüğü Gündelik Yaşam: Şanlıurfa Örneği");
    expect(turkish.en.title).toBe("Everyday Life Transformed by Rural Migration in Urban Space: The Case of Şanlıurfa");
    expect(turkish.tr.keywords).toEqual(["iç göç", "gündelik yaşam", "kentleşme", "Şanlıurfa"]);
    expect(turkish.en.keywords).toEqual(["internal migration", "everyday life", "urbanisation", "Şanlıurfa"]);
    expect(turkish.tr.abstract).toMatch(/^Bu çalışma, kırsal kesimden Şanlıurfa/);
    expect(turkish.authors[0]).toMatchObject({ given: "Ayşe Gül", family: "Yılmaz", orcid: "0000-0003-4821-7762", corresponding: true });
    expect(turkish.authors[1]).toMatchObject({ given: "İsmail Çağrı", family: "Öztürk", corresponding: false });
    // OJS 3.5 tags the institution with its ROR id; 3.4 writes the name alone.
    expect(turkish.authors[0].affiliations).toEqual([{ name: "Örnek Üniversitesi", ...(system === "ojs-3.5" ? { ror: "0abcd2e47" } : {}) }]);
    expect(turkish.pdfUrl).toMatch(/^https:\/\/journals\.example\.edu\.tr\/index\.php\/asbd\/article\/(view|download)\/412\/1021/);
    // The section's type, as OJS writes it (Turkish, lower-cased).
    expect(bySource("oai:journals.example.edu.tr:article/430").type).toBe("review-article");
    // The one record with a body: its reference list, ids as the content writes them.
    const withBody = files?.get(bySource("oai:journals.example.edu.tr:article/415").id);
    expect(withBody?.fullText?.html).toContain("<p>");
    expect(withBody?.references.map((r) => r.id)).toEqual(["r1", "r2"]);
  });

  it("in Dublin Core: volume, issue and pages from dc:source, creators once though written per language", async () => {
    const { result, issues, bySource } = await pull(system, "oai_dc");
    expect([result.read, result.added, result.rejected]).toEqual([5, 4, []]);
    expect(issueNumbers(issues).map((i) => i.slice(0, 4))).toEqual([
      ["v7-n1", 7, 1, 2025],
      ["v7-n2", 7, 2, 2025],
    ]);
    const turkish = bySource("oai:journals.example.edu.tr:article/412");
    expect(turkish).toMatchObject({ language: "tr", pages: "1-24", doi: "10.5555/asbd.1501412" });
    expect(turkish.authors.map((a) => [a.given, a.family])).toEqual([
      ["Ayşe Gül", "Yılmaz"],
      ["İsmail Çağrı", "Öztürk"],
    ]);
    expect(turkish.tr.title).toBe("Kırsal Göçün Kentsel Mekânda Dönüştürdüğü Gündelik Yaşam: Şanlıurfa Örneği");
    // The abstract arrives as its HTML in text (&lt;p&gt;…): its paragraphs, not its tags.
    expect(turkish.tr.abstract).toMatch(/^Bu çalışma, kırsal kesimden/);
    expect(turkish.tr.abstract).not.toMatch(/<|&lt;/);
    expect(turkish.pdfUrl).toBe("https://journals.example.edu.tr/index.php/asbd/article/view/412/1021");
  });
});

describe("Janeway", () => {
  it("in JATS: affiliations with ROR ids inside each contributor, a Turkish article's keywords though marked en", async () => {
    const { result, issues, bySource } = await pull("janeway", "jats");
    expect([result.read, result.added, result.rejected]).toEqual([4, 4, []]);
    expect(issueNumbers(issues).map((i) => i.slice(0, 3))).toEqual([
      ["v3-n1", 3, 1],
      ["v3-n2", 3, 2],
    ]);
    const turkish = bySource("oai:mhr:id:118");
    expect(turkish).toMatchObject({
      language: "tr",
      receivedOn: "2024-10-09",
      acceptedOn: "2025-02-14",
      pdfUrl: "https://janeway.example.org/mhr/article/id/118/download/pdf/",
    });
    expect(turkish.authors[0]).toMatchObject({
      given: "İlknur",
      family: "Şekerci",
      affiliations: [{ name: "Boğaziçi Örnek Üniversitesi", ror: "0cdef4h69" }],
    });
    // Janeway sends no translation: the Turkish title stands for both until an editor writes the English one.
    expect(turkish.en.title).toBe(turkish.tr.title);
    expect(turkish.tr.keywords.length).toBeGreaterThan(0);
    expect(bySource("oai:mhr:id:127").type).toBe("book-review");
  });

  it("in Dublin Core: volume and issue from its own dc:volume and dc:issue", async () => {
    const { result, issues } = await pull("janeway", "oai_dc");
    expect([result.read, result.added, result.rejected]).toEqual([4, 4, []]);
    expect(issueNumbers(issues).map((i) => i.slice(0, 3))).toEqual([
      ["v3-n1", 3, 1],
      ["v3-n2", 3, 2],
    ]);
  });
});

describe("DergiPark", () => {
  it("in Dublin Core: tr-TR and en-US texts, a subject's keyword list, character references inside CDATA", async () => {
    const { result, issues, bySource } = await pull("dergipark", "oai_dc");
    expect([result.read, result.added, result.rejected]).toEqual([5, 4, []]);
    expect(issueNumbers(issues).map((i) => i.slice(0, 4))).toEqual([
      ["v11-n1", 11, 1, 2025],
      ["v11-n2", 11, 2, 2025],
    ]);
    const tea = bySource("oai:dergipark.org.tr:article/1530982");
    expect(tea.tr.title).toBe("Rize'de Çay Tarımı Altındaki Toprak Organik Karbon Dinamikleri");
    expect(tea.tr.keywords).toEqual(["Toprak Bilimi ve Bitki Besleme", "çay", "toprak organik karbonu", "arazi kullanımı", "Rize"]);
    expect(tea.en.keywords).toContain("soil organic carbon");
    const hazelnut = bySource("oai:dergipark.org.tr:article/1523407");
    expect(hazelnut).toMatchObject({ language: "tr", doi: "10.5555/ktbd.1523407", publishedOn: "2025-03-28" });
    expect(hazelnut.authors.map((a) => [a.given, a.family])).toEqual([
      ["Şükrü", "Karagöz"],
      ["Büşra", "Işık"],
    ]);
  });
});
