/**
 * The client the loaders read content through: the content service's own functions, with the
 * specification's retry policy around each call, so that it holds in both deployments: up to 3
 * attempts, waiting 250 ms and then 500 ms, only after a network error, a 5xx or a database away
 * for a moment; any other failure stops at once. Its calls are made either in-process (the content
 * service itself: no socket, no JSON) or over HTTP (`overHttp`, API_URL): Hono's client derived
 * from the API's own routes, so a path renamed in the API and not here fails the typecheck.
 */
import { hc } from "hono/client";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { ApiError } from "../../contract/api-types.ts";
import type { ContentApiApp } from "./app.ts";
import type { ContentService } from "./content-service.ts";
import { ApiFailure } from "./failure.ts";

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

type Calls = { [Name in keyof ContentService]: ContentService[Name] };

/** `calls`: the content service in this process, or `overHttp(…)`. */
export function createApiClient(calls: Calls, { wait = sleep, onUnavailable }: ApiClientOptions = {}) {
  /** Submissions are retried too: each carries its id, so a repeat stores nothing twice. */
  async function attempt<T>(name: string, call: () => Promise<T>): Promise<T> {
    let lastError = "";
    for (let attempt = 1; attempt <= RETRY.attempts; attempt++) {
      try {
        return await call();
      } catch (error) {
        // A refusal that another attempt would not change: the service's, or the API's answer below 500.
        const refused = error instanceof ApiFailure && error.status < 500 ? error : undefined;
        if (refused?.status === 404) throw new ContentNotFound(`${name}: ${(error as Error).message}`);
        if (refused) throw new ContentUnavailable(`${name} answered ${refused.status}`, refused.status, refused.answer);
        lastError = (error as Error).message;
      }
      if (attempt < RETRY.attempts) await wait(RETRY.firstDelayMs * 2 ** (attempt - 1));
    }
    onUnavailable?.();
    throw new ContentUnavailable(`${name} failed after ${RETRY.attempts} attempts (${lastError})`);
  }
  const client = Object.fromEntries(
    Object.entries(calls).map(([name, call]) => [
      name,
      (...args: unknown[]) => attempt(name, () => (call as (...a: unknown[]) => Promise<unknown>)(...args)),
    ]),
  ) as Calls;
  return {
    ...client,
    /** The same client, also telling `onUnavailable` (one per rendered page, which then is not kept). */
    observed: (observer: () => void) => createApiClient(calls, { wait, onUnavailable: observer }),
  };
}
export type ApiClient = ReturnType<typeof createApiClient>;

/**
 * The content service over HTTP, at `base` (API_URL), through `fetch` (which may add the token
 * and a timeout). Each call is Hono's typed client for the API's route; path parameters are
 * encoded here, as Hono's client puts them in the path as they are.
 */
export function overHttp(base: string, fetch: typeof globalThis.fetch): Calls {
  const { api } = hc<ContentApiApp>(base, { fetch });
  const read = async <T>(request: Promise<{ ok: boolean; status: number; json(): Promise<T> }>): Promise<T> => answer(await request);
  const answer = async <T>(response: { ok: boolean; status: number; json(): Promise<T> }): Promise<T> => {
    if (response.ok) return response.json();
    const refused = (await response.json().catch(() => undefined)) as ApiError | undefined;
    throw new ApiFailure(response.status as ContentfulStatusCode, refused ?? { error: "internal", message: `status ${response.status}` });
  };
  const p = encodeURIComponent;
  const text = (n: number | undefined) => (n === undefined ? undefined : String(n));
  const journal = api.journals[":locale"][":slug"];
  return {
    revision: () => read(api.revision.$get()),
    entities: (locale) => read(api.entities.$get({ query: { locale } })),
    initial: (locale) => read(api[":locale"].initial.$get({ param: { locale } })),
    home: (locale) => read(api[":locale"].home.$get({ param: { locale } })),
    services: (locale) => read(api.services[":locale"].$get({ param: { locale } })),
    policies: (locale) => read(api.policies[":locale"].$get({ param: { locale } })),
    contentItem: (type, locale, slug) =>
      read((type === "services" ? api.services : api.policies)[":locale"][":slug"].$get({ param: { locale, slug: p(slug) } })),
    journals: (locale, filters = {}) => read(api.journals[":locale"].$get({ param: { locale }, query: filters })),
    journal: (locale, slug) => read(journal.$get({ param: { locale, slug: p(slug) } })),
    latestArticles: (locale, slug) => read(api.articles[":locale"].latest.$get({ param: { locale }, query: { journal: slug } })),
    issues: (locale, slug) => read(journal.issues.$get({ param: { locale, slug: p(slug) } })),
    articles: (locale, slug, page, pageSize) =>
      read(journal.articles.$get({ param: { locale, slug: p(slug) }, query: { page: text(page), pageSize: text(pageSize) } })),
    issueArticles: (locale, slug, issueId, page, pageSize) =>
      read(
        journal.issues[":issueId"].$get({
          param: { locale, slug: p(slug), issueId: p(issueId) },
          query: { page: text(page), pageSize: text(pageSize) },
        }),
      ),
    article: (locale, slug, issueId, articleId) =>
      read(
        journal.issues[":issueId"].articles[":articleId"].$get({
          param: { locale, slug: p(slug), issueId: p(issueId), articleId: p(articleId) },
        }),
      ),
    editorialBoard: (locale, slug) => read(journal["editorial-board"].$get({ param: { locale, slug: p(slug) } })),
    books: (locale) => read(api.books[":locale"].$get({ param: { locale } })),
    book: (locale, slug) => read(api.books[":locale"][":slug"].$get({ param: { locale, slug: p(slug) } })),
    calls: (locale, query = {}) => read(api.calls[":locale"].$get({ param: { locale }, query })),
    call: (locale, id) => read(api.calls[":locale"][":slug"].$get({ param: { locale, slug: p(id) } })),
    departments: (locale) => read(api.departments[":locale"].$get({ param: { locale } })),
    department: (locale, slug) => read(api.departments[":locale"][":slug"].$get({ param: { locale, slug: p(slug) } })),
    pages: (locale) => read(api.pages[":locale"].$get({ param: { locale } })),
    page: (locale, id) => read(api.pages[":locale"][":slug"].$get({ param: { locale, slug: p(id) } })),
    search: (locale, q, filters = {}, page, pageSize) =>
      read(api.search[":locale"].$get({ param: { locale }, query: { q, ...filters, page: text(page), pageSize: text(pageSize) } })),
    rateLimit: (hit) => read(api["rate-limit"].$post({ json: hit })),
    recordUsage: (batch) => read(api.usage.$post({ json: batch })),
    submit: async (submission) => {
      const response = await api.submissions.$post({ json: submission }, { headers: { "Accept-Language": submission.locale } });
      return { ...(await answer(response)), stored: response.status === 201 };
    },
  };
}
