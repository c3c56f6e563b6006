/**
 * What the content service does, as plain functions over the database: every read a page makes,
 * the search, a submission, a hit on the rate limit. Each checks its parameters and throws an
 * `ApiFailure` (failure.ts) for what names nothing or is malformed. The web process calls it
 * directly when the content lives in the same process (through the API client, client.ts, which
 * adds the retry policy); the HTTP API (app.ts) is a thin layer of routes over the same functions.
 */
import {
  CLOSED_CALLS,
  type ContentItem,
  type ContentItemDetail,
  type ContentType,
  type JournalFilters,
  type LatestArticles,
  type List,
  type SubmissionAccepted,
} from "../../contract/api-types.ts";
import { MAX_SEARCH_QUERY, type SearchFilters } from "../../contract/search-types.ts";
import { format } from "../../i18n/format.ts";
import type { Locale } from "../../i18n/locales.ts";
import { messages } from "../../i18n/messages/index.ts";
import { cached } from "../cached.ts";
import { SLUG } from "../content/schema.ts";
import type { ContentDb } from "../db/database.ts";
import { search, unknownSearchFilter } from "../search/search.ts";
import { acceptSubmission, type SubmissionEnvelope, submissionEnvelope } from "../submissions/accept.ts";
import { recordUsage, type UsageBatch, usageBatch } from "../usage/record.ts";
import { ApiFailure, fail } from "./failure.ts";
import { findArticle } from "./queries/articles.ts";
import { findBook, listBooks } from "./queries/books.ts";
import { findCall, listCalls } from "./queries/calls.ts";
import { findContentItem, listContentItems } from "./queries/content-items.ts";
import { findDepartment, listDepartments } from "./queries/departments.ts";
import { readHome } from "./queries/home.ts";
import { journalDirectory, unknownJournalFilter } from "./queries/journal-directory.ts";
import { findJournal, journalBySlug, listArticles, listIssues, readEditorialBoard } from "./queries/journals.ts";
import { latestArticles } from "./queries/latest-articles.ts";
import { findPage, listPages } from "./queries/pages.ts";
import { readEntities } from "./queries/reference.ts";
import { readStatistics } from "./queries/statistics.ts";
import { hitRateLimit, type RateLimitRequest, rateLimitRequest } from "./rate-limit.ts";
import { readRevision } from "./revision.ts";

/**
 * How long catalogue-wide answers are reused: the statistics (a scan of every article) and the
 * reference entities (asked for by every page the site renders). An import shows within a minute.
 */
export const CATALOGUE_TTL_MS = 60_000;
export const MAX_PAGE = 100_000;
export const MAX_PAGE_SIZE = 100;
const DEFAULT_PAGE_SIZE = 20;

/** What a slug or id in a request may look like: what the content files allow (schema.ts). */
export { SLUG };

export interface ContentServiceOptions {
  /** Called after a submission is stored (the outbox sends its e-mail). */
  onSubmission?: () => void;
  /** The content's revision as this process follows it: the catalogue-wide answers are computed again when it moves. */
  revision?: () => number;
}

const list = <T>(Items: T[]): List<T> => ({ Items, Count: Items.length });

export function createContentService(db: ContentDb, { onSubmission, revision }: ContentServiceOptions = {}) {
  const kept = <T>(compute: () => Promise<T>) => cached(CATALOGUE_TTL_MS, compute, { version: revision });
  const statistics = kept(() => readStatistics(db));
  const entities = { en: kept(() => readEntities(db, "en")), tr: kept(() => readEntities(db, "tr")) };

  const slug = (locale: Locale, value: string, name = "slug") => {
    if (value.length > 200 || !SLUG.test(value)) fail(locale, 400, "bad_request", "badParameter", { name });
    return value;
  };
  const found = <T>(locale: Locale, value: T | undefined, what: string): T => {
    if (value === undefined) return fail(locale, 404, "not_found", "notFound", { path: what.slice(0, 200) });
    return value;
  };
  const paging = (locale: Locale, page: number, pageSize: number) => {
    if (!Number.isInteger(page) || page < 1 || page > MAX_PAGE) fail(locale, 400, "bad_request", "badParameter", { name: "page" });
    if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > MAX_PAGE_SIZE)
      fail(locale, 400, "bad_request", "badParameter", { name: "pageSize" });
    return { page, pageSize };
  };
  /** A list read by the journal's slug is empty for an unknown journal too: only then is the journal looked for. */
  const ofJournal = async <T>(locale: Locale, journal: string, answer: T, empty: boolean): Promise<T> => {
    if (empty) found(locale, await journalBySlug(db, locale, journal), `journals/${locale}/${journal}`);
    return answer;
  };
  const filtered = async <Filters extends object>(locale: Locale, filters: Filters, unknown: (f: Filters) => Promise<keyof Filters | undefined>) => {
    const name = await unknown(filters);
    if (name !== undefined) fail(locale, 400, "bad_request", "unknownFilter", { name: String(name), value: String(filters[name]).slice(0, 40) });
    return filters;
  };
  const contentItems = (type: "services" | "policies") => async (locale: Locale) => list<ContentItem>(await listContentItems(db, type, locale));

  return {
    /** The content's revision, which every import moves on: processes that keep pages follow it. */
    revision: async () => ({ revision: await readRevision(db) }),
    entities: (locale: Locale) => entities[locale](),
    initial: async (locale: Locale) => {
      const [services, policies, figures] = await Promise.all([
        listContentItems(db, "services", locale),
        listContentItems(db, "policies", locale),
        statistics(),
      ]);
      return { services, policies, ...figures };
    },
    /** What the home page shows of the catalogue: journals with their newest issue, the newest articles and books, the open calls. */
    home: (locale: Locale) => readHome(db, locale),
    services: contentItems("services"),
    policies: contentItems("policies"),
    contentItem: async (type: "services" | "policies", locale: Locale, slugValue: string): Promise<ContentItemDetail> =>
      found(locale, await findContentItem(db, type, locale, slug(locale, slugValue)), `${type}/${locale}/${slugValue}`),
    /** The journals matching the filters (a reference entity's id per facet, `access: "open"`), with facet counts. */
    journals: async (locale: Locale, filters: JournalFilters = {}) =>
      journalDirectory(db, locale, await filtered(locale, filters, (f) => unknownJournalFilter(db, f))),
    journal: async (locale: Locale, journal: string) =>
      found(locale, await findJournal(db, locale, slug(locale, journal)), `journals/${locale}/${journal}`),
    /** The newest articles of the catalogue, or of one journal (its slug in the locale), which is named too. */
    latestArticles: async (locale: Locale, journal?: string): Promise<LatestArticles> => {
      if (journal === undefined) return list(await latestArticles(db, locale));
      const [named, articles] = await Promise.all([journalBySlug(db, locale, slug(locale, journal)), latestArticles(db, locale, journal)]);
      return { ...list(articles), journal: { slug: journal, title: found(locale, named, `journals/${locale}/${journal}`).title } };
    },
    issues: async (locale: Locale, journal: string) => {
      const issues = await listIssues(db, locale, slug(locale, journal));
      return ofJournal(locale, journal, list(issues), issues.length === 0);
    },
    articles: async (locale: Locale, journal: string, page = 1, pageSize = DEFAULT_PAGE_SIZE) => {
      const articles = await listArticles(db, locale, slug(locale, journal), paging(locale, page, pageSize));
      return ofJournal(locale, journal, articles, articles.Count === 0);
    },
    /** An issue, and a page of its articles. */
    issueArticles: async (locale: Locale, journal: string, issueId: string, page = 1, pageSize = DEFAULT_PAGE_SIZE) => {
      const request = paging(locale, page, pageSize);
      const [[issue], articles] = await Promise.all([
        listIssues(db, locale, slug(locale, journal), slug(locale, issueId, "issueId")),
        listArticles(db, locale, journal, request, issueId),
      ]);
      return { issue: found(locale, issue, `journals/${locale}/${journal}/issues/${issueId}`), ...articles };
    },
    article: async (locale: Locale, journal: string, issueId: string, articleId: string) =>
      found(
        locale,
        await findArticle(db, locale, slug(locale, journal), slug(locale, issueId, "issueId"), slug(locale, articleId, "articleId")),
        `journals/${locale}/${journal}/issues/${issueId}/articles/${articleId}`,
      ),
    editorialBoard: async (locale: Locale, journal: string) => {
      const board = await readEditorialBoard(db, locale, slug(locale, journal));
      return ofJournal(locale, journal, board, board.Count === 0);
    },
    books: async (locale: Locale) => list(await listBooks(db, locale)),
    book: async (locale: Locale, book: string) => found(locale, await findBook(db, locale, slug(locale, book)), `books/${locale}/${book}`),
    /** The open calls for papers, soonest deadline first: of one journal (its slug in the locale), every call with `include` "closed". */
    calls: async (locale: Locale, { journal, include }: { journal?: string; include?: string } = {}) => {
      if (include !== undefined && include !== CLOSED_CALLS)
        fail(locale, 400, "bad_request", "unknownFilter", { name: "include", value: include.slice(0, 40) });
      const journalSlug = journal === undefined ? undefined : slug(locale, journal, "journal");
      const calls = await listCalls(db, locale, { journalSlug, closed: include === CLOSED_CALLS });
      return journalSlug === undefined ? list(calls) : ofJournal(locale, journalSlug, list(calls), calls.length === 0);
    },
    /** A call for papers by its id, open or closed. */
    call: async (locale: Locale, id: string) => found(locale, await findCall(db, locale, slug(locale, id)), `calls/${locale}/${id}`),
    departments: async (locale: Locale) => list(await listDepartments(db, locale)),
    department: async (locale: Locale, department: string) =>
      found(locale, await findDepartment(db, locale, slug(locale, department)), `departments/${locale}/${department}`),
    pages: async (locale: Locale) => list(await listPages(db, locale)),
    page: async (locale: Locale, id: string) => found(locale, await findPage(db, locale, slug(locale, id)), `pages/${locale}/${id}`),
    /** The site search: `query` (at most MAX_SEARCH_QUERY characters; blank finds nothing), one value per facet. */
    search: async (locale: Locale, query: string, filters: SearchFilters = {}, page = 1, pageSize = DEFAULT_PAGE_SIZE) => {
      const trimmed = query.trim();
      if (trimmed.length > MAX_SEARCH_QUERY) fail(locale, 400, "bad_request", "queryTooLong", { max: MAX_SEARCH_QUERY });
      const request = paging(locale, page, pageSize);
      return search(db, locale, { query: trimmed, filters: await filtered(locale, filters, (f) => unknownSearchFilter(db, f)), ...request });
    },
    /** Counts a form post against the rate limit every web process shares. */
    rateLimit: async (hit: RateLimitRequest) => {
      const parsed = rateLimitRequest.safeParse(hit);
      if (!parsed.success) fail("en", 400, "bad_request", "badBody");
      return hitRateLimit(db, parsed.data);
    },
    /** Adds the uses a web process counted (service/usage/counter.ts) to the counts. */
    recordUsage: async (batch: UsageBatch) => {
      const parsed = usageBatch.safeParse(batch);
      if (!parsed.success) fail("en", 400, "bad_request", "badBody");
      return recordUsage(db, parsed.data.uses);
    },
    /**
     * Stores a submission and queues its e-mail (one transaction). Sending the same id again stores
     * nothing twice (`stored` is then false: the HTTP API answers 200 instead of 201).
     */
    submit: async (submission: SubmissionEnvelope): Promise<SubmissionAccepted & { stored: boolean }> => {
      const envelope = submissionEnvelope.safeParse(submission);
      if (!envelope.success) return fail(submission.locale === "tr" ? "tr" : "en", 400, "bad_request", "badBody");
      const accepted = await acceptSubmission(db, envelope.data);
      if (!accepted.ok) {
        const message = format(messages[envelope.data.locale].api.invalidSubmission, { fields: Object.keys(accepted.errors).join(", ") });
        throw new ApiFailure(422, { error: "invalid", message, fields: accepted.errors });
      }
      if (accepted.stored) onSubmission?.();
      return { id: envelope.data.id, reference: accepted.reference, stored: accepted.stored };
    },
  } satisfies Record<ContentType, unknown> & Record<string, unknown>;
}

export type ContentService = ReturnType<typeof createContentService>;
