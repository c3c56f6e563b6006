/**
 * An article as unqualified Dublin Core (`oai_dc`, the format every OAI-PMH repository offers):
 * titles, subjects (keywords) and descriptions (abstracts) in each language with xml:lang; the
 * landing page and the DOI as identifiers; the journal, volume, issue and pages as the source;
 * the licence and the access right as rights; the PDF as a relation.
 */

import { doiUrl } from "../../contract/identifiers.ts";
import { plainParagraphs } from "../../contract/plain-text.ts";
import { type Locale, locales } from "../../i18n/locales.ts";
import { element, text } from "../xml.ts";
import type { ArticleRecord } from "./records.ts";

export const OAI_DC = {
  prefix: "oai_dc",
  schema: "http://www.openarchives.org/OAI/2.0/oai_dc.xsd",
  namespace: "http://www.openarchives.org/OAI/2.0/oai_dc/",
} as const;

export interface RecordContext {
  /** The article's landing page (an absolute URL). */
  landingPage: string;
  /** The publisher's name per language. */
  publisher: Record<Locale, string>;
}

/** `Journal title, 11(4), 713-736` (the pages only when known). */
function sourceOf(article: ArticleRecord, journalTitle: string): string {
  const pages = article.firstPage === null ? "" : `, ${article.firstPage}${article.lastPage === null ? "" : `-${article.lastPage}`}`;
  return `${journalTitle}, ${article.volume}(${article.number})${pages}`;
}

export function dublinCore(article: ArticleRecord, { landingPage, publisher }: RecordContext): string {
  const dc: string[] = [];
  for (const lang of locales) {
    const title = article.text[lang]?.title;
    if (title) dc.push(text("dc:title", title, { "xml:lang": lang }));
  }
  for (const author of article.authors) dc.push(text("dc:creator", author.name));
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
  if (article.pdfUrl) dc.push(text("dc:format", "application/pdf"));
  dc.push(text("dc:identifier", landingPage));
  if (article.doi) dc.push(text("dc:identifier", doiUrl(article.doi)));
  for (const lang of locales) dc.push(text("dc:source", sourceOf(article, article.journal.title[lang]), { "xml:lang": lang }));
  dc.push(text("dc:source", `eISSN ${article.journal.eIssn}`));
  if (article.journal.printIssn) dc.push(text("dc:source", `ISSN ${article.journal.printIssn}`));
  dc.push(text("dc:language", article.language));
  if (article.pdfUrl) dc.push(text("dc:relation", article.pdfUrl));
  if (article.journal.licence) dc.push(text("dc:rights", article.journal.licence));
  dc.push(text("dc:rights", `info:eu-repo/semantics/${article.journal.openAccess ? "openAccess" : "restrictedAccess"}`));
  return element("oai_dc:dc", dc, {
    "xmlns:oai_dc": OAI_DC.namespace,
    "xmlns:dc": "http://purl.org/dc/elements/1.1/",
    "xmlns:xsi": "http://www.w3.org/2001/XMLSchema-instance",
    "xsi:schemaLocation": `${OAI_DC.namespace} ${OAI_DC.schema}`,
  });
}
