/**
 * The harvester against this project's own OAI-PMH repository, over real HTTP: the demo content
 * is imported into SQLite and served at /oai (with the article files the records link to, as the
 * site serves them); each journal of an empty copy of the folder names that repository as its
 * source, and `pullContent` harvests it. What comes back is compared with the demo field for
 * field: in JATS every field of the issue and article files except those a record does not carry
 * (views, which this site counts, and the harvest's own sourceId and pdfUrl), the reference lists,
 * the full texts (their text, citations and figures) and the galleys; in Dublin Core what Dublin
 * Core can carry. Then the rules of a pull a second time: nothing new changes no file, a field the
 * editor added survives, a withdrawn article arrives as a deleted record.
 */

import { cp, mkdtemp, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { serve } from "@hono/node-server";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse, stringify } from "yaml";
import { plainParagraphs, plainText } from "../contract/plain-text.ts";
import { createArticleFilesApp } from "../server/article-files.ts";
import { createApiClient } from "../service/api/client.ts";
import { createContentService } from "../service/api/content-service.ts";
import { importContent } from "../service/content/import.ts";
import { renderMarkdown } from "../service/content/markdown.ts";
import { type ContentBundle, readContentFolder } from "../service/content/read-folder.ts";
import { type ArticleFile, type IssueFile, issueFile } from "../service/content/schema.ts";
import { type DatabaseHandle, migrateToLatest, openDatabase } from "../service/db/database.ts";
import { pullContent } from "../service/harvest/pull.ts";
import { createOaiApp } from "../service/oai/app.ts";
import { demoBundle } from "./demo-snapshot.ts";

const demoDir = path.resolve(import.meta.dirname, "../content/demo");
let handle: DatabaseHandle;
let server: ReturnType<typeof serve>;
let origin: string;
let demo: ContentBundle;
const folders: string[] = [];

beforeAll(async () => {
  handle = openDatabase(":memory:");
  await migrateToLatest(handle.db);
  demo = demoBundle();
  await importContent(handle.db, demo);
  const app = new Hono();
  server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" });
  await new Promise((resolve) => server.once("listening", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  app.route("/", createOaiApp(handle.db, { publicUrl: origin }));
  app.route("/", createArticleFilesApp({ api: createApiClient(createContentService(handle.db)), contentDir: demoDir }));
});

afterAll(async () => {
  server?.close();
  await handle?.db.destroy();
  for (const folder of folders) await rm(folder, { recursive: true, force: true });
});

/** A copy of the demo folder whose journals have no issues or articles, each naming this repository as its source. */
async function emptyFolder(format: "jats" | "oai_dc"): Promise<string> {
  const root = await mkdtemp(path.join(tmpdir(), "harvest-"));
  folders.push(root);
  await cp(demoDir, root, { recursive: true });
  for (const journal of await readdir(path.join(root, "journals"))) {
    await rm(path.join(root, "journals", journal, "issues"), { recursive: true });
    await rm(path.join(root, "journals", journal, "articles"), { recursive: true });
    const file = path.join(root, "journals", journal, "journal.yaml");
    const data = parse(await readFile(file, "utf8"));
    data.source = { oai: `${origin}/oai`, set: `journal:${journal}`, format };
    await writeFile(file, stringify(data));
  }
  return root;
}

/** Every file under a folder with its bytes, by path. */
async function snapshot(root: string): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  for (const entry of await readdir(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || entry.parentPath.includes(".harvest")) continue;
    const file = path.join(entry.parentPath, entry.name);
    files.set(path.relative(root, file), `${(await stat(file)).mtimeMs}:${(await readFile(file)).toString("base64")}`);
  }
  return files;
}

const issuesOf = (bundle: ContentBundle, journalId: string) => bundle.journals.find((j) => j.journal.id === journalId)?.issues ?? [];
const byId = <T extends { id: string }>(list: T[]) => new Map(list.map((x) => [x.id, x]));
/** An abstract as its paragraphs' text (a record carries the text, not the editor's line breaks). */
const abstractText = (markdown: string) => plainParagraphs(renderMarkdown(markdown));

describe("harvesting this site's own /oai", () => {
  let root: string;
  let pulled: ContentBundle;

  beforeAll(async () => {
    root = await emptyFolder("jats");
    const result = await pullContent({ root, galleys: true });
    expect(result.problems).toEqual([]);
    expect(result.ok).toBe(true);
    const articles = demo.journals.flatMap((j) => j.issues.flatMap((i) => i.articles));
    expect(result.journals.reduce((n, j) => n + j.added, 0)).toBe(articles.length);
    expect(result.journals.flatMap((j) => [...j.rejected, ...j.warnings])).toEqual([]);
    pulled = await readContentFolder(root);
  });

  it("reproduces every issue and article of the demo's journals field for field in JATS", () => {
    let compared = 0;
    for (const { journal, issues } of demo.journals) {
      const harvested = byId(issuesOf(pulled, journal.id));
      expect([...harvested.keys()].sort()).toEqual(issues.map((i) => i.id).sort());
      for (const issue of issues) {
        const { articles, ...fields } = issue;
        const other = harvested.get(issue.id) as IssueFile;
        const { articles: otherArticles, ...otherFields } = other;
        expect(otherFields).toEqual(fields);
        const pulledArticles = byId(otherArticles);
        for (const article of articles) {
          const { views, sourceId, pdfUrl, en, tr, ...rest } = pulledArticles.get(article.id) as ArticleFile;
          const { views: _v, en: demoEn, tr: demoTr, ...demoRest } = article;
          expect(rest, article.id).toEqual(demoRest);
          expect(sourceId).toMatch(new RegExp(`^oai:127\\.0\\.0\\.1:article/${journal.id}/${article.id}$`));
          expect(pdfUrl).toBe(`${origin}/journals/${journal.en.slug}/articles/${issue.id}/${article.id}/${article.id}.pdf`);
          for (const [mine, theirs] of [
            [en, demoEn],
            [tr, demoTr],
          ]) {
            expect(mine.title).toBe(theirs.title);
            expect(mine.keywords).toEqual(theirs.keywords);
            expect(abstractText(mine.abstract)).toBe(abstractText(theirs.abstract));
          }
          compared++;
        }
      }
    }
    expect(compared).toBeGreaterThan(100);
  });

  it("reproduces their reference lists, full texts (text, citations, figures) and PDF galleys", () => {
    let fullTexts = 0;
    for (const { journal, articleFiles } of demo.journals) {
      const harvested = pulled.journals.find((j) => j.journal.id === journal.id)?.articleFiles;
      for (const [id, files] of articleFiles) {
        const other = harvested?.get(id);
        expect(other?.references, id).toEqual(files.references);
        expect(other?.galleys.map((g) => [g.kind, g.bytes])).toEqual(files.galleys.map((g) => [g.kind, g.bytes]));
        if (!files.fullText) continue;
        // The text word for word (a Markdown footnote's way back, ↩, aside), cited where the demo cites, with its figures.
        const words = (html: string) => plainText(html).replace(/↩/g, "").replace(/\s+/g, "");
        expect(words(other?.fullText?.html ?? ""), id).toBe(words(files.fullText.html));
        expect(other?.fullText?.citedAt).toEqual(files.fullText.citedAt);
        expect(other?.fullText?.outline).toEqual(files.fullText.outline);
        expect(other?.fullText?.figures).toEqual(files.fullText.figures);
        fullTexts++;
      }
    }
    expect(fullTexts).toBeGreaterThan(100);
  });

  it("keeps Turkish letters exactly", () => {
    const titles = pulled.journals.flatMap((j) => j.issues.flatMap((i) => i.articles.map((a) => a.tr.title))).join(" ");
    for (const letter of ["ı", "İ", "ş", "Ş", "ğ", "ç", "ö", "ü"]) expect(titles).toContain(letter);
  });

  it("changes no file when pulled again: incrementally, and in whole (every record unchanged)", async () => {
    const before = await snapshot(root);
    const incremental = await pullContent({ root });
    expect(incremental.ok).toBe(true);
    expect(incremental.journals.every((j) => j.added + j.updated === 0)).toBe(true);
    const whole = await pullContent({ root, since: "1900-01-01", galleys: true });
    expect(whole.journals.reduce((n, j) => n + j.unchanged, 0)).toBe(whole.journals.reduce((n, j) => n + j.read, 0));
    expect(whole.journals.reduce((n, j) => n + j.added + j.updated, 0)).toBe(0);
    expect(whole.files).toBe(0);
    expect(await snapshot(root)).toEqual(before);
  });

  it("keeps a field an editor added, and takes the source's value of a field the source owns", async () => {
    const journalId = "journal-of-social-inquiry";
    const issueId = issuesOf(demo, journalId)[0].id;
    const file = path.join(root, "journals", journalId, "issues", `${issueId}.yaml`);
    const data = parse(await readFile(file, "utf8")) as IssueFile;
    const article = data.articles.find((a) => a.authors.some((author) => !author.orcid)) as ArticleFile;
    const author = article.authors.findIndex((a) => !a.orcid);
    article.authors[author].orcid = "0000-0002-1825-0097";
    article.views = 321;
    const sourceTitle = article.en.title;
    article.en.title = "A title typed over by hand";
    await writeFile(file, stringify(data));

    const result = await pullContent({ root, journalId, since: "1900-01-01" });
    expect(result.ok).toBe(true);
    const after = issueFile.parse(parse(await readFile(file, "utf8")));
    const pulledArticle = after.articles.find((a) => a.id === article.id);
    expect(pulledArticle?.authors[author].orcid).toBe("0000-0002-1825-0097");
    expect(pulledArticle?.views).toBe(321);
    expect(pulledArticle?.en.title).toBe(sourceTitle);
    expect(result.journals[0].updated).toBe(1);
  });

  it("makes an article withdrawn when its record is deleted at the source", async () => {
    const journalId = "journal-of-history-and-culture";
    const issue = issuesOf(demo, journalId)[0];
    const article = issue.articles[0];
    const today = new Date().toISOString().slice(0, 10);
    await handle.db
      .updateTable("article")
      .set({ status: "withdrawn", datestamp: today, modifiedOn: today })
      .where("journalId", "=", journalId)
      .where("id", "=", article.id)
      .execute();
    try {
      const result = await pullContent({ root, journalId });
      expect(result.ok).toBe(true);
      expect(result.journals[0].withdrawn).toBe(1);
      const file = path.join(root, "journals", journalId, "issues", `${issue.id}.yaml`);
      const after = issueFile.parse(parse(await readFile(file, "utf8")));
      const withdrawn = after.articles.find((a) => a.id === article.id);
      expect(withdrawn?.status).toBe("withdrawn");
      // Kept whole: a withdrawn article keeps its record (OAI-PMH answers it as a deleted record).
      expect(withdrawn?.en.title).toBe(article.en.title);
    } finally {
      await handle.db
        .updateTable("article")
        .set({ status: article.status, datestamp: article.modifiedOn ?? article.publishedOn, modifiedOn: article.modifiedOn ?? null })
        .where("journalId", "=", journalId)
        .where("id", "=", article.id)
        .execute();
    }
  });
});

describe("harvesting this site's own /oai in Dublin Core", () => {
  it("reproduces what Dublin Core carries: titles, abstracts, keywords, creators, dates, DOI, volume, issue and pages", async () => {
    const root = await emptyFolder("oai_dc");
    const result = await pullContent({ root });
    expect(result.problems).toEqual([]);
    expect(result.journals.every((j) => j.format === "oai_dc" && j.rejected.length === 0)).toBe(true);
    const pulled = await readContentFolder(root);
    let compared = 0;
    for (const { journal, issues } of demo.journals) {
      const harvested = byId(issuesOf(pulled, journal.id));
      for (const issue of issues) {
        const other = harvested.get(issue.id) as IssueFile;
        expect([other.volume, other.number, other.year]).toEqual([issue.volume, issue.number, issue.year]);
        const pulledArticles = byId(other.articles);
        for (const article of issue.articles) {
          // Dublin Core has no place for an article's own id: the harvest names it after its English title.
          const mine = [...pulledArticles.values()].find((a) => a.doi === article.doi && a.en.title === article.en.title) as ArticleFile;
          expect(mine, article.id).toBeDefined();
          expect([mine.type, mine.language, mine.publishedOn, mine.pages, mine.licence]).toEqual([
            article.type,
            article.language,
            article.publishedOn,
            article.pages,
            article.licence,
          ]);
          expect(mine.authors.map((a) => [a.given, a.family])).toEqual(article.authors.map((a) => [a.given, a.family]));
          for (const locale of ["en", "tr"] as const) {
            expect(mine[locale].title).toBe(article[locale].title);
            expect(mine[locale].keywords).toEqual(article[locale].keywords);
            expect(abstractText(mine[locale].abstract)).toBe(abstractText(article[locale].abstract));
          }
          compared++;
        }
      }
    }
    expect(compared).toBeGreaterThan(100);
  });
});
