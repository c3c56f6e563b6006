/**
 * A Crossref deposit: one `doi_batch` of Crossref's metadata input schema 5.3.1, for journal
 * articles (grouped by journal and issue: an issue's, or a date range's across journals) or for
 * books and their chapters. Pure: everything it writes comes from its arguments, the landing pages
 * included (the caller knows the site's paths). xsd/crossref holds the schema; the tests validate
 * what this writes against it (docs/decisions/023-crossref-doaj-exports.md).
 *
 * What a record holds, in the schema's order: titles (the other language's as
 * `original_language_title`), contributors with their affiliations (name and ROR id) and ORCID iD,
 * abstracts (JATS, one per language), the publication and acceptance dates, pages, the funding
 * (`fr:program`), the licence (`ai:program`), Crossmark with the update a notice makes (a
 * correction, a retraction, an expression of concern), the DOI and landing page, the references.
 * Only works with a DOI are deposited; the others are returned as `skipped`.
 */

import type { ArticleDetail, BookDetail, Issue, JournalDetail, Locale, Person } from "../../contract/api-types.ts";
import { orcidUrl } from "../../contract/identifiers.ts";
import { paragraphsOf } from "../../contract/plain-text.ts";
import { element, text } from "../xml.ts";

export const CROSSREF = {
  version: "5.3.1",
  namespace: "http://www.crossref.org/schema/5.3.1",
  schema: "https://www.crossref.org/schemas/crossref5.3.1.xsd",
} as const;

const NAMESPACES = {
  xmlns: CROSSREF.namespace,
  "xmlns:xsi": "http://www.w3.org/2001/XMLSchema-instance",
  "xsi:schemaLocation": `${CROSSREF.namespace} ${CROSSREF.schema}`,
  "xmlns:jats": "http://www.ncbi.nlm.nih.gov/JATS1",
  "xmlns:fr": "http://www.crossref.org/fundref.xsd",
  "xmlns:ai": "http://www.crossref.org/AccessIndicators.xsd",
};

/** The batch's head: who deposits (Crossref mails the result to `email`) and for whom. */
export interface CrossrefHead {
  /** Unique per deposit (4–100 characters): Crossref's reports name the batch by it. */
  batchId: string;
  /** When the deposit was made: its timestamp is the records' version, so a later deposit of the same DOI must have a later one. */
  at: Date;
  depositor: { name: string; email: string };
  /** The organisation the records belong to (the Crossref member). */
  registrant: string;
}

/** The journal, as an article's own record (`ArticleDetail.journal`, with its title in each locale) or the journal's page carries it. */
export type CrossrefJournal = Pick<JournalDetail, "title" | "abbreviation" | "eIssn" | "printIssn"> & { titles?: Record<Locale, string> };

/** An article as the content service answers it, with the parts a deposit uses. */
export type CrossrefArticle = Pick<
  ArticleDetail,
  "id" | "language" | "doi" | "firstPage" | "lastPage" | "publishedOn" | "acceptedOn" | "text" | "funding" | "licence" | "relations" | "references"
> & {
  authors: Person[];
  issue: Pick<Issue, "id" | "volume" | "number" | "publishedOn" | "specialTitle">;
  journal: CrossrefJournal;
};

export interface CrossrefJournalOptions {
  /** The article's landing page (an absolute URL): the DOI's resource. */
  landingPage: (article: CrossrefArticle) => string;
  /**
   * The DOI of the publisher's update policy page (Crossmark). With it, every article carries
   * Crossmark metadata and a notice the update it makes; without it, no update can be deposited
   * and a notice that makes one is refused (Crossref records corrections and retractions only
   * through Crossmark).
   */
  crossmarkPolicy?: string;
}

/** What a deposit holds: the XML, the DOIs it registers, and the works left out for having no DOI (their ids). */
export interface CrossrefDeposit {
  xml: string;
  dois: string[];
  skipped: string[];
}

const otherLocale = (locale: Locale): Locale => (locale === "en" ? "tr" : "en");

/** Crossref's timestamp: the UTC time as digits (yyyyMMddHHmmssSSS), increasing with every deposit. */
export const crossrefTimestamp = (at: Date) => at.toISOString().replace(/\D/g, "").slice(0, 17);

/** Characters (escaped as `text` escapes them) for mixed content: a funder's name before its identifier. */
const characters = (value: string) => text("x", value).replace(/^<x\/>$|^<x>|<\/x>$/g, "");

/** A date (`YYYY-MM-DD` or a year) as Crossref's month, day and year. */
function date(name: string, day: string, mediaType?: "online" | "print") {
  const [year, month, dayOfMonth] = day.split("-");
  return element(name, [...(month ? [text("month", month)] : []), ...(dayOfMonth ? [text("day", dayOfMonth)] : []), text("year", year)], {
    media_type: mediaType,
  });
}

function head({ batchId, at, depositor, registrant }: CrossrefHead) {
  return element("head", [
    text("doi_batch_id", batchId),
    text("timestamp", crossrefTimestamp(at)),
    element("depositor", [text("depositor_name", depositor.name), text("email_address", depositor.email)]),
    text("registrant", registrant),
  ]);
}

const batch = (deposit: CrossrefHead, body: string[]) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n${element("doi_batch", [head(deposit), element("body", body)], { ...NAMESPACES, version: CROSSREF.version })}`;

/** People in order (the first `first`, the others `additional`), the family name whole however many words it has. */
function contributors(people: (Person & { role?: "author" | "editor" })[]) {
  if (people.length === 0) return [];
  return [
    element(
      "contributors",
      people.map((person, index) =>
        element(
          "person_name",
          [
            ...(person.given ? [text("given_name", person.given)] : []),
            text("surname", person.family),
            ...(person.affiliations.length > 0
              ? [
                  element(
                    "affiliations",
                    person.affiliations.map((affiliation) =>
                      element("institution", [
                        text("institution_name", affiliation.name),
                        ...(affiliation.ror ? [text("institution_id", `https://ror.org/${affiliation.ror}`, { type: "ror" })] : []),
                      ]),
                    ),
                  ),
                ]
              : []),
            ...(person.orcid ? [text("ORCID", orcidUrl(person.orcid))] : []),
          ],
          { sequence: index === 0 ? "first" : "additional", contributor_role: person.role ?? "author" },
        ),
      ),
    ),
  ];
}

/** The title in the work's language, and the other language's as the original-language title. */
function titles(main: string, other?: { title: string; locale: Locale }, subtitle?: string | null) {
  return element("titles", [
    text("title", main),
    ...(subtitle ? [text("subtitle", subtitle)] : []),
    ...(other?.title ? [text("original_language_title", other.title, { language: other.locale })] : []),
  ]);
}

/** A JATS abstract of the sanitized HTML's paragraphs, in its language. */
const abstract = (html: string, locale: Locale) => {
  const paragraphs = paragraphsOf(html);
  return paragraphs.length === 0
    ? []
    : [
        element(
          "jats:abstract",
          paragraphs.map((p) => text("jats:p", p)),
          { "xml:lang": locale },
        ),
      ];
};

const pages = (first: number | null, last: number | null) =>
  first === null ? [] : [element("pages", [text("first_page", String(first)), ...(last === null ? [] : [text("last_page", String(last))])])];

/** Funding: a fund group per funder, its name (with the Funder Registry or ROR id inside it) and each award number. */
function fundref(funding: CrossrefArticle["funding"]) {
  if (funding.length === 0) return [];
  return [
    element(
      "fr:program",
      funding.map((fund) =>
        element(
          "fr:assertion",
          [
            element(
              "fr:assertion",
              [characters(fund.funder), ...(fund.funderId ? [text("fr:assertion", fund.funderId, { name: "funder_identifier" })] : [])],
              { name: "funder_name" },
            ),
            ...fund.awards.map((award) => text("fr:assertion", award, { name: "award_number" })),
          ],
          { name: "fundgroup" },
        ),
      ),
      { name: "fundref" },
    ),
  ];
}

/** The licence of the version of record, from the day it was published. */
const accessIndicators = (licenceUrl: string | null | undefined, since: string) =>
  licenceUrl
    ? [element("ai:program", text("ai:license_ref", licenceUrl, { applies_to: "vor", start_date: since }), { name: "AccessIndicators" })]
    : [];

const UPDATE_TYPES = { corrects: "correction", retracts: "retraction", concerns: "expression_of_concern" } as const;

/** The updates a notice makes: the DOI of each work it corrects, retracts or raises a concern about, dated by the notice. */
function updates(article: CrossrefArticle) {
  return article.relations
    .filter((relation) => relation.side === "notice")
    .flatMap((relation) => {
      const doi = relation.article?.doi ?? relation.doi;
      return doi ? [text("update", doi, { type: UPDATE_TYPES[relation.type], date: article.publishedOn })] : [];
    });
}

/**
 * Funding and licence, inside Crossmark when the publisher has an update policy (the schema takes
 * them in one place or the other), with the updates a notice makes.
 */
function programs(policy: string | undefined, custom: string[], made: string[], workId: string) {
  if (!policy) {
    if (made.length > 0) throw new Error(`${workId} updates other works, which Crossref records only with Crossmark: no update policy DOI was given`);
    return custom;
  }
  return [
    element("crossmark", [
      text("crossmark_policy", policy),
      ...(made.length > 0 ? [element("updates", made)] : []),
      ...(custom.length > 0 ? [element("custom_metadata", custom)] : []),
    ]),
  ];
}

const doiData = (doi: string, resource: string) => element("doi_data", [text("doi", doi), text("resource", resource)]);

/** The references in order, each keyed by its id: its DOI when known, and the reference as printed. */
function citations(references: CrossrefArticle["references"]) {
  if (references.length === 0) return [];
  return [
    element(
      "citation_list",
      references.map((reference) =>
        element("citation", [...(reference.doi ? [text("doi", reference.doi)] : []), text("unstructured_citation", reference.text)], {
          key: reference.id,
        }),
      ),
    ),
  ];
}

function journalArticle(article: CrossrefArticle, options: CrossrefJournalOptions, doi: string) {
  const main = article.language;
  const other = otherLocale(main);
  const own = article.text[main] ?? article.text[other];
  const translated = article.text[main] ? article.text[other] : undefined;
  return element(
    "journal_article",
    [
      titles(own.title, translated ? { title: translated.title, locale: other } : undefined),
      ...contributors(article.authors),
      ...abstract(own.abstractHtml, article.text[main] ? main : other),
      ...(translated ? abstract(translated.abstractHtml, other) : []),
      date("publication_date", article.publishedOn, "online"),
      ...(article.acceptedOn ? [date("acceptance_date", article.acceptedOn)] : []),
      ...pages(article.firstPage, article.lastPage),
      ...programs(
        options.crossmarkPolicy,
        [...fundref(article.funding), ...accessIndicators(article.licence?.url, article.publishedOn)],
        updates(article),
        article.id,
      ),
      doiData(doi, options.landingPage(article)),
      ...citations(article.references),
    ],
    { publication_type: "full_text", language: main },
  );
}

function journalMetadata(journal: CrossrefJournal) {
  const titles = [journal.title, ...Object.values(journal.titles ?? {})].filter((title, index, all) => title && all.indexOf(title) === index);
  return element("journal_metadata", [
    ...titles.map((title) => text("full_title", title)),
    ...(journal.abbreviation ? [text("abbrev_title", journal.abbreviation)] : []),
    ...(journal.printIssn ? [text("issn", journal.printIssn, { media_type: "print" })] : []),
    text("issn", journal.eIssn, { media_type: "electronic" }),
  ]);
}

function journalIssue(issue: CrossrefArticle["issue"]) {
  return element("journal_issue", [
    ...(issue.specialTitle ? [element("titles", text("title", issue.specialTitle))] : []),
    date("publication_date", issue.publishedOn, "online"),
    element("journal_volume", text("volume", String(issue.volume))),
    text("issue", String(issue.number)),
  ]);
}

/**
 * The deposit of journal articles: one `journal` per journal and issue, in the order the articles
 * come (an issue's articles, or every article published in a date range). Throws when a notice
 * updates a work and no Crossmark policy is given (see `CrossrefJournalOptions`).
 */
export function crossrefJournalDeposit(deposit: CrossrefHead, articles: CrossrefArticle[], options: CrossrefJournalOptions): CrossrefDeposit {
  const groups = new Map<string, { article: CrossrefArticle; records: string[] }>();
  const dois: string[] = [];
  const skipped: string[] = [];
  for (const article of articles) {
    if (!article.doi) {
      skipped.push(article.id);
      continue;
    }
    const key = `${article.journal.eIssn}\n${article.issue.id}`;
    const group = groups.get(key) ?? { article, records: [] };
    group.records.push(journalArticle(article, options, article.doi));
    groups.set(key, group);
    dois.push(article.doi);
  }
  const journals = [...groups.values()].map(({ article, records }) =>
    element("journal", [journalMetadata(article.journal), journalIssue(article.issue), ...records]),
  );
  return { xml: batch(deposit, journals), dois, skipped };
}

/** A book as the content service answers it, with the parts a deposit uses. */
export type CrossrefBook = Pick<
  BookDetail,
  "id" | "title" | "subtitle" | "contributors" | "year" | "language" | "descriptionHtml" | "printIsbn" | "eIsbn" | "doi" | "licence" | "chapters"
>;

export interface CrossrefBookOptions {
  /** The publisher's name as the book names it. */
  publisher: string;
  /** The book's landing page, or (with `chapter`, its index) the chapter's: the DOI's resource. */
  landingPage: (book: CrossrefBook, chapter?: number) => string;
  /** The licence's URL for the licence's name ("CC BY 4.0"), when it has one. */
  licenceUrl?: (licence: string) => string | null;
  /** As for articles: with an update policy, every book and chapter carries Crossmark. */
  crossmarkPolicy?: string;
}

function bookRecord(book: CrossrefBook, options: CrossrefBookOptions, dois: string[], skipped: string[]) {
  const licence = book.licence ? options.licenceUrl?.(book.licence) : null;
  const since = String(book.year);
  const chapters = book.chapters.flatMap((chapter, index) => {
    if (!chapter.doi) {
      skipped.push(`${book.id}#${index + 1}`);
      return [];
    }
    dois.push(chapter.doi);
    return [
      element(
        "content_item",
        [
          ...contributors(chapter.authors),
          titles(chapter.title),
          date("publication_date", since, "online"),
          ...pages(chapter.firstPage, chapter.lastPage),
          ...programs(options.crossmarkPolicy, accessIndicators(licence, `${since}-01-01`), [], `${book.id}#${index + 1}`),
          doiData(chapter.doi, options.landingPage(book, index)),
        ],
        { component_type: "chapter", language: book.language },
      ),
    ];
  });
  if (book.doi) dois.push(book.doi);
  else skipped.push(book.id);
  const isbns = [
    ...(book.printIsbn ? [text("isbn", book.printIsbn, { media_type: "print" })] : []),
    ...(book.eIsbn ? [text("isbn", book.eIsbn, { media_type: "electronic" })] : []),
  ];
  const metadata = element(
    "book_metadata",
    [
      ...contributors(book.contributors),
      titles(book.title, undefined, book.subtitle),
      ...abstract(book.descriptionHtml, book.language),
      ...(book.printIsbn ? [date("publication_date", since, "print")] : []),
      date("publication_date", since, "online"),
      ...(isbns.length > 0 ? isbns : [text("noisbn", "", { reason: "monograph" })]),
      element("publisher", text("publisher_name", options.publisher)),
      ...programs(options.crossmarkPolicy, accessIndicators(licence, `${since}-01-01`), [], book.id),
      ...(book.doi ? [doiData(book.doi, options.landingPage(book))] : []),
    ],
    { language: book.language },
  );
  const edited = book.contributors.some((person) => person.role === "editor");
  return element("book", [metadata, ...chapters], { book_type: edited ? "edited_book" : "monograph" });
}

/**
 * The deposit of books: each book that has a DOI or a chapter with one (a book without a DOI of its
 * own is described for its chapters' sake), and each chapter that has a DOI.
 */
export function crossrefBookDeposit(deposit: CrossrefHead, books: CrossrefBook[], options: CrossrefBookOptions): CrossrefDeposit {
  const dois: string[] = [];
  const skipped: string[] = [];
  const records = books.flatMap((book) => {
    if (book.doi || book.chapters.some((chapter) => chapter.doi)) return [bookRecord(book, options, dois, skipped)];
    skipped.push(book.id);
    return [];
  });
  return { xml: batch(deposit, records), dois, skipped };
}
