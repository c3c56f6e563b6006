import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type {
  ArticleDetail,
  BookDetail,
  BookSummary,
  CallDetail,
  CallSummary,
  ContentItem,
  ContentItemDetail,
  DepartmentDetail,
  DepartmentSummary,
  JournalDetail,
  JournalSummary,
  LatestArticles,
  List,
  PageContent,
} from "../../contract/api-types.ts";
import { pageIds } from "../../contract/api-types.ts";
import { demoBundle } from "../../tests/demo-snapshot.ts";
import { importContent } from "../content/import.ts";
import { type DatabaseHandle, migrateToLatest, openDatabase } from "../db/database.ts";
import { createApiApp } from "./app.ts";
import { createContentService } from "./content-service.ts";

/**
 * Rich text is sanitized once, by the import (service/content/import.test.ts checks every column);
 * the API sends what is stored as it is. Here every rich-text column holds a text the sanitizer
 * would change (a class, a span), and every answer that carries rich text must carry it unchanged:
 * a second pass on the way out would drop them. No SQL of its own: SQLite only.
 */
const stored = '<p class="lead">Stored <span lang="tr">as it is</span></p>';

describe("rich text as stored", () => {
  let handle: DatabaseHandle;
  let app: ReturnType<typeof createApiApp>;
  const get = async <T>(path: string) => {
    const response = await app.request(path);
    expect(response.status, path).toBe(200);
    return (await response.json()) as T;
  };

  beforeAll(async () => {
    handle = openDatabase(":memory:");
    await migrateToLatest(handle.db);
    await importContent(handle.db, demoBundle());
    const { db } = handle;
    await db.updateTable("contentItemText").set({ detailsHtml: stored }).execute();
    await db.updateTable("page").set({ bodyHtml: stored }).execute();
    await db.updateTable("departmentText").set({ descriptionHtml: stored }).execute();
    await db.updateTable("journalText").set({ descriptionHtml: stored, aimsScopeHtml: stored }).execute();
    await db.updateTable("articleText").set({ abstractHtml: stored }).execute();
    await db.updateTable("bookText").set({ descriptionHtml: stored }).execute();
    await db.updateTable("callForPapersText").set({ bodyHtml: stored }).execute();
    app = createApiApp(createContentService(handle.db));
  });
  afterAll(() => handle.db.destroy());

  it("answers each page, service, department, journal, book and call with its text as stored", async () => {
    const [service] = (await get<List<ContentItem>>("/api/services/en")).Items;
    expect((await get<ContentItemDetail>(`/api/services/en/${service.slug}`)).details).toBe(stored);
    expect((await get<PageContent>("/api/pages/tr/about")).bodyHtml).toBe(stored);
    expect((await get<List<PageContent>>("/api/pages/en")).Items.map((p) => p.bodyHtml)).toEqual(pageIds.map(() => stored));
    const [department] = (await get<List<DepartmentSummary>>("/api/departments/en")).Items;
    expect((await get<DepartmentDetail>(`/api/departments/en/${department.slug}`)).descriptionHtml).toBe(stored);
    const [journal] = (await get<List<JournalSummary>>("/api/journals/tr")).Items;
    const detail = await get<JournalDetail>(`/api/journals/tr/${journal.slug}`);
    expect([detail.descriptionHtml, detail.aimsScopeHtml]).toEqual([stored, stored]);
    const [book] = (await get<List<BookSummary>>("/api/books/en")).Items;
    expect((await get<BookDetail>(`/api/books/en/${book.slug}`)).descriptionHtml).toBe(stored);
    const [call] = (await get<List<CallSummary>>("/api/calls/en?include=closed")).Items;
    expect((await get<CallDetail>(`/api/calls/en/${call.id}`)).bodyHtml).toBe(stored);
  });

  it("answers the newest articles and an article, in both locales, with their abstracts as stored", async () => {
    const latest = await get<LatestArticles>("/api/articles/en/latest");
    expect(latest.Items.length).toBeGreaterThan(0);
    expect(new Set(latest.Items.map((a) => a.abstractHtml))).toEqual(new Set([stored]));
    const [newest] = latest.Items;
    const article = await get<ArticleDetail>(`/api/journals/en/${newest.journal.slug}/issues/${newest.issueId}/articles/${newest.id}`);
    expect([article.text.en.abstractHtml, article.text.tr.abstractHtml]).toEqual([stored, stored]);
  });
});
