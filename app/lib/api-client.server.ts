/**
 * The typed client the loaders read content through. Its transport is injected: in-process
 * (the content API's `app.request`, no socket) or HTTP (`API_URL`). The specification's retry
 * policy lives here so it holds in both deployments: up to 3 attempts, waiting 250 ms and then
 * 500 ms, only after a network error or a 5xx; any other status stops at once.
 */

import type {
  ApiError,
  ArticleDetail,
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
  JournalDirectory,
  JournalFilters,
  LatestArticles,
  List,
  NewSubmissionRequest,
  Page,
  PageContent,
  PageId,
  SubmissionAccepted,
} from "../../contract/api-types.ts";
import type { SearchAnswer, SearchFilters } from "../../contract/search-types.ts";
import type { Locale } from "../../i18n/locales.ts";
import type { RateLimitAnswer, RateLimitRequest } from "../../service/api/rate-limit.ts";

export type Transport = (path: string, init?: RequestInit) => Promise<Response>;

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
  /** The service's answer, when it gave one (a 422's `fields` name each invalid field). */
  readonly answer: ApiError | undefined;
  constructor(message: string, status?: number, answer?: ApiError) {
    super(message);
    this.status = status;
    this.answer = answer;
  }
}

export const isContentNotFound = (error: unknown): error is ContentNotFound => error instanceof Error && error.name === "ContentNotFound";
export const isContentUnavailable = (error: unknown): error is ContentUnavailable => error instanceof Error && error.name === "ContentUnavailable";
/** The request named nothing: the content service answered 404, or 400 for a parameter it rejects as malformed. */
export const namesNothing = (error: unknown): boolean => isContentNotFound(error) || (isContentUnavailable(error) && error.status === 400);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface ApiClientOptions {
  wait?: (ms: number) => Promise<unknown>;
  /** Told when the service could not answer (after the retries): the page is then degraded. */
  onUnavailable?: () => void;
}

export function createApiClient(transport: Transport, { wait = sleep, onUnavailable }: ApiClientOptions = {}) {
  /** Submissions are retried too: each carries its id, so a repeat stores nothing twice. */
  async function request<T>(path: string, init?: RequestInit): Promise<T> {
    let lastError = "";
    for (let attempt = 1; attempt <= RETRY.attempts; attempt++) {
      let response: Response | undefined;
      try {
        response = await transport(path, init);
      } catch (error) {
        lastError = `network error: ${(error as Error).message}`;
      }
      if (response?.ok) return (await response.json()) as T;
      if (response?.status === 404) throw new ContentNotFound(path);
      if (response && response.status < 500) {
        const answer = (await response.json().catch(() => undefined)) as ApiError | undefined;
        throw new ContentUnavailable(`${path} answered ${response.status}`, response.status, answer);
      }
      if (response) lastError = `status ${response.status}`;
      if (attempt < RETRY.attempts) await wait(RETRY.firstDelayMs * 2 ** (attempt - 1));
    }
    onUnavailable?.();
    throw new ContentUnavailable(`${path} failed after ${RETRY.attempts} attempts (${lastError})`);
  }
  const seg = encodeURIComponent;
  const journal = (locale: Locale, slug: string) => `/api/journals/${locale}/${seg(slug)}`;
  return {
    /** The same client, also telling `onUnavailable` (one per rendered page, which then is not kept). */
    observed: (observer: () => void) => createApiClient(transport, { wait, onUnavailable: observer }),
    initial: (locale: Locale) => request<Initial>(`/api/${locale}/initial`),
    /** The content's revision (moved on by every import). */
    revision: () => request<{ revision: number }>("/api/revision"),
    entities: (locale: Locale) => request<Entities>(`/api/entities?locale=${locale}`),
    services: (locale: Locale) => request<List<ContentItem>>(`/api/services/${locale}`),
    policies: (locale: Locale) => request<List<ContentItem>>(`/api/policies/${locale}`),
    contentItem: (type: "services" | "policies", locale: Locale, slug: string) => request<ContentItemDetail>(`/api/${type}/${locale}/${seg(slug)}`),
    /** The journals matching the filters (a reference entity's id per facet, `access: "open"`), with facet counts. */
    journals: (locale: Locale, filters: JournalFilters = {}) => {
      const query = new URLSearchParams(Object.entries(filters).filter((entry): entry is [string, string] => entry[1] !== undefined)).toString();
      return request<JournalDirectory>(`/api/journals/${locale}${query ? `?${query}` : ""}`);
    },
    journal: (locale: Locale, slug: string) => request<JournalDetail>(journal(locale, slug)),
    /** The newest articles of the catalogue, or of one journal (its slug in the locale). */
    latestArticles: (locale: Locale, journalSlug?: string) =>
      request<LatestArticles>(`/api/articles/${locale}/latest${journalSlug === undefined ? "" : `?journal=${seg(journalSlug)}`}`),
    issues: (locale: Locale, slug: string) => request<List<Issue>>(`${journal(locale, slug)}/issues`),
    articles: (locale: Locale, slug: string, page: number, pageSize = 20) =>
      request<Page<ArticleSummary>>(`${journal(locale, slug)}/articles?page=${page}&pageSize=${pageSize}`),
    issueArticles: (locale: Locale, slug: string, issueId: string, page: number) =>
      request<IssueArticles>(`${journal(locale, slug)}/issues/${seg(issueId)}?page=${page}`),
    article: (locale: Locale, slug: string, issueId: string, articleId: string) =>
      request<ArticleDetail>(`${journal(locale, slug)}/issues/${seg(issueId)}/articles/${seg(articleId)}`),
    editorialBoard: (locale: Locale, slug: string) => request<EditorialBoard>(`${journal(locale, slug)}/editorial-board`),
    books: (locale: Locale) => request<List<BookSummary>>(`/api/books/${locale}`),
    book: (locale: Locale, slug: string) => request<BookDetail>(`/api/books/${locale}/${seg(slug)}`),
    departments: (locale: Locale) => request<List<DepartmentSummary>>(`/api/departments/${locale}`),
    department: (locale: Locale, slug: string) => request<DepartmentDetail>(`/api/departments/${locale}/${seg(slug)}`),
    page: (locale: Locale, id: PageId) => request<PageContent>(`/api/pages/${locale}/${seg(id)}`),
    /** The site search: a page of results for `query` under the filters, with facet counts. */
    search: (locale: Locale, query: string, filters: SearchFilters, page: number) => {
      const params = Object.entries({ q: query, ...filters }).filter((entry): entry is [string, string] => entry[1] !== undefined);
      return request<SearchAnswer>(`/api/search/${locale}?${new URLSearchParams([...params, ["page", String(page)]])}`);
    },
    /** Counts a form post against the rate limit every web process shares. */
    rateLimit: (hit: RateLimitRequest) =>
      request<RateLimitAnswer>("/api/rate-limit", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(hit) }),
    submit: (submission: NewSubmissionRequest) =>
      request<SubmissionAccepted>("/api/submissions", {
        method: "POST",
        headers: { "Content-Type": "application/json", "Accept-Language": submission.locale },
        body: JSON.stringify(submission),
      }),
  };
}
export type ApiClient = ReturnType<typeof createApiClient>;
