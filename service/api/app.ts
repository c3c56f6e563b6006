/**
 * The content API: a Hono app over the content database. It runs inside the web process
 * (called with `app.request()`, no socket) or on its own (service/api/main.ts).
 * Every answer is JSON; every bad input is a 4xx `{error, message}` in the request's locale.
 */
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { HTTPException } from "hono/http-exception";
import { z } from "zod";
import { type ApiError, type ContentType, contentTypes, journalFacets, type List } from "../../contract/api-types.ts";
import { MAX_SEARCH_QUERY, searchFacets } from "../../contract/search-types.ts";
import { format } from "../../i18n/format.ts";
import { isLocale, type Locale } from "../../i18n/locales.ts";
import { messages } from "../../i18n/messages/index.ts";
import type { ContentDb } from "../db/database.ts";
import { isDatabaseUnavailable, RETRY_AFTER_SECONDS } from "../db/unavailable.ts";
import { search, unknownSearchFilter } from "../search/search.ts";
import { acceptSubmission, submissionEnvelope } from "../submissions/accept.ts";
import { cached } from "./cached.ts";
import { findArticle } from "./queries/articles.ts";
import { findBook, listBooks } from "./queries/books.ts";
import { findContentItem, listContentItems } from "./queries/content-items.ts";
import { findDepartment, listDepartments } from "./queries/departments.ts";
import { journalDirectory, unknownJournalFilter } from "./queries/journal-directory.ts";
import { findJournal, journalBySlug, listArticles, listIssues, readEditorialBoard } from "./queries/journals.ts";
import { latestArticles } from "./queries/latest-articles.ts";
import { findPage, listPages } from "./queries/pages.ts";
import { readEntities } from "./queries/reference.ts";
import { readStatistics } from "./queries/statistics.ts";
import { hitRateLimit, rateLimitRequest } from "./rate-limit.ts";
import { readRevision } from "./revision.ts";

type ErrorCode = ApiError["error"];
type Env = { Variables: { locale: Locale } };

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const pageQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

class ApiFailure extends HTTPException {
  readonly code: ErrorCode;
  constructor(status: 400 | 404 | 413, code: ErrorCode, message: string) {
    super(status, { message });
    this.code = code;
  }
}

/** The locale for error messages: the path's when valid, else Accept-Language, else English. */
function errorLocale(path: string, acceptLanguage: string | undefined): Locale {
  const fromPath = path.split("/").find(isLocale);
  if (fromPath) return fromPath;
  return /^\s*tr\b/i.test(acceptLanguage ?? "") ? "tr" : "en";
}

const list = <T>(Items: T[]): List<T> => ({ Items, Count: Items.length });

/**
 * How long catalogue-wide answers are reused: the statistics (a scan of every article) and the
 * reference entities (asked for by every page the site renders). An import shows within a minute.
 */
export const CATALOGUE_TTL_MS = 60_000;

export const SUBMISSION_MAX_BYTES = 64 * 1024;

export interface ApiOptions {
  /** Called after a submission is stored (the outbox sends its e-mail). */
  onSubmission?: () => void;
  /** The content's revision as this process follows it: the catalogue-wide answers are computed again when it moves. */
  revision?: () => number;
}

export function createApiApp(db: ContentDb, { onSubmission, revision }: ApiOptions = {}): Hono<Env> {
  const app = new Hono<Env>().basePath("/api");
  const kept = <T>(compute: () => Promise<T>) => cached(CATALOGUE_TTL_MS, compute, { version: revision });
  const statistics = kept(() => readStatistics(db));
  const entities = { en: kept(() => readEntities(db, "en")), tr: kept(() => readEntities(db, "tr")) };

  const fail = (locale: Locale, status: 400 | 404 | 413, code: ErrorCode, key: keyof (typeof messages)["en"]["api"], values = {}) => {
    throw new ApiFailure(status, code, format(messages[locale].api[key], values));
  };
  const localeParam = (value: string): Locale => {
    if (isLocale(value)) return value;
    return fail("en", 404, "not_found", "unknownLocale", { locale: value.slice(0, 40) });
  };
  const slugParam = (locale: Locale, value: string, name = "slug") => {
    if (value.length > 200 || !SLUG.test(value)) fail(locale, 400, "bad_request", "badParameter", { name });
    return value;
  };
  const found = <T>(locale: Locale, value: T | undefined, path: string): T => {
    if (value === undefined) return fail(locale, 404, "not_found", "notFound", { path });
    return value;
  };
  const pageOf = (locale: Locale, query: Record<string, string>) => {
    const parsed = pageQuery.safeParse(query);
    if (!parsed.success) return fail(locale, 400, "bad_request", "badParameter", { name: String(parsed.error.issues[0]?.path[0]) });
    return parsed.data;
  };
  const journalId = async (locale: Locale, slug: string, path: string) =>
    found(locale, await journalBySlug(db, locale, slugParam(locale, slug)), path).journalId;
  /** A list's filters: each facet at most once, each a value its facet has (`unknownFilter` names the first that is not). */
  const facetFilters = async <Facet extends string>(
    locale: Locale,
    query: Record<string, string[]>,
    facets: readonly Facet[],
    unknownFilter: (filters: Partial<Record<Facet, string>>) => Promise<Facet | undefined>,
  ): Promise<Partial<Record<Facet, string>>> => {
    const filters: Partial<Record<Facet, string>> = {};
    for (const name of facets) {
      const values = query[name];
      if (values === undefined) continue;
      if (values.length > 1) fail(locale, 400, "bad_request", "repeatedParameter", { name });
      filters[name] = values[0];
    }
    const unknown = await unknownFilter(filters);
    if (unknown) fail(locale, 400, "bad_request", "unknownFilter", { name: unknown, value: String(filters[unknown]).slice(0, 40) });
    return filters;
  };

  /** The content's revision, which every import moves on: processes that keep pages follow it. */
  app.get("/revision", async (c) => c.json({ revision: await readRevision(db) }, 200, { "Cache-Control": "no-store" }));

  app.get("/entities", async (c) => {
    const requested = c.req.query("locale") ?? "en";
    const locale = isLocale(requested) ? requested : fail("en", 400, "bad_request", "badParameter", { name: "locale" });
    return c.json(await entities[locale]());
  });

  /**
   * Stores a submission and queues its e-mail (one transaction). Not reachable from outside:
   * the site mounts only the API's GET routes; its form actions post here in-process or over
   * API_URL. Posting the same id again stores nothing twice (200 instead of 201).
   */
  app.post(
    "/submissions",
    bodyLimit({
      maxSize: SUBMISSION_MAX_BYTES,
      onError: (c) => fail(errorLocale(c.req.path, c.req.header("accept-language")), 413, "bad_request", "badBody"),
    }),
    async (c) => {
      const envelope = submissionEnvelope.safeParse(await c.req.json().catch(() => undefined));
      if (!envelope.success) return fail(errorLocale(c.req.path, c.req.header("accept-language")), 400, "bad_request", "badBody");
      const accepted = await acceptSubmission(db, envelope.data);
      if (!accepted.ok) {
        const message = format(messages[envelope.data.locale].api.invalidSubmission, { fields: Object.keys(accepted.errors).join(", ") });
        return c.json({ error: "invalid", message, fields: accepted.errors }, 422);
      }
      if (accepted.stored) onSubmission?.();
      return c.json({ id: envelope.data.id, reference: accepted.reference }, accepted.stored ? 201 : 200);
    },
  );

  /**
   * Counts a form post against the shared rate limit. Like /submissions, reachable only in-process
   * or with API_TOKEN (server/site.ts).
   */
  app.post("/rate-limit", async (c) => {
    const hit = rateLimitRequest.safeParse(await c.req.json().catch(() => undefined));
    if (!hit.success) return fail(errorLocale(c.req.path, c.req.header("accept-language")), 400, "bad_request", "badBody");
    return c.json(await hitRateLimit(db, hit.data));
  });

  app.get("/:locale/initial", async (c) => {
    const locale = localeParam(c.req.param("locale"));
    const [services, policies, figures] = await Promise.all([
      listContentItems(db, "services", locale),
      listContentItems(db, "policies", locale),
      statistics(),
    ]);
    return c.json({ services, policies, ...figures });
  });

  /** The newest articles of the catalogue, or of the journal named by `journal` (its slug in the locale). */
  app.get("/articles/:locale/latest", async (c) => {
    const locale = localeParam(c.req.param("locale"));
    const slug = c.req.query("journal");
    if (slug === undefined) return c.json(list(await latestArticles(db, locale)));
    const journal = found(locale, await journalBySlug(db, locale, slugParam(locale, slug)), c.req.path);
    return c.json({ ...list(await latestArticles(db, locale, journal.journalId)), journal: { slug, title: journal.title } });
  });

  app.get("/journals/:locale/:slug/issues", async (c) => {
    const locale = localeParam(c.req.param("locale"));
    const id = await journalId(locale, c.req.param("slug"), c.req.path);
    return c.json(list(await listIssues(db, locale, id)));
  });

  app.get("/journals/:locale/:slug/issues/:issueId", async (c) => {
    const locale = localeParam(c.req.param("locale"));
    const id = await journalId(locale, c.req.param("slug"), c.req.path);
    const issueId = slugParam(locale, c.req.param("issueId"), "issueId");
    const paging = pageOf(locale, c.req.query());
    const [issue] = await listIssues(db, locale, id, issueId);
    found(locale, issue, c.req.path);
    return c.json({ issue, ...(await listArticles(db, locale, id, paging, issueId)) });
  });

  app.get("/journals/:locale/:slug/issues/:issueId/articles/:articleId", async (c) => {
    const locale = localeParam(c.req.param("locale"));
    const id = await journalId(locale, c.req.param("slug"), c.req.path);
    const issueId = slugParam(locale, c.req.param("issueId"), "issueId");
    const articleId = slugParam(locale, c.req.param("articleId"), "articleId");
    return c.json(found(locale, await findArticle(db, locale, id, issueId, articleId), c.req.path));
  });

  app.get("/journals/:locale/:slug/articles", async (c) => {
    const locale = localeParam(c.req.param("locale"));
    const id = await journalId(locale, c.req.param("slug"), c.req.path);
    return c.json(await listArticles(db, locale, id, pageOf(locale, c.req.query())));
  });

  app.get("/journals/:locale/:slug/editorial-board", async (c) => {
    const locale = localeParam(c.req.param("locale"));
    const id = await journalId(locale, c.req.param("slug"), c.req.path);
    return c.json(await readEditorialBoard(db, locale, id));
  });

  /** The site search: `q` (at most MAX_SEARCH_QUERY characters; none or blank finds nothing) and one value per facet. */
  app.get("/search/:locale", async (c) => {
    const locale = localeParam(c.req.param("locale"));
    const queries = c.req.queries();
    if ((queries.q?.length ?? 0) > 1) fail(locale, 400, "bad_request", "repeatedParameter", { name: "q" });
    const query = (queries.q?.[0] ?? "").trim();
    if (query.length > MAX_SEARCH_QUERY) fail(locale, 400, "bad_request", "queryTooLong", { max: MAX_SEARCH_QUERY });
    const filters = await facetFilters(locale, queries, searchFacets, (f) => unknownSearchFilter(db, f));
    return c.json(await search(db, locale, { query, filters, ...pageOf(locale, c.req.query()) }));
  });

  const contentType = (value: string): ContentType =>
    (contentTypes as readonly string[]).includes(value)
      ? (value as ContentType)
      : fail("en", 404, "not_found", "unknownType", { type: value.slice(0, 40) });

  app.get("/:type/:locale", async (c) => {
    const type = contentType(c.req.param("type"));
    const locale = localeParam(c.req.param("locale"));
    if (type === "journals")
      return c.json(
        await journalDirectory(db, locale, await facetFilters(locale, c.req.queries(), journalFacets, (f) => unknownJournalFilter(db, f))),
      );
    const lists = {
      services: () => listContentItems(db, "services", locale),
      policies: () => listContentItems(db, "policies", locale),
      books: () => listBooks(db, locale),
      departments: () => listDepartments(db, locale),
      pages: () => listPages(db, locale),
    } satisfies Record<Exclude<ContentType, "journals">, () => Promise<unknown[]>>;
    return c.json(list<unknown>(await lists[type]()));
  });

  app.get("/:type/:locale/:slug", async (c) => {
    const type = contentType(c.req.param("type"));
    const locale = localeParam(c.req.param("locale"));
    const slug = slugParam(locale, c.req.param("slug"));
    const finders = {
      services: () => findContentItem(db, "services", locale, slug),
      policies: () => findContentItem(db, "policies", locale, slug),
      journals: () => findJournal(db, locale, slug),
      books: () => findBook(db, locale, slug),
      departments: () => findDepartment(db, locale, slug),
      pages: () => findPage(db, locale, slug),
    } satisfies Record<ContentType, () => Promise<unknown>>;
    return c.json(found(locale, await finders[type](), c.req.path));
  });

  app.notFound((c) => {
    const locale = errorLocale(c.req.path, c.req.header("accept-language"));
    return c.json<ApiError>({ error: "not_found", message: format(messages[locale].api.notFound, { path: c.req.path.slice(0, 200) }) }, 404);
  });

  app.onError((error, c) => {
    if (error instanceof ApiFailure) return c.json<ApiError>({ error: error.code, message: error.message }, error.status);
    if (error instanceof HTTPException && error.status < 500) {
      return c.json<ApiError>({ error: "bad_request", message: error.message }, error.status);
    }
    const locale = errorLocale(c.req.path, c.req.header("accept-language"));
    // The database is away for a moment: the caller retries (the API client does) or asks again later.
    if (isDatabaseUnavailable(error)) {
      console.warn(`content API: ${c.req.method} ${c.req.path}: ${error.message}`);
      return c.json<ApiError>({ error: "unavailable", message: messages[locale].api.unavailable }, 503, {
        "Retry-After": String(RETRY_AFTER_SECONDS),
      });
    }
    console.error(`content API: ${c.req.method} ${c.req.path} failed:`, error);
    return c.json<ApiError>({ error: "internal", message: messages[locale].api.internal }, 500);
  });

  return app;
}
