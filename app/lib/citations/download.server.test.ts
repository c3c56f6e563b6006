import { Cite } from "@citation-js/core";
import { matchPath } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { routeEntry } from "../../../contract/route-table.ts";
import type { ApiClient } from "../../../service/api/client.ts";
import { demoApi, demoArticles } from "../../../tests/demo-api.ts";
import { citationFile } from "./download.server.ts";
import { citationDownloadPath } from "./paths.ts";

let api: ApiClient;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ api, close } = await demoApi());
});
afterAll(() => close());

/** The file at a path, as its route (app/routes/files/cite.ts) answers it. */
const app = {
  request(path: string) {
    const match = ["cite-article", "cite-book"].map((id) => matchPath(routeEntry(id)?.en as string, path)).find(Boolean);
    return citationFile(api, "https://meridian.test", path, match?.params ?? {});
  },
};

const types = { ris: "application/x-research-info-systems", bibtex: "application/x-bibtex", endnote: "application/x-endnote-refer" };
const extensions = { ris: "ris", bibtex: "bib", endnote: "enw" };

describe("citation downloads", () => {
  it("a book in each format: its type, a file name, UTF-8 Turkish letters and the book's page URL", async () => {
    const book = await api.book("tr", "avrupada-miras-dili-olarak-turkce");
    for (const format of ["ris", "bibtex", "endnote"] as const) {
      const response = await app.request(citationDownloadPath({ type: "book", slug: book.slug }, format, "tr"));
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe(`${types[format]}; charset=utf-8`);
      expect(response.headers.get("content-disposition")).toBe(`attachment; filename="book-avrupada-miras-dili-olarak-turkce.${extensions[format]}"`);
      const text = await response.text();
      // BibTeX protects capitals with braces ({Türkçe}): it is read back rather than searched.
      const readable = format === "bibtex" ? JSON.stringify(new Cite(text).data) : text;
      expect(readable).toContain("Avrupa'da Miras Dili Olarak Türkçe: Edinim, Yitim ve Dil Politikası");
      expect(readable).toContain("Arslan");
      expect(readable).toContain("https://meridian.test/tr/books/avrupada-miras-dili-olarak-turkce");
    }
  });

  it("an article by journal, issue and article id: the same title, authors and DOI read back", async () => {
    const [{ article, journal }] = await demoArticles(api, "en");
    const ref = { type: "article", journalSlug: journal.slug, issueId: article.issueId, articleId: article.id } as const;
    for (const format of ["ris", "bibtex"] as const) {
      const response = await app.request(citationDownloadPath(ref, format, "en"));
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe(`${types[format]}; charset=utf-8`);
      const [parsed] = new Cite(await response.text()).data as { title: string; DOI: string; "container-title": string }[];
      expect(parsed.title).toBe(article.title);
      expect(parsed.DOI).toBe(article.doi);
      expect(parsed["container-title"]).toBe(journal.title);
    }
    const endnote = await (await app.request(citationDownloadPath(ref, "endnote", "en"))).text();
    for (const author of article.authors) expect(endnote).toMatch(new RegExp(`^%A .*${author.name.split(" ").at(-1)}`, "m"));
  });

  it("answers 404 with a localized message for an unknown work, issue, locale or format", async () => {
    const [{ article, journal }] = await demoArticles(api, "tr");
    const paths = [
      "/cite/tr/books/no-such-book/ris",
      "/cite/en/books/heritage-turkish-in-europe/pdf",
      "/cite/de/books/heritage-turkish-in-europe/ris",
      `/cite/tr/journals/${journal.slug}/${article.issueId}/no-such-article/ris`,
      `/cite/tr/journals/${journal.slug}/v99-n9/${article.id}/ris`,
      `/cite/tr/journals/no-such-journal/${article.issueId}/${article.id}/ris`,
    ];
    for (const path of paths) {
      const response = await app.request(path);
      expect(response.status, path).toBe(404);
      const body = (await response.json()) as { error: string; message: string };
      expect(body.error).toBe("not_found");
      expect(body.message).toContain(path.startsWith("/cite/tr") ? "bulunamadı" : "Nothing was found");
    }
  });
});
