/**
 * schema.org JSON-LD for the pages search engines describe: the publisher, a journal, an issue,
 * an article, a book, and every page's place in the site. Typed with schema-dts, so a property or
 * a type that schema.org's vocabulary does not have does not compile.
 */
import type { Book, BreadcrumbList, Organization, Periodical, Person, PublicationIssue, ScholarlyArticle, WithContext } from "schema-dts";
import type { Person as ApiPerson, BookDetail, Issue, JournalDetail } from "../../contract/api-types.ts";
import { doiUrl, orcidUrl } from "../../contract/identifiers.ts";
import { licenceUrl } from "../../contract/licence.ts";
import type { Crumb } from "./breadcrumbs.ts";
import type { CitationData } from "./citation-meta.ts";

const CONTEXT = "https://schema.org";

/** The publisher, as named everywhere else in the JSON-LD. */
export function publisher(name: string, origin: string) {
  return { "@type": "Organization", name, url: `${origin}/` } as const satisfies Organization;
}
type Publisher = ReturnType<typeof publisher>;

export function organization(name: string, description: string, origin: string, sameAs: string[]): WithContext<Organization> {
  return { "@context": CONTEXT, ...publisher(name, origin), description, logo: `${origin}/favicon.svg`, sameAs };
}

/** A licence: the deed's URL for a Creative Commons one, else its name. */
const licence = (name: string | null) => (name ? { license: licenceUrl(name) ?? name } : {});

/** A journal's ISSNs, the electronic one first; one it lacks is left out. */
export const issns = (journal: Pick<JournalDetail, "eIssn" | "printIssn">) =>
  [journal.eIssn, journal.printIssn].filter((issn): issn is string => Boolean(issn));

/** A journal: its ISSNs, its languages, its licence and who publishes it. */
export function periodical(journal: JournalDetail, url: string, publishedBy: Publisher): WithContext<Periodical> {
  return {
    "@context": CONTEXT,
    "@type": "Periodical",
    "@id": url,
    name: journal.title,
    alternateName: journal.abbreviation,
    issn: issns(journal),
    url,
    inLanguage: journal.languages,
    isAccessibleForFree: journal.openAccess,
    ...licence(journal.licence),
    about: journal.categories.map((category) => ({ "@type": "Thing", name: category.title })),
    publisher: publishedBy,
  };
}

/** An issue, part of its volume, part of its journal. */
export function publicationIssue(journal: JournalDetail, journalUrl: string, issue: Issue, url: string): WithContext<PublicationIssue> {
  return {
    "@context": CONTEXT,
    "@type": "PublicationIssue",
    "@id": url,
    url,
    issueNumber: String(issue.number),
    datePublished: issue.publishedOn,
    ...(issue.specialTitle ? { name: issue.specialTitle } : {}),
    isPartOf: {
      "@type": "PublicationVolume",
      volumeNumber: String(issue.volume),
      isPartOf: { "@type": "Periodical", "@id": journalUrl, name: journal.title, issn: issns(journal) },
    },
  };
}

/** A person with their name's parts, affiliations (with their ROR ids) and ORCID iD. */
const person = (p: ApiPerson) =>
  ({
    "@type": "Person" as const,
    name: p.name,
    ...(p.given ? { givenName: p.given } : {}),
    familyName: p.family,
    ...(p.affiliations.length
      ? {
          affiliation: p.affiliations.map((a) => ({
            "@type": "Organization" as const,
            name: a.name,
            ...(a.ror ? { sameAs: `https://ror.org/${a.ror}` } : {}),
          })),
        }
      : {}),
    ...(p.orcid ? { sameAs: orcidUrl(p.orcid) } : {}),
  }) satisfies Person;

/** schema.org's names of an article's standing. */
const workStatus = {
  published: "Published",
  corrected: "Corrected",
  retracted: "Retracted",
  "expression-of-concern": "Expression of concern",
  withdrawn: "Withdrawn",
};

/** A book, with an edition per ISBN (print, e-book) and its chapters. */
export function book(detail: BookDetail, url: string, publishedBy: Publisher): WithContext<Book> {
  const editions: Book[] = [];
  if (detail.printIsbn) editions.push({ "@type": "Book", bookFormat: "https://schema.org/Hardcover", isbn: detail.printIsbn });
  if (detail.eIsbn) editions.push({ "@type": "Book", bookFormat: "https://schema.org/EBook", isbn: detail.eIsbn });
  const authors = detail.contributors.filter((c) => c.role === "author").map(person);
  const editors = detail.contributors.filter((c) => c.role === "editor").map(person);
  return {
    "@context": CONTEXT,
    "@type": "Book",
    "@id": url,
    name: detail.title,
    ...(detail.subtitle ? { alternativeHeadline: detail.subtitle } : {}),
    ...(authors.length ? { author: authors } : {}),
    ...(editors.length ? { editor: editors } : {}),
    datePublished: String(detail.year),
    inLanguage: detail.language,
    numberOfPages: detail.pages,
    ...(detail.printIsbn || detail.eIsbn ? { isbn: detail.printIsbn ?? detail.eIsbn ?? undefined } : {}),
    ...(editions.length ? { workExample: editions } : {}),
    ...(detail.doi ? { identifier: { "@type": "PropertyValue", propertyID: "DOI", value: detail.doi }, sameAs: doiUrl(detail.doi) } : {}),
    ...licence(detail.licence),
    url,
    publisher: publishedBy,
    ...(detail.chapters.length
      ? {
          hasPart: detail.chapters.map((chapter, i) => ({
            "@type": "Chapter" as const,
            name: chapter.title,
            position: i + 1,
            author: chapter.authors.map(person),
            pageStart: chapter.firstPage,
            pageEnd: chapter.lastPage,
          })),
        }
      : {}),
  };
}

/**
 * An article, from the data of its citation tags: its authors with affiliation and ORCID, and
 * the issue it is part of, within its volume and journal.
 */
export function scholarlyArticle(data: CitationData, issueUrl: string, journalUrl: string, publishedBy: Publisher): WithContext<ScholarlyArticle> {
  return {
    "@context": CONTEXT,
    "@type": "ScholarlyArticle",
    "@id": data.url,
    url: data.url,
    headline: data.title,
    name: data.title,
    author: data.authors.map(person),
    datePublished: data.publishedOn,
    inLanguage: data.language,
    ...(data.abstract ? { abstract: data.abstract } : {}),
    ...(data.keywords.length ? { keywords: data.keywords } : {}),
    ...(data.firstPage !== null ? { pageStart: data.firstPage } : {}),
    ...(data.lastPage !== null ? { pageEnd: data.lastPage } : {}),
    ...(data.doi ? { identifier: { "@type": "PropertyValue", propertyID: "DOI", value: data.doi }, sameAs: doiUrl(data.doi) } : {}),
    ...licence(data.journal.licence),
    ...(data.status !== "published" ? { creativeWorkStatus: workStatus[data.status] } : {}),
    ...(data.references.length
      ? {
          citation: data.references.map((r) => ({
            "@type": "CreativeWork" as const,
            name: r.title ?? r.text,
            ...(r.doi ? { sameAs: doiUrl(r.doi) } : r.url ? { url: r.url } : {}),
          })),
        }
      : {}),
    ...(data.funding.length
      ? {
          funding: data.funding.map((f) => ({
            "@type": "Grant" as const,
            ...(f.awards.length ? { identifier: f.awards.join(", ") } : {}),
            funder: { "@type": "Organization" as const, name: f.funder, ...(f.funderId ? { sameAs: f.funderId } : {}) },
          })),
        }
      : {}),
    // The work points to the notices that change it; a notice is about the work it changes.
    ...(data.relations.some((r) => r.side === "work")
      ? {
          correction: data.relations
            .filter((r) => r.side === "work")
            .map((r) => ({ "@type": "CorrectionComment" as const, url: r.url, name: r.title })),
        }
      : {}),
    ...(data.relations.some((r) => r.side === "notice")
      ? {
          about: data.relations
            .filter((r) => r.side === "notice")
            .map((r) => ({ "@type": "ScholarlyArticle" as const, "@id": r.url, url: r.url, name: r.title })),
        }
      : {}),
    publisher: publishedBy,
    isPartOf: {
      "@type": "PublicationIssue",
      "@id": issueUrl,
      issueNumber: String(data.issue),
      isPartOf: {
        "@type": "PublicationVolume",
        volumeNumber: String(data.volume),
        isPartOf: { "@type": "Periodical", "@id": journalUrl, name: data.journal.title, issn: data.journal.issns },
      },
    },
  };
}

export function breadcrumbList(crumbs: Crumb[]): WithContext<BreadcrumbList> {
  return {
    "@context": CONTEXT,
    "@type": "BreadcrumbList",
    itemListElement: crumbs.map((crumb, i) => ({ "@type": "ListItem", position: i + 1, name: crumb.name, item: crumb.url })),
  };
}

/** The JSON of a `<script type="application/ld+json">`: `<` escaped, so no text can close the script. */
export const jsonLdText = (data: object) => JSON.stringify(data).replace(/</g, "\\u003c");
