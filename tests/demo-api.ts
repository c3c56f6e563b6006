/**
 * The demo catalogue behind the real content API, in a copy of the run's demo database, reached
 * through the site's API client (in-process, as the web process does without API_URL).
 */

import type { ArticleSummary, Issue, JournalDetail } from "../contract/api-types.ts";
import type { Locale } from "../i18n/locales.ts";
import { type ApiClient, createApiClient } from "../service/api/client.ts";
import { createContentService } from "../service/api/content-service.ts";
import { openDatabase } from "../service/db/database.ts";
import { copyDemoDatabase } from "./demo-snapshot.ts";

export async function demoApi(): Promise<{ api: ApiClient; close: () => Promise<void> }> {
  const handle = openDatabase(copyDemoDatabase());
  return { api: createApiClient(createContentService(handle.db)), close: () => handle.db.destroy() };
}

/** Every article of every journal in a locale, with its issue and journal, through the issue lists. */
export async function demoArticles(api: ApiClient, locale: Locale): Promise<{ article: ArticleSummary; issue: Issue; journal: JournalDetail }[]> {
  const found = [];
  for (const summary of (await api.journals(locale)).Items) {
    const journal = await api.journal(locale, summary.slug);
    for (const issue of (await api.issues(locale, summary.slug)).Items) {
      for (let page = 1, pageCount = 1; page <= pageCount; page++) {
        const articles = await api.issueArticles(locale, summary.slug, issue.id, page);
        pageCount = articles.pageCount;
        for (const article of articles.Items) found.push({ article, issue, journal });
      }
    }
  }
  return found;
}
