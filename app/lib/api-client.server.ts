/**
 * The typed client the loaders read content through. Its transport is injected: in-process
 * (the content API's `app.request`, no socket) or HTTP (`API_URL`). The specification's retry
 * policy lives here so it holds in both deployments: up to 3 attempts, waiting 250 ms and then
 * 500 ms, only after a network error or a 5xx; any other status stops at once.
 */
import type { Locale } from "../../i18n/locales.ts";
import type {
  ArticleSummary,
  BookDetail,
  BookSummary,
  ContentItem,
  ContentItemDetail,
  DepartmentDetail,
  DepartmentSummary,
  EditorialBoard,
  Entities,
  Initial,
  Issue,
  IssueArticles,
  JournalDetail,
  JournalSummary,
  List,
  Page,
  PageContent,
} from "../../service/api/types.ts";

export type Transport = (path: string) => Promise<Response>;

export const RETRY = { attempts: 3, firstDelayMs: 250 } as const;

/*
 * The errors are recognised by name, not instanceof: the server creates the client from the
 * sources while the loaders run from the bundle, which holds its own copy of these classes.
 */

/** The content service answered 404: the thing asked for does not exist. */
export class ContentNotFound extends Error {
  override name = "ContentNotFound";
}
/** The content service could not answer (after the retries, or with another 4xx). */
export class ContentUnavailable extends Error {
  override name = "ContentUnavailable";
  readonly status: number | undefined;
  constructor(message: string, status?: number) {
    super(message);
    this.status = status;
  }
}

export const isContentNotFound = (error: unknown): error is ContentNotFound => error instanceof Error && error.name === "ContentNotFound";
export const isContentUnavailable = (error: unknown): error is ContentUnavailable => error instanceof Error && error.name === "ContentUnavailable";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function createApiClient(transport: Transport, wait: (ms: number) => Promise<unknown> = sleep) {
  async function get<T>(path: string): Promise<T> {
    let lastError = "";
    for (let attempt = 1; attempt <= RETRY.attempts; attempt++) {
      let response: Response | undefined;
      try {
        response = await transport(path);
      } catch (error) {
        lastError = `network error: ${(error as Error).message}`;
      }
      if (response?.ok) return (await response.json()) as T;
      if (response?.status === 404) throw new ContentNotFound(path);
      if (response && response.status < 500) throw new ContentUnavailable(`${path} answered ${response.status}`, response.status);
      if (response) lastError = `status ${response.status}`;
      if (attempt < RETRY.attempts) await wait(RETRY.firstDelayMs * 2 ** (attempt - 1));
    }
    throw new ContentUnavailable(`${path} failed after ${RETRY.attempts} attempts (${lastError})`);
  }
  const seg = encodeURIComponent;
  const journal = (locale: Locale, slug: string) => `/api/journals/${locale}/${seg(slug)}`;
  return {
    initial: (locale: Locale) => get<Initial>(`/api/${locale}/initial`),
    entities: (locale: Locale) => get<Entities>(`/api/entities?locale=${locale}`),
    services: (locale: Locale) => get<List<ContentItem>>(`/api/services/${locale}`),
    policies: (locale: Locale) => get<List<ContentItem>>(`/api/policies/${locale}`),
    contentItem: (type: "services" | "policies", locale: Locale, slug: string) => get<ContentItemDetail>(`/api/${type}/${locale}/${seg(slug)}`),
    journals: (locale: Locale) => get<List<JournalSummary>>(`/api/journals/${locale}`),
    journal: (locale: Locale, slug: string) => get<JournalDetail>(journal(locale, slug)),
    issues: (locale: Locale, slug: string) => get<List<Issue>>(`${journal(locale, slug)}/issues`),
    articles: (locale: Locale, slug: string, page: number) => get<Page<ArticleSummary>>(`${journal(locale, slug)}/articles?page=${page}`),
    issueArticles: (locale: Locale, slug: string, issueId: string, page: number) =>
      get<IssueArticles>(`${journal(locale, slug)}/issues/${seg(issueId)}?page=${page}`),
    editorialBoard: (locale: Locale, slug: string) => get<EditorialBoard>(`${journal(locale, slug)}/editorial-board`),
    books: (locale: Locale) => get<List<BookSummary>>(`/api/books/${locale}`),
    book: (locale: Locale, slug: string) => get<BookDetail>(`/api/books/${locale}/${seg(slug)}`),
    departments: (locale: Locale) => get<List<DepartmentSummary>>(`/api/departments/${locale}`),
    department: (locale: Locale, slug: string) => get<DepartmentDetail>(`/api/departments/${locale}/${seg(slug)}`),
    page: (locale: Locale, id: string) => get<PageContent>(`/api/pages/${locale}/${seg(id)}`),
  };
}
export type ApiClient = ReturnType<typeof createApiClient>;
