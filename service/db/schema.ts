import type { Generated } from "kysely";

/**
 * Row types of every table, as Kysely sees them (camelCase; the CamelCasePlugin maps them to
 * snake_case columns). Per-locale text lives in `*_text` tables keyed by locale.
 * Flags are 0/1 integers so SQLite and PostgreSQL hold the same values.
 */
export interface ReferenceItemTable {
  kind: string;
  id: string;
  sortOrder: number | null;
  url: string | null;
  doubleBlind: number;
  isGlobal: number;
}
export interface ReferenceItemTextTable {
  kind: string;
  id: string;
  locale: string;
  title: string;
}
export interface ContentItemTable {
  type: string;
  id: string;
  icon: string | null;
  sortOrder: number | null;
}
export interface ContentItemTextTable {
  type: string;
  id: string;
  locale: string;
  slug: string;
  title: string;
  description: string;
  detailsHtml: string;
}
/** A photograph's file and credit (all null without one, the credit null when it needs none). */
export interface ImageColumns {
  image: string | null;
  imageAuthor: string | null;
  imageLicence: string | null;
  imageLicenceUrl: string | null;
}
export interface PageTable extends ImageColumns {
  id: string;
  locale: string;
  title: string;
  bodyHtml: string;
  imageAlt: string | null;
}
export interface DepartmentTable extends ImageColumns {
  id: string;
  sortOrder: number | null;
  email: string;
  phone: string;
}
export interface DepartmentTextTable {
  departmentId: string;
  locale: string;
  slug: string;
  name: string;
  descriptionHtml: string;
  imageAlt: string | null;
}
export interface DepartmentStaffTable {
  departmentId: string;
  locale: string;
  position: number;
  name: string;
  email: string | null;
  role: string;
}
export interface JournalTable {
  id: string;
  sortOrder: number | null;
  abbreviation: string;
  printIssn: string | null;
  eIssn: string;
  cover: string | null;
  publicationFormatId: string;
  reviewTypeId: string;
  frequency: string;
  languages: string;
  startYear: number;
  openAccess: number;
  licence: string | null;
  journalSystemId: string;
  journalSystemUrl: string;
  contactEmail: string;
}
export interface JournalTextTable {
  journalId: string;
  locale: string;
  slug: string;
  title: string;
  descriptionHtml: string;
  aimsScopeHtml: string;
}
export interface JournalCategoryTable {
  journalId: string;
  categoryId: string;
}
export interface JournalIndexTable {
  journalId: string;
  indexId: string;
}
export interface JournalMetricTable {
  journalId: string;
  metricTypeId: string;
  value: number;
  year: number;
}
export interface IssueTable {
  journalId: string;
  id: string;
  volume: number;
  number: number;
  year: number;
  publishedOn: string;
  cover: string | null;
}
export interface IssueTextTable {
  journalId: string;
  issueId: string;
  locale: string;
  specialTitle: string;
}
export interface ArticleTable {
  journalId: string;
  id: string;
  issueId: string;
  position: number;
  type: string;
  language: string;
  doi: string | null;
  firstPage: number | null;
  lastPage: number | null;
  receivedOn: string | null;
  acceptedOn: string | null;
  publishedOn: string;
  status: string;
  modifiedOn: string | null;
  /** modifiedOn, or else publishedOn: the OAI-PMH datestamp. */
  datestamp: string;
  licenceName: string | null;
  licenceUrl: string | null;
  copyrightHolder: string | null;
  copyrightYear: number | null;
  /** JSON: [{ funder, funderId?, awards }]. */
  funding: string;
  /** JSON: [{ date, en, tr }]. */
  versions: string;
  /** JSON: [{ kind, file, bytes }], `file` under the content folder. */
  galleys: string;
}
export interface ArticleTextTable {
  journalId: string;
  articleId: string;
  locale: string;
  title: string;
  abstractHtml: string;
  /** JSON array of strings. */
  keywords: string;
}
export interface ArticleAuthorTable {
  journalId: string;
  articleId: string;
  position: number;
  /** As printed: given names then family name. */
  name: string;
  given: string | null;
  family: string;
  orcid: string | null;
  email: string | null;
  corresponding: number;
  /** JSON array of CRediT role slugs. */
  roles: string;
  /** JSON: [{ name, ror?, country? }]. */
  affiliations: string;
}
export interface ArticleRelationTable {
  journalId: string;
  articleId: string;
  position: number;
  type: string;
  targetArticleId: string | null;
  targetDoi: string | null;
}
export interface ArticleReferenceTable {
  journalId: string;
  articleId: string;
  position: number;
  refId: string;
  text: string;
  doi: string | null;
  url: string | null;
  /** JSON: the reference's structured parts. */
  parts: string;
}
export interface ArticleFullTextTable {
  journalId: string;
  articleId: string;
  html: string;
  jats: string;
  /** JSON: [{ id, title }]. */
  outline: string;
  /** JSON: { [reference id]: citation anchor ids }. */
  citedAt: string;
}
export interface BoardMemberTable {
  journalId: string;
  position: number;
  honorific: string | null;
  name: string;
  teamPositionId: string;
  affiliation: string;
  country: string;
  orcid: string | null;
  sortOrder: number | null;
}
export interface BookTable {
  id: string;
  sortOrder: number | null;
  printIsbn: string | null;
  eIsbn: string | null;
  doi: string | null;
  year: number;
  pages: number;
  language: string;
  cover: string | null;
  publicationFormatId: string;
  licence: string | null;
  url: string | null;
}
export interface BookTextTable {
  bookId: string;
  locale: string;
  slug: string;
  title: string;
  subtitle: string | null;
  descriptionHtml: string;
}
export interface BookContributorTable {
  bookId: string;
  position: number;
  /** As printed: given names then family name. */
  name: string;
  given: string | null;
  family: string;
  orcid: string | null;
  /** JSON: [{ name, ror?, country? }]. */
  affiliations: string;
  role: string;
}
export interface BookCategoryTable {
  bookId: string;
  categoryId: string;
}
export interface BookChapterTable {
  bookId: string;
  position: number;
  title: string;
  /** JSON array of names. */
  authors: string;
  firstPage: number;
  lastPage: number;
  doi: string | null;
}

/** A form submission as the visitor sent it; `fields` is the form's own fields as JSON. */
export interface SubmissionTable {
  id: string;
  form: string;
  locale: string;
  departmentId: string;
  name: string;
  email: string;
  phone: string | null;
  fields: string;
  createdAt: string;
}
/** The e-mail of a submission to its department, until the SMTP server has taken it. */
export interface OutboxTable {
  submissionId: string;
  recipient: string;
  replyTo: string;
  subject: string;
  body: string;
  attempts: Generated<number>;
  nextAttemptAt: string;
  /** A worker that claimed the message holds it until then (so two workers never send it twice). */
  lockedUntil: string | null;
  deliveredAt: string | null;
  lastError: string | null;
}
/** A document of the search index (filled by the content import): what filters and facets read. */
export interface SearchDocumentTable {
  id: number;
  kind: string;
  entityId: string;
  journalId: string | null;
  issueId: string | null;
  year: number | null;
  /** Set only for a work dated after the day it was indexed: the search leaves its group out until then. */
  publishedOn: string | null;
}
/**
 * A search document's title and slug per locale. Its folded words are indexed in `search_index`:
 * on SQLite an FTS5 table, on PostgreSQL a table of tsvectors; neither is read through these types.
 */
export interface SearchTextTable {
  id: number;
  slugEn: string;
  slugTr: string;
  titleEn: string;
  titleTr: string;
}

/** A call for papers of a journal: submissions are taken until the deadline (YYYY-MM-DD, the publisher's calendar day) included. */
export interface CallForPapersTable {
  id: string;
  journalId: string;
  deadline: string;
}
export interface CallForPapersTextTable {
  callId: string;
  locale: string;
  title: string;
  /** The special issue the call is for, or null for the journal's regular issues. */
  specialTitle: string | null;
  bodyHtml: string;
}

/** The content's revision (one row, id 1), bumped by every import. */
export interface ContentRevisionTable {
  id: number;
  revision: number;
  /** The content repository's commit the import read (service/content/sync.ts), or null when it read a folder. */
  contentCommit: string | null;
  /** The import's format that wrote the content (IMPORT_FORMAT, service/content/import.ts), or null when written before it was recorded. */
  importFormat: number | null;
}

/** A push webhook received (service/content/webhook-deliveries.ts): its host's delivery id or its body's digest, and when (ms). */
export interface WebhookDeliveryTable {
  key: string;
  receivedAt: number;
}

/** A form post counted by the rate limit: its client key and its time (ms). */
export interface RateLimitHitTable {
  key: string;
  at: number;
}

/** What was counted of an article (service/usage/): COUNTER's investigations and requests, and galley downloads. */
export type UsageMetric = "investigation" | "request" | "download";
/** An article's use on one UTC day (`YYYY-MM-DD`): every counted use, and the sessions among them. */
export interface UsageDayTable {
  journalId: string;
  articleId: string;
  day: string;
  metric: UsageMetric;
  totalCount: number;
  uniqueCount: number;
}
/** A session's use of an article in one UTC hour (`YYYY-MM-DDTHH`), counted once among the uniques. */
export interface UsageSeenTable {
  hour: string;
  session: string;
  journalId: string;
  articleId: string;
  metric: UsageMetric;
}
/** A UTC day's salt, which turns a visitor's digest into that day's session. */
export interface UsageSaltTable {
  day: string;
  salt: string;
}

export interface Database {
  referenceItem: ReferenceItemTable;
  referenceItemText: ReferenceItemTextTable;
  contentItem: ContentItemTable;
  contentItemText: ContentItemTextTable;
  page: PageTable;
  department: DepartmentTable;
  departmentText: DepartmentTextTable;
  departmentStaff: DepartmentStaffTable;
  journal: JournalTable;
  journalText: JournalTextTable;
  journalCategory: JournalCategoryTable;
  journalIndex: JournalIndexTable;
  journalMetric: JournalMetricTable;
  issue: IssueTable;
  issueText: IssueTextTable;
  article: ArticleTable;
  articleText: ArticleTextTable;
  articleAuthor: ArticleAuthorTable;
  articleRelation: ArticleRelationTable;
  articleReference: ArticleReferenceTable;
  articleFullText: ArticleFullTextTable;
  boardMember: BoardMemberTable;
  book: BookTable;
  bookText: BookTextTable;
  bookContributor: BookContributorTable;
  bookCategory: BookCategoryTable;
  bookChapter: BookChapterTable;
  callForPapers: CallForPapersTable;
  callForPapersText: CallForPapersTextTable;
  submission: SubmissionTable;
  outbox: OutboxTable;
  searchDocument: SearchDocumentTable;
  searchText: SearchTextTable;
  contentRevision: ContentRevisionTable;
  rateLimitHit: RateLimitHitTable;
  usageDay: UsageDayTable;
  usageSeen: UsageSeenTable;
  usageSalt: UsageSaltTable;
  webhookDelivery: WebhookDeliveryTable;
}
