/**
 * An article as JATS 1.3 (`jats`, the Journal Publishing tag set, as Open Journal Systems and
 * Janeway offer it over OAI-PMH): the journal's and the article's metadata in the tag set's element
 * order, then the full text's `<body>` and the reference list in `<back>`.
 *
 * The front matter holds the title and abstract in the article's language with the other
 * language's as translations; the authors with structured names, ORCID iDs, CRediT roles, the
 * corresponding author's e-mail, and affiliations (`<aff>` with the ROR id and country, shared by
 * the authors who name the same one); the dates (published, received, accepted, and updated when
 * the record changed); the copyright and licence (`ali:license_ref`); the landing page and the PDF;
 * the notices that change the article and the works a notice changes (`related-article`, both
 * ways); the keywords and the funding. The body's figures, relative to the landing page in the
 * database, are made absolute here. The record is in OJS's namespace (http://jats.nlm.nih.gov):
 * OAI-PMH wants metadata in a namespace, and the JATS schema has none.
 */

import { decodeXML } from "entities";
import type { Affiliation, Author } from "../../contract/api-types.ts";
import { orcidUrl } from "../../contract/identifiers.ts";
import { licenceUrl } from "../../contract/licence.ts";
import { paragraphsOf } from "../../contract/plain-text.ts";
import { messages } from "../../i18n/messages/index.ts";
import { element, escapeXml, text } from "../xml.ts";
import type { RecordContext } from "./dublin-core.ts";
import type { ArticleRecord, CitedWork, Funding, Relation } from "./records.ts";

export const JATS = {
  prefix: "jats",
  schema: "https://jats.nlm.nih.gov/publishing/1.3/xsd/JATS-journalpublishing1-3.xsd",
  namespace: "http://jats.nlm.nih.gov",
} as const;

/** A date as JATS writes it: its parts, and the whole in ISO 8601. */
const date = (name: string, day: string, attrs: Record<string, string>) => {
  const [year, month, dayOfMonth] = day.split("-");
  return element(name, [text("day", dayOfMonth), text("month", month), text("year", year)], { ...attrs, "iso-8601-date": day });
};

const paragraphs = (html: string) => paragraphsOf(html).map((p) => text("p", p));

const CREDIT = "https://credit.niso.org/";
const roleNames: Record<string, string> = messages.en.article.roles;

/** A CRediT role by its slug, with the NISO vocabulary's term and URI. */
const role = (slug: string) => {
  const term = roleNames[slug] ?? slug;
  return text("role", term, {
    vocab: "credit",
    "vocab-identifier": CREDIT,
    "vocab-term": term,
    "vocab-term-identifier": `${CREDIT}contributor-roles/${slug}/`,
  });
};

const affiliationKey = (a: Affiliation) => JSON.stringify([a.name, a.ror, a.country]);

/** The institution, with its ROR id when known. */
const institution = (name: string, id?: { type: "ror" | "doi"; value: string }) =>
  element("institution-wrap", [text("institution", name), ...(id ? [text("institution-id", id.value, { "institution-id-type": id.type })] : [])]);

/** The authors, then their affiliations, each once (`aff-1`, `aff-2`…) and pointed at by the authors who name it. */
function contribGroup(authors: Author[]): string[] {
  if (authors.length === 0) return [];
  const affiliations = new Map<string, { id: string; affiliation: Affiliation }>();
  for (const affiliation of authors.flatMap((a) => a.affiliations)) {
    const k = affiliationKey(affiliation);
    if (!affiliations.has(k)) affiliations.set(k, { id: `aff-${affiliations.size + 1}`, affiliation });
  }
  const contribs = authors.map((author) =>
    element(
      "contrib",
      [
        ...(author.orcid ? [text("contrib-id", orcidUrl(author.orcid), { "contrib-id-type": "orcid" })] : []),
        // One who goes by one name has only a surname.
        element("name", [text("surname", author.family), ...(author.given ? [text("given-names", author.given)] : [])], { "name-style": "western" }),
        ...(author.corresponding && author.email ? [text("email", author.email)] : []),
        ...author.roles.map(role),
        ...author.affiliations.map((a) => text("xref", "", { "ref-type": "aff", rid: affiliations.get(affiliationKey(a))?.id })),
      ],
      { "contrib-type": "author", corresp: author.corresponding ? "yes" : undefined },
    ),
  );
  const affs = [...affiliations.values()].map(({ id, affiliation }) =>
    element(
      "aff",
      [
        institution(affiliation.name, affiliation.ror ? { type: "ror", value: `https://ror.org/${affiliation.ror}` } : undefined),
        ...(affiliation.country ? [text("country", "", { country: affiliation.country })] : []),
      ],
      { id },
    ),
  );
  return [element("contrib-group", [...contribs, ...affs])];
}

/** The copyright and the licence: the article's own, else the journal's (a Creative Commons one with its deed's URL). */
function permissions(article: ArticleRecord): string[] {
  const licence = article.licenceName
    ? { name: article.licenceName, url: article.licenceUrl }
    : article.journal.licence
      ? { name: article.journal.licence, url: licenceUrl(article.journal.licence) }
      : null;
  const { copyrightHolder: holder, copyrightYear: year } = article;
  const parts = [
    ...(holder && year
      ? [text("copyright-statement", `© ${year} ${holder}`), text("copyright-year", String(year)), text("copyright-holder", holder)]
      : []),
    ...(licence ? [element("license", [...(licence.url ? [text("ali:license_ref", licence.url)] : []), text("license-p", licence.name)])] : []),
  ];
  return parts.length > 0 ? [element("permissions", parts)] : [];
}

const relatedTypes: Record<Relation["side"], Record<Relation["type"], string>> = {
  // This article is the notice: the work it changes.
  notice: { corrects: "corrected-article", retracts: "retracted-article", concerns: "object-of-concern" },
  // This article is the work: the notice that changes it.
  work: { corrects: "correction-forward", retracts: "retraction-forward", concerns: "concern-forward" },
};

/** The other article of a relation: by its DOI when it has one, else by its landing page. */
const relatedArticle = (relation: Relation, { pageOf }: RecordContext) => {
  const target = relation.doi
    ? { "ext-link-type": "doi", "xlink:href": relation.doi }
    : relation.article
      ? { "ext-link-type": "uri", "xlink:href": pageOf(relation.article) }
      : undefined;
  return target ? [text("related-article", "", { "related-article-type": relatedTypes[relation.side][relation.type], ...target })] : [];
};

/** One award group per award (JATS4R), one without an award id for a funder named without any. */
function fundingGroup(funding: Funding[]): string[] {
  if (funding.length === 0) return [];
  const groups = funding.flatMap(({ funder, funderId, awards }) => {
    const source = element(
      "funding-source",
      funderId ? institution(funder, { type: new URL(funderId).hostname === "ror.org" ? "ror" : "doi", value: funderId }) : escapeXml(funder),
    );
    return awards.length > 0 ? awards.map((award) => element("award-group", [source, text("award-id", award)])) : [element("award-group", source)];
  });
  return [element("funding-group", groups)];
}

const publicationTypes: Record<CitedWork["parts"]["type"], string> = {
  "journal-article": "journal",
  book: "book",
  chapter: "chapter",
  report: "report",
  thesis: "thesis",
  dataset: "data",
  web: "webpage",
  other: "other",
};

/** A reference's parts, as far as they are known (a book's title is its source; a chapter's or an article's, the work's own). */
function elementCitation({ doi, url, parts }: CitedWork): string | undefined {
  const { type, authors, title, container, year, volume, issue, pages, publisher } = parts;
  if (!title && authors.length === 0) return undefined;
  const titles =
    type === "book"
      ? [...(title ? [text("source", title)] : []), ...(container ? [text("series", container)] : [])]
      : [...(title ? [text(type === "chapter" ? "chapter-title" : "article-title", title)] : []), ...(container ? [text("source", container)] : [])];
  return element(
    "element-citation",
    [
      ...(authors.length > 0
        ? [
            element(
              "person-group",
              authors.map((a) => element("name", [text("surname", a.family), ...(a.given ? [text("given-names", a.given)] : [])])),
              { "person-group-type": "author" },
            ),
          ]
        : []),
      ...titles,
      ...(year ? [text("year", String(year))] : []),
      ...(volume ? [text("volume", volume)] : []),
      ...(issue ? [text("issue", issue)] : []),
      ...(pages ? [text("page-range", pages)] : []),
      ...(publisher ? [text("publisher-name", publisher)] : []),
      ...(doi ? [text("pub-id", doi, { "pub-id-type": "doi" })] : url ? [text("ext-link", url, { "ext-link-type": "uri", "xlink:href": url })] : []),
    ],
    { "publication-type": publicationTypes[type] },
  );
}

/** The updates to the record: each version's note in each language, and the last change when no version is dated then. */
function pubHistory(article: ArticleRecord): string[] {
  const event = (day: string, lang?: string, note?: string) =>
    element("event", [...(note ? [text("event-desc", note)] : []), date("date", day, { "date-type": "updated" })], {
      "event-type": "updated",
      "xml:lang": lang,
    });
  const events = article.versions.flatMap((v) => [event(v.date, "en", v.en), event(v.date, "tr", v.tr)]);
  if (article.modifiedOn && !article.versions.some((v) => v.date === article.modifiedOn)) events.push(event(article.modifiedOn));
  return events.length > 0 ? [element("pub-history", events)] : [];
}

/**
 * A reference as printed, with its DOI marked as a `pub-id` (and, without one, its URL as an
 * `ext-link`) where the text holds it, or added after the text where it does not.
 */
function citation(work: CitedWork): string {
  const mark = (value: string, markup: (inner: string) => string) => {
    // Case-insensitively, without lower-casing the text (İ lower-cased is two characters, which would shift the mark).
    const at = work.text.search(new RegExp(value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"), "i"));
    if (at < 0) return `${escapeXml(work.text)} ${markup(escapeXml(value))}`;
    return (
      escapeXml(work.text.slice(0, at)) + markup(escapeXml(work.text.slice(at, at + value.length))) + escapeXml(work.text.slice(at + value.length))
    );
  };
  const inner = work.doi
    ? mark(work.doi, (doi) => `<pub-id pub-id-type="doi">${doi}</pub-id>`)
    : work.url
      ? mark(work.url, (url) => `<ext-link ext-link-type="uri" xlink:href="${escapeXml(work.url ?? "")}">${url}</ext-link>`)
      : escapeXml(work.text);
  const structured = elementCitation(work);
  const mixed = element("mixed-citation", inner);
  return element("ref", structured ? element("citation-alternatives", [mixed, structured]) : mixed, { id: work.id });
}

/** The body with its figures' (and other media's) relative hrefs made absolute from the landing page. */
const absoluteHrefs = (body: string, landingPage: string) =>
  body.replace(
    /(<(?:graphic|inline-graphic|media|supplementary-material)\b[^>]*?\sxlink:href=")([^"]*)"/g,
    (_, head: string, href: string) => `${head}${escapeXml(new URL(decodeXML(href), landingPage).href)}"`,
  );

export function jatsArticle(article: ArticleRecord, context: RecordContext): string {
  const { landingPage, pdfUrl, publisher } = context;
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
    ...contribGroup(article.authors),
    date("pub-date", article.publishedOn, { "date-type": "pub", "publication-format": "electronic" }),
    date("pub-date", article.issuePublishedOn, { "date-type": "collection", "publication-format": "electronic" }),
    text("volume", String(article.volume)),
    text("issue", String(article.number)),
    ...(["en", "tr"] as const).flatMap((lang) =>
      article.issueTitle[lang] ? [text("issue-title", article.issueTitle[lang], { "xml:lang": lang })] : [],
    ),
    ...(article.firstPage === null ? [] : [text("fpage", String(article.firstPage))]),
    ...(article.lastPage === null ? [] : [text("lpage", String(article.lastPage))]),
    ...(history.length > 0 ? [element("history", history)] : []),
    ...pubHistory(article),
    ...permissions(article),
    text("self-uri", "", { "xlink:href": landingPage }),
    ...(pdfUrl ? [text("self-uri", "", { "content-type": "application/pdf", "xlink:href": pdfUrl })] : []),
    ...article.relations.flatMap((relation) => relatedArticle(relation, context)),
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
    ...fundingGroup(article.funding),
  ]);
  const back =
    article.references.length > 0 ? [element("back", element("ref-list", [text("title", "References"), ...article.references.map(citation)]))] : [];
  return element(
    "article",
    [element("front", [journalMeta, articleMeta]), ...(article.body ? [absoluteHrefs(article.body, landingPage)] : []), ...back],
    {
      xmlns: JATS.namespace,
      "xmlns:xlink": "http://www.w3.org/1999/xlink",
      "xmlns:mml": "http://www.w3.org/1998/Math/MathML",
      "xmlns:ali": "http://www.niso.org/schemas/ali/1.0/",
      "xmlns:xsi": "http://www.w3.org/2001/XMLSchema-instance",
      "xsi:schemaLocation": `${JATS.namespace} ${JATS.schema}`,
      "article-type": article.type,
      "dtd-version": "1.3",
      "xml:lang": main,
    },
  );
}
