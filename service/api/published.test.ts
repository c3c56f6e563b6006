import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { testDatabases } from "../../tests/databases.ts";
import { demoBundle } from "../../tests/demo-snapshot.ts";
import { importContent } from "../content/import.ts";
import type { DatabaseHandle } from "../db/database.ts";
import { createContentService } from "./content-service.ts";
import { ApiFailure } from "./failure.ts";

/**
 * A work dated tomorrow is absent from its page, its journal's lists and counts, the catalogue's
 * statistics, the newest articles (the feeds) and the search, then there on its day, without a
 * new import: the demo content with one article moved to tomorrow, and the clock moved on.
 */
const bundle = demoBundle();
const { journal, issues } = bundle.journals[0];
const issue = issues.at(-1);
if (!issue) throw new Error("the demo's first journal has no issue");
const article = issue.articles[0];
const today = new Date("2026-11-25T09:00:00Z");
article.publishedOn = "2026-11-26";
article.en.title = `Quaxolith ${article.en.title}`;

for (const database of testDatabases()) {
  describe(`a work dated tomorrow, on ${database.dialect}`, () => {
    let handle: DatabaseHandle;
    beforeAll(async () => {
      vi.useFakeTimers({ toFake: ["Date"] });
      vi.setSystemTime(today);
      handle = await database.open();
      await importContent(handle.db, bundle);
    });
    afterEach(() => vi.setSystemTime(today));
    afterAll(async () => {
      vi.useRealTimers();
      await handle.db.destroy();
    });

    /** What a visitor can find of the article, through each of the content service's answers. */
    async function visible() {
      const service = createContentService(handle.db);
      const slug = journal.en.slug;
      const page = await service.article("en", slug, issue!.id, article.id).then(
        () => true,
        (error: unknown) => (error instanceof ApiFailure && error.status === 404 ? false : Promise.reject(error)),
      );
      const listed = (await service.issueArticles("en", slug, issue!.id, 1, 100)).Items.some((a) => a.id === article.id);
      const issueCount = (await service.issues("en", slug)).Items.find((i) => i.id === issue!.id)?.articleCount;
      const journalCount = (await service.journal("en", slug)).articleCount;
      const statistics = (await service.initial("en")).articleCount;
      const latest = (await service.latestArticles("en")).Items.some((a) => a.id === article.id);
      const searched = (await service.search("en", "quaxolith")).Items.some((r) => r.id === article.id);
      return { page, listed, issueCount, journalCount, statistics, latest, searched };
    }

    it("is nowhere today, and everywhere from its day on", async () => {
      const inIssue = issue!.articles.length;
      const inJournal = issues.reduce((n, i) => n + i.articles.length, 0);
      const inCatalogue = bundle.journals.reduce((n, j) => n + j.issues.reduce((m, i) => m + i.articles.length, 0), 0);
      expect(await visible()).toEqual({
        page: false,
        listed: false,
        issueCount: inIssue - 1,
        journalCount: inJournal - 1,
        statistics: inCatalogue - 1,
        latest: false,
        searched: false,
      });
      // Its day in Istanbul begins at 21:00 UTC the evening before.
      vi.setSystemTime(new Date("2026-11-25T21:00:01Z"));
      expect(await visible()).toEqual({
        page: true,
        listed: true,
        issueCount: inIssue,
        journalCount: inJournal,
        statistics: inCatalogue,
        latest: true,
        searched: true,
      });
    });
  });
}
