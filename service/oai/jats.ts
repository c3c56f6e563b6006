/**
 * An article's JATS front matter (`jats`, as Open Journal Systems offers it): journal and article
 * metadata in the Journal Publishing tag set's element order (JATS 1.1), the title and abstract in
 * the article's language with the other language's as translations, no body.
 */

import { orcidUrl } from "../../contract/identifiers.ts";
import { paragraphsOf } from "../../contract/plain-text.ts";
import { element, text } from "../xml.ts";
import type { RecordContext } from "./dublin-core.ts";
import type { ArticleRecord } from "./records.ts";

export const JATS = {
  prefix: "jats",
  schema: "https://jats.nlm.nih.gov/publishing/1.1/xsd/JATS-journalpublishing1.xsd",
  namespace: "http://jats.nlm.nih.gov",
} as const;

/** A date as JATS writes it: its parts, and the whole in ISO 8601. */
const date = (name: string, day: string, attrs: Record<string, string>) => {
  const [year, month, dayOfMonth] = day.split("-");
  return element(name, [text("day", dayOfMonth), text("month", month), text("year", year)], { ...attrs, "iso-8601-date": day });
};

const paragraphs = (html: string) => paragraphsOf(html).map((p) => text("p", p));

export function jatsFront(article: ArticleRecord, { landingPage, publisher }: RecordContext): string {
  const { journal } = article;
  const main = article.language === "tr" ? "tr" : "en";
  const other = main === "en" ? "tr" : "en";
  const journalMeta = element("journal-meta", [
    text("journal-id", article.journalId, { "journal-id-type": "publisher-id" }),
    element("journal-title-group", [
      text("journal-title", journal.title.en, { "xml:lang": "en" }),
      element("trans-title-group", text("trans-title", journal.title.tr), { "xml:lang": "tr" }),
      text("abbrev-journal-title", journal.abbreviation),
    ]),
    ...(journal.printIssn ? [text("issn", journal.printIssn, { "publication-format": "print" })] : []),
    text("issn", journal.eIssn, { "publication-format": "electronic" }),
    element("publisher", text("publisher-name", publisher.en)),
  ]);

  const mainText = article.text[main] ?? article.text[other];
  const otherText = article.text[main] ? article.text[other] : undefined;
  const history = [
    ...(article.receivedOn ? [date("date", article.receivedOn, { "date-type": "received" })] : []),
    ...(article.acceptedOn ? [date("date", article.acceptedOn, { "date-type": "accepted" })] : []),
  ];
  const articleMeta = element("article-meta", [
    text("article-id", article.id, { "pub-id-type": "publisher-id" }),
    ...(article.doi ? [text("article-id", article.doi, { "pub-id-type": "doi" })] : []),
    element("title-group", [
      text("article-title", mainText?.title ?? "", { "xml:lang": main }),
      ...(otherText ? [element("trans-title-group", text("trans-title", otherText.title), { "xml:lang": other })] : []),
    ]),
    ...(article.authors.length > 0
      ? [
          element(
            "contrib-group",
            article.authors.map((author) =>
              element(
                "contrib",
                [
                  ...(author.orcid ? [text("contrib-id", orcidUrl(author.orcid), { "contrib-id-type": "orcid" })] : []),
                  text("string-name", author.name),
                  ...(author.affiliation ? [text("aff", author.affiliation)] : []),
                ],
                { "contrib-type": "author" },
              ),
            ),
          ),
        ]
      : []),
    date("pub-date", article.publishedOn, { "date-type": "pub", "publication-format": "electronic" }),
    text("volume", String(article.volume)),
    text("issue", String(article.number)),
    ...(article.firstPage === null ? [] : [text("fpage", String(article.firstPage))]),
    ...(article.lastPage === null ? [] : [text("lpage", String(article.lastPage))]),
    ...(history.length > 0 ? [element("history", history)] : []),
    ...(journal.licence ? [element("permissions", element("license", text("license-p", journal.licence)))] : []),
    text("self-uri", "", { "xlink:href": landingPage }),
    ...(article.pdfUrl ? [text("self-uri", "", { "content-type": "application/pdf", "xlink:href": article.pdfUrl })] : []),
    ...(mainText?.abstractHtml ? [element("abstract", paragraphs(mainText.abstractHtml), { "xml:lang": main })] : []),
    ...(otherText?.abstractHtml ? [element("trans-abstract", paragraphs(otherText.abstractHtml), { "xml:lang": other })] : []),
    ...[
      { lang: main, keywords: mainText?.keywords ?? [] },
      { lang: other, keywords: otherText?.keywords ?? [] },
    ]
      .filter((group) => group.keywords.length > 0)
      .map((group) =>
        element(
          "kwd-group",
          group.keywords.map((k) => text("kwd", k)),
          { "xml:lang": group.lang },
        ),
      ),
  ]);
  return element("article", element("front", [journalMeta, articleMeta]), {
    xmlns: JATS.namespace,
    "xmlns:xlink": "http://www.w3.org/1999/xlink",
    "xmlns:xsi": "http://www.w3.org/2001/XMLSchema-instance",
    "xsi:schemaLocation": `${JATS.namespace} ${JATS.schema}`,
    "article-type": article.type,
    "dtd-version": "1.1",
    "xml:lang": main,
  });
}
