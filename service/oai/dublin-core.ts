/**
 * An article as unqualified Dublin Core (`oai_dc`, the format every OAI-PMH repository offers):
 * titles, subjects (keywords) and descriptions (abstracts) in each language with xml:lang;
 * creators as "Family, Given"; the landing page and the DOI as identifiers; the journal, volume,
 * issue and pages as the source; the licence's URL (its name when it has none) and the access
 * right as rights; the PDF galley as a format and a relation; and the notices that change the
 * article, or the work a notice changes, as relations (their DOIs, else their landing pages).
 */

import { doiUrl } from "../../contract/identifiers.ts";
import { licenceUrl } from "../../contract/licence.ts";
import { plainParagraphs } from "../../contract/plain-text.ts";
import { type Locale, locales } from "../../i18n/locales.ts";
import { element, text } from "../xml.ts";
import type { ArticleRecord, Relation } from "./records.ts";

export const OAI_DC = {
  prefix: "oai_dc",
  schema: "http://www.openarchives.org/OAI/2.0/oai_dc.xsd",
  namespace: "http://www.openarchives.org/OAI/2.0/oai_dc/",
} as const;

export interface RecordContext {
  /** The article's landing page (an absolute URL). */
  landingPage: string;
  /** The PDF galley's URL (absolute), when the article has one. */
  pdfUrl: string | null;
  /** The landing page of another article of the same journal. */
  pageOf: (article: { issueId: string; id: string }) => string;
  /** The publisher's name per language. */
  publisher: Record<Locale, string>;
}

/** `Journal title, 11(4), 713-736` (the pages only when known). */
function sourceOf(article: ArticleRecord, journalTitle: string): string {
  const pages = article.firstPage === null ? "" : `, ${article.firstPage}${article.lastPage === null ? "" : `-${article.lastPage}`}`;
  return `${journalTitle}, ${article.volume}(${article.number})${pages}`;
}

/** The other article of a relation: its DOI's resolver URL, else its landing page. */
const relationUrl = (relation: Relation, { pageOf }: RecordContext): string | null =>
  relation.doi ? doiUrl(relation.doi) : relation.article ? pageOf(relation.article) : null;

export function dublinCore(article: ArticleRecord, context: RecordContext): string {
  const { landingPage, pdfUrl, publisher } = context;
  const dc: string[] = [];
  for (const lang of locales) {
    const title = article.text[lang]?.title;
    if (title) dc.push(text("dc:title", title, { "xml:lang": lang }));
  }
  for (const author of article.authors) dc.push(text("dc:creator", author.given ? `${author.family}, ${author.given}` : author.family));
  for (const lang of locales) {
    for (const keyword of article.text[lang]?.keywords ?? []) dc.push(text("dc:subject", keyword, { "xml:lang": lang }));
  }
  for (const lang of locales) {
    const abstract = plainParagraphs(article.text[lang]?.abstractHtml ?? "");
    if (abstract) dc.push(text("dc:description", abstract, { "xml:lang": lang }));
  }
  for (const lang of locales) dc.push(text("dc:publisher", publisher[lang], { "xml:lang": lang }));
  dc.push(text("dc:date", article.publishedOn));
  dc.push(text("dc:type", "info:eu-repo/semantics/article"), text("dc:type", article.type));
  if (pdfUrl) dc.push(text("dc:format", "application/pdf"));
  dc.push(text("dc:identifier", landingPage));
  if (article.doi) dc.push(text("dc:identifier", doiUrl(article.doi)));
  for (const lang of locales) dc.push(text("dc:source", sourceOf(article, article.journal.title[lang]), { "xml:lang": lang }));
  dc.push(text("dc:source", `eISSN ${article.journal.eIssn}`));
  if (article.journal.printIssn) dc.push(text("dc:source", `ISSN ${article.journal.printIssn}`));
  dc.push(text("dc:language", article.language));
  if (pdfUrl) dc.push(text("dc:relation", pdfUrl));
  for (const url of new Set(article.relations.map((r) => relationUrl(r, context)))) if (url) dc.push(text("dc:relation", url));
  const licence = article.licenceName
    ? (article.licenceUrl ?? article.licenceName)
    : article.journal.licence
      ? (licenceUrl(article.journal.licence) ?? article.journal.licence)
      : null;
  if (licence) dc.push(text("dc:rights", licence));
  dc.push(text("dc:rights", `info:eu-repo/semantics/${article.journal.openAccess ? "openAccess" : "restrictedAccess"}`));
  return element("oai_dc:dc", dc, {
    "xmlns:oai_dc": OAI_DC.namespace,
    "xmlns:dc": "http://purl.org/dc/elements/1.1/",
    "xmlns:xsi": "http://www.w3.org/2001/XMLSchema-instance",
    "xsi:schemaLocation": `${OAI_DC.namespace} ${OAI_DC.schema}`,
  });
}
