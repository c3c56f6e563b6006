import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { HomeContent } from "../../contract/api-types.ts";
import { testDatabases } from "../../tests/databases.ts";
import { demoBundle } from "../../tests/demo-snapshot.ts";
import { importContent } from "../content/import.ts";
import { noticeTypes } from "../content/schema.ts";
import type { DatabaseHandle } from "../db/database.ts";
import { createApiApp } from "./app.ts";
import { createContentService } from "./content-service.ts";
import { HOME_COUNTS } from "./queries/home.ts";

/**
 * The home page's content on 26 November 2026, computed again from the demo's files. Its newest
 * articles are works: a notice dated today is not among them. The newest work is given its own
 * language's title in the other language too, as a harvested record without a translation is: the
 * home page must not show it twice as if translated.
 */
const bundle = demoBundle();
const today = "2026-11-26";
const notices: readonly string[] = noticeTypes;
const notice = bundle.journals.flatMap((j) => j.issues.flatMap((i) => i.articles)).find((a) => notices.includes(a.type));
if (!notice) throw new Error("the demo has no notice");
notice.publishedOn = today;
const articles = bundle.journals
  .flatMap(({ journal, issues }) => issues.flatMap((issue) => issue.articles.map((article) => ({ journal, issue, article }))))
  .filter(({ article }) => article.publishedOn <= today && !notices.includes(article.type) && !["withdrawn", "retracted"].includes(article.status))
  .sort(
    (a, b) =>
      b.article.publishedOn.localeCompare(a.article.publishedOn) ||
      (a.journal.id < b.journal.id ? -1 : a.journal.id > b.journal.id ? 1 : a.article.id < b.article.id ? -1 : 1),
  );
const untranslated = articles[0].article;
const other = untranslated.language === "en" ? "tr" : "en";
untranslated[other].title = untranslated[untranslated.language].title;

for (const database of testDatabases()) {
  describe(`the home page's content on ${database.dialect}`, () => {
    let handle: DatabaseHandle;
    let app: ReturnType<typeof createApiApp>;
    const home = async (locale: "en" | "tr") => {
      const response = await app.request(`/api/${locale}/home`);
      expect(response.status).toBe(200);
      return (await response.json()) as HomeContent;
    };

    beforeAll(async () => {
      vi.useFakeTimers({ toFake: ["Date"] });
      vi.setSystemTime(new Date(`${today}T09:00:00Z`));
      handle = await database.open();
      await importContent(handle.db, bundle);
      app = createApiApp(createContentService(handle.db));
    });
    afterAll(async () => {
      vi.useRealTimers();
      await handle.db.destroy();
    });

    it("holds the newest works, newest first, with their titles in both languages where they were translated", async () => {
      const { latestArticles } = await home("tr");
      const expected = articles.slice(0, HOME_COUNTS.articles);
      expect(latestArticles.map((a) => a.id)).toEqual(expected.map((e) => e.article.id));
      const dates = latestArticles.map((a) => a.publishedOn);
      expect(dates).toEqual(dates.toSorted().reverse());
      latestArticles.forEach((a, i) => {
        const { journal, issue, article } = expected[i];
        expect(a).toMatchObject({ issueId: issue.id, language: article.language, journal: { slug: journal.tr.slug, title: journal.tr.title } });
        expect(a.authors).toEqual(article.authors.map((p) => (p.given ? `${p.given} ${p.family}` : p.family)));
        if (i > 0) expect(a.titles).toEqual({ en: article.en.title, tr: article.tr.title });
      });
      expect(latestArticles[0].titles).toEqual({ [untranslated.language]: untranslated[untranslated.language].title });
      expect(latestArticles.map((a) => a.id)).not.toContain(notice.id);
    });

    it("holds the journals in the list's order with their newest published issue, the newest books and the open calls", async () => {
      const content = await home("en");
      const journals = bundle.journals.toSorted((a, b) => (a.journal.order ?? 9999) - (b.journal.order ?? 9999));
      expect(content.journals.map((j) => j.slug)).toEqual(journals.slice(0, HOME_COUNTS.journals).map((j) => j.journal.en.slug));
      for (const { journal, issues } of journals) {
        const newest = issues.filter((i) => i.publishedOn <= today).sort((a, b) => b.publishedOn.localeCompare(a.publishedOn))[0];
        const shown = content.journals.find((j) => j.id === journal.id);
        expect(shown?.latestIssue).toEqual({
          id: newest.id,
          volume: newest.volume,
          number: newest.number,
          year: newest.year,
          publishedOn: newest.publishedOn,
          specialTitle: newest.specialTitle?.en ?? null,
        });
        expect(shown?.categories.length).toBe(journal.categories.length);
        expect(shown?.cover).toBe(journal.cover ?? null);
      }
      const years = bundle.books.map((b) => b.year).sort((a, b) => b - a);
      expect(content.newBooks.map((b) => b.year)).toEqual(years.slice(0, HOME_COUNTS.books));
      const open = bundle.calls.filter((c) => c.deadline >= today).sort((a, b) => a.deadline.localeCompare(b.deadline));
      expect(content.calls.map((c) => [c.id, c.title])).toEqual(open.map((c) => [c.id, c.en.title]));
    });
  });
}
