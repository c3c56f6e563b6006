/**
 * A JATS `<article>` (as OJS's JATS plugin, Janeway and this site's own /oai write it over OAI-PMH)
 * as a harvested article: titles and abstracts in both languages (`article-title` and
 * `trans-title-group`, `abstract` and `trans-abstract` with `xml:lang`), keywords by language,
 * contributors with structured names, ORCID iDs, CRediT roles and affiliations (with ROR ids and
 * countries), dates, volume, issue and pages, DOI, permissions, funding, the notices' relations,
 * the reference list, the body and the galley. The tag set's variants are read alike: `pub-type`
 * or `date-type`, affiliations inside a contributor or pointed at, `mixed-citation` or
 * `element-citation` (or both in `citation-alternatives`).
 */
import type { Element } from "domhandler";
import { type Locale, locales } from "../../i18n/locales.ts";
import { messages } from "../../i18n/messages/index.ts";
import { articleTypes, creditRoles, type ReferenceEntry, statusAfter } from "../content/schema.ts";
import {
  creativeCommonsName,
  dayOf,
  doiOf,
  type Harvested,
  type HarvestedRelation,
  type HarvestedText,
  localeOf,
  markdownText,
  orcidOf,
  pagesOf,
  RecordRejected,
  rorOf,
} from "./harvested.ts";
import { attrOf, childOf, childrenOf, descendantsOf, localName, pathOf, textOf, xmlOf } from "./xml-tree.ts";

type ArticleAuthor = NonNullable<Harvested["article"]["authors"]>[number];

/** A date element as a day: its `iso-8601-date`, else its year, month and day. */
function dateOf(node: Element | undefined): string | undefined {
  if (!node) return undefined;
  const iso = dayOf(attrOf(node, "iso-8601-date"));
  if (iso) return iso;
  const [year, month, day] = ["year", "month", "day"].map((n) => textOf(childOf(node, n)));
  if (!/^\d{4}$/.test(year) || !month || !day) return undefined;
  return `${year}-${month.padStart(2, "0")}-${day.padStart(2, "0")}`;
}

const dateTypeOf = (node: Element) => attrOf(node, "date-type") ?? attrOf(node, "pub-type");

/** Inline JATS as Markdown: italic and bold kept, sub- and superscripts as HTML, the rest as text. */
function inlineMarkdown(node: Element): string {
  return node.children
    .map((child) => {
      if (child.type === "text") return markdownText((child as unknown as { data: string }).data);
      if (child.type !== "tag") return "";
      const inner = inlineMarkdown(child as Element);
      switch (localName((child as Element).name)) {
        case "italic":
          return `*${inner}*`;
        case "bold":
          return `**${inner}**`;
        case "sup":
        case "sub":
          return `<${localName((child as Element).name)}>${inner}</${localName((child as Element).name)}>`;
        default:
          return inner;
      }
    })
    .join("");
}

/** An abstract's paragraphs (its sections' too) as Markdown paragraphs. */
function abstractMarkdown(abstract: Element): string | undefined {
  const paragraphs = descendantsOf(abstract, "p");
  const parts = (paragraphs.length > 0 ? paragraphs : [abstract]).map((p) => inlineMarkdown(p).replace(/\s+/g, " ").trim()).filter(Boolean);
  return parts.length > 0 ? parts.join("\n\n") : undefined;
}

const roleBySlugOrName = new Map<string, (typeof creditRoles)[number]>(
  creditRoles.flatMap((slug) => [
    [slug, slug],
    [messages.en.article.roles[slug].toLowerCase(), slug],
  ]),
);

/** A CRediT role by its term URI (`…/contributor-roles/methodology/`), or its name. */
function creditRole(role: Element): (typeof creditRoles)[number] | undefined {
  const uri = attrOf(role, "vocab-term-identifier") ?? "";
  const fromUri = /contributor-roles\/([a-z-]+)\/?$/.exec(uri)?.[1];
  return (
    roleBySlugOrName.get(fromUri ?? "") ?? roleBySlugOrName.get((attrOf(role, "vocab-term") ?? textOf(role)).toLowerCase().replace(/[-–] /g, "– "))
  );
}

/** An affiliation: its institution (with its ROR id) and country. */
function affiliationOf(aff: Element) {
  const wrap = childOf(aff, "institution-wrap");
  const ids = childrenOf(wrap ?? aff, "institution-id");
  const ror = rorOf(ids.map(textOf).find((v) => rorOf(v)));
  const institution = childrenOf(wrap ?? aff, "institution")
    .map(textOf)
    .filter(Boolean)
    .join(", ");
  const country = childOf(aff, "country");
  const code = (attrOf(country, "country") ?? "").toUpperCase();
  // An `aff` without institution tagging is its text, less its label and country.
  const name =
    institution ||
    aff.children
      .filter((c) => c.type === "text" || (c.type === "tag" && !["label", "country", "institution-id"].includes(localName((c as Element).name))))
      .map((c) => (c.type === "text" ? (c as unknown as { data: string }).data : textOf(c as Element)))
      .join("")
      .replace(/\s+/g, " ")
      .replace(/^[\s,;]+|[\s,;]+$/g, "");
  if (!name) return undefined;
  return { name, ...(ror ? { ror } : {}), ...(/^[A-Z]{2}$/.test(code) ? { country: code } : {}) };
}

function authorsOf(meta: Element): ArticleAuthor[] {
  const affsById = new Map(descendantsOf(meta, "aff").map((aff) => [attrOf(aff, "id") ?? "", aff]));
  return descendantsOf(meta, "contrib")
    .filter((c) => (attrOf(c, "contrib-type") ?? "author") === "author")
    .flatMap((contrib): ArticleAuthor[] => {
      const name = childOf(contrib, "name") ?? childOf(childOf(contrib, "name-alternatives"), "name");
      const family = textOf(childOf(name, "surname")) || textOf(childOf(contrib, "string-name"));
      if (!family) return [];
      const given = textOf(childOf(name, "given-names"));
      const orcid = orcidOf(
        childrenOf(contrib, "contrib-id")
          .map(textOf)
          .find((v) => orcidOf(v)),
      );
      const email = textOf(childOf(contrib, "email"));
      const xrefs = childrenOf(contrib, "xref");
      const affElements = [
        ...childrenOf(contrib, "aff"),
        ...xrefs
          .filter((x) => attrOf(x, "ref-type") === "aff")
          .flatMap((x) => (attrOf(x, "rid") ?? "").split(/\s+/).map((id) => affsById.get(id) ?? [])),
      ].flat();
      const affiliations = affElements.map(affiliationOf).filter((a) => a !== undefined);
      const roles = childrenOf(contrib, "role")
        .map(creditRole)
        .filter((r) => r !== undefined);
      const corresponding = attrOf(contrib, "corresp") === "yes" || xrefs.some((x) => attrOf(x, "ref-type") === "corresp");
      return [
        {
          ...(given ? { given } : {}),
          family,
          ...(orcid ? { orcid } : {}),
          ...(email ? { email } : {}),
          corresponding,
          roles: [...new Set(roles)],
          affiliations,
        },
      ];
    });
}

function fundingOf(meta: Element): Harvested["article"]["funding"] {
  const byFunder = new Map<string, { funder: string; funderId?: string; awards: string[] }>();
  for (const group of descendantsOf(childOf(meta, "funding-group"), "award-group")) {
    for (const source of childrenOf(group, "funding-source")) {
      const funder = textOf(childOf(childOf(source, "institution-wrap"), "institution")) || textOf(source);
      if (!funder) continue;
      const id = textOf(childOf(childOf(source, "institution-wrap"), "institution-id")) || attrOf(source, "href");
      const funderId = id && /^https:\/\/(doi|ror)\.org\//.test(id) ? id : id && /^10\.13039\//.test(id) ? `https://doi.org/${id}` : undefined;
      const entry = byFunder.get(funder) ?? { funder, ...(funderId ? { funderId } : {}), awards: [] };
      for (const award of childrenOf(group, "award-id").map(textOf).filter(Boolean)) if (!entry.awards.includes(award)) entry.awards.push(award);
      byFunder.set(funder, entry);
    }
  }
  return byFunder.size > 0 ? [...byFunder.values()] : undefined;
}

const relationTypes: Record<string, Pick<HarvestedRelation, "type" | "side">> = {
  "corrected-article": { type: "corrects", side: "notice" },
  "retracted-article": { type: "retracts", side: "notice" },
  "object-of-concern": { type: "concerns", side: "notice" },
  "correction-forward": { type: "corrects", side: "work" },
  "retraction-forward": { type: "retracts", side: "work" },
  "concern-forward": { type: "concerns", side: "work" },
};

function relationsOf(meta: Element): HarvestedRelation[] | undefined {
  const relations = childrenOf(meta, "related-article").flatMap((r): HarvestedRelation[] => {
    const kind = relationTypes[attrOf(r, "related-article-type") ?? ""];
    const href = attrOf(r, "href") ?? "";
    if (!kind || !href) return [];
    const doi = attrOf(r, "ext-link-type") === "doi" || /doi\.org\//.test(href) ? doiOf(href) : undefined;
    return [doi ? { ...kind, doi } : { ...kind, url: href }];
  });
  return relations.length > 0 ? relations : undefined;
}

const referenceTypes: Record<string, ReferenceEntry["type"]> = {
  journal: "journal-article",
  book: "book",
  chapter: "chapter",
  report: "report",
  thesis: "thesis",
  data: "dataset",
  dataset: "dataset",
  web: "web",
  webpage: "web",
  other: "other",
};

/** A reference's id as the content files write it (lowercase, a letter first): `R1` → `r1`; one that cannot be is numbered. */
function referenceId(id: string | undefined, index: number): string {
  const lower = (id ?? "").toLowerCase();
  return /^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/.test(lower) ? lower : `ref${index + 1}`;
}

function referenceOf(ref: Element, index: number): ReferenceEntry | undefined {
  const alternatives = childOf(ref, "citation-alternatives") ?? ref;
  const mixed = childOf(alternatives, "mixed-citation");
  const structured = childOf(alternatives, "element-citation") ?? (mixed && childOf(mixed, "person-group") ? mixed : undefined);
  const text = textOf(mixed ?? structured ?? childOf(ref, "note"));
  if (!text) return undefined;
  const entry: ReferenceEntry = { id: referenceId(attrOf(ref, "id"), index), text, type: "journal-article", authors: [] };
  const doi = doiOf(textOf(descendantsOf(alternatives, "pub-id").find((p) => attrOf(p, "pub-id-type") === "doi")));
  const uri = descendantsOf(alternatives, "ext-link").map((l) => attrOf(l, "href") ?? textOf(l))[0];
  if (structured) {
    const type = referenceTypes[attrOf(structured, "publication-type") ?? ""];
    if (type) entry.type = type;
    const names = descendantsOf(childOf(structured, "person-group") ?? structured, "name").map((n) => ({
      ...(textOf(childOf(n, "given-names")) ? { given: textOf(childOf(n, "given-names")) } : {}),
      family: textOf(childOf(n, "surname")),
    }));
    entry.authors = names.filter((n) => n.family);
    const title = textOf(childOf(structured, "article-title")) || textOf(childOf(structured, "chapter-title"));
    const source = textOf(childOf(structured, "source"));
    // A book's title is its source; a chapter's or an article's is the work's own.
    if (title) entry.title = title;
    if (source) {
      if (!title && entry.type === "book") entry.title = source;
      else entry.container = source;
    }
    const series = textOf(childOf(structured, "series"));
    if (series && !entry.container) entry.container = series;
    const year = Number(textOf(childOf(structured, "year")).slice(0, 4));
    if (Number.isInteger(year) && year >= 1500 && year <= 2100) entry.year = year;
    for (const [name, field] of [
      ["volume", "volume"],
      ["issue", "issue"],
      ["publisher-name", "publisher"],
    ] as const) {
      const value = textOf(childOf(structured, name));
      if (value) entry[field] = value;
    }
    const fpage = textOf(childOf(structured, "fpage"));
    const lpage = textOf(childOf(structured, "lpage"));
    const range = textOf(childOf(structured, "page-range"));
    if (range || fpage) entry.pages = range || (lpage ? `${fpage}-${lpage}` : fpage);
  }
  if (doi) entry.doi = doi;
  else if (uri && /^https?:\/\//.test(uri)) entry.url = uri;
  return entry;
}

/** The article's texts by language: titles, abstracts and keywords, each under its `xml:lang` (the article's own without). */
function textsOf(meta: Element, main: Locale): Harvested["text"] {
  const text: Partial<Record<Locale, HarvestedText>> = {};
  const at = (lang: string | undefined) => localeOf(lang) ?? (lang ? undefined : main);
  const titleGroup = childOf(meta, "title-group");
  const withSubtitle = (title: string, subtitle: string) => (subtitle ? `${title}: ${subtitle}` : title);
  for (const title of childrenOf(titleGroup, "article-title")) {
    const locale = at(attrOf(title, "lang"));
    if (locale && !text[locale]) text[locale] = { title: withSubtitle(textOf(title), textOf(childOf(titleGroup, "subtitle"))) };
  }
  for (const group of childrenOf(titleGroup, "trans-title-group")) {
    const locale = localeOf(attrOf(group, "lang"));
    const title = textOf(childOf(group, "trans-title"));
    if (locale && title && !text[locale]) text[locale] = { title: withSubtitle(title, textOf(childOf(group, "trans-subtitle"))) };
  }
  for (const abstract of [...childrenOf(meta, "abstract"), ...childrenOf(meta, "trans-abstract")]) {
    const type = attrOf(abstract, "abstract-type");
    if (type && type !== "summary" && type !== "abstract") continue;
    const locale = at(attrOf(abstract, "lang"));
    const markdown = abstractMarkdown(abstract);
    if (locale && markdown && text[locale] && !text[locale].abstract) text[locale].abstract = markdown;
  }
  for (const group of childrenOf(meta, "kwd-group")) {
    // A group in a language the record has no title in is the article's own (Janeway marks every group `en`).
    const marked = at(attrOf(group, "lang"));
    const locale = marked && text[marked] ? marked : main;
    const keywords = childrenOf(group, "kwd").map(textOf).filter(Boolean);
    if (locale && text[locale] && keywords.length > 0) text[locale].keywords = [...(text[locale].keywords ?? []), ...keywords];
  }
  return text;
}

/** Types as systems write them when a section names its own (OJS: the section's type, lower-cased free text, often Turkish). */
const typeNames: Record<string, (typeof articleTypes)[number]> = {
  review: "review-article",
  "review article": "review-article",
  derleme: "review-article",
  "derleme makalesi": "review-article",
  "case report": "case-report",
  "olgu sunumu": "case-report",
  "book review": "book-review",
  "kitap incelemesi": "book-review",
  "kitap değerlendirmesi": "book-review",
  editöryal: "editorial",
  editörden: "editorial",
  "editör yazısı": "editorial",
  erratum: "correction",
  düzeltme: "correction",
  "geri çekme": "retraction",
};

const articleTypeOf = (type: string): (typeof articleTypes)[number] =>
  (articleTypes as readonly string[]).includes(type)
    ? (type as (typeof articleTypes)[number])
    : (typeNames[type.toLocaleLowerCase("tr").trim()] ?? "research-article");

export function mapJats(article: Element, sourceId: string): Harvested {
  const front = childOf(article, "front");
  const meta = childOf(front, "article-meta");
  if (!meta) throw new RecordRejected("no article-meta");
  const rawLanguage = attrOf(article, "lang");
  const language = rawLanguage ? localeOf(rawLanguage) : "en";
  if (!language) throw new RecordRejected(`written in "${rawLanguage}": the site carries English and Turkish articles`);
  const text = textsOf(meta, language);
  if (!locales.some((l) => text[l])) throw new RecordRejected("no title");

  const ids = childrenOf(meta, "article-id");
  const idOf = (type: string) => textOf(ids.find((i) => attrOf(i, "pub-id-type") === type));
  const dates = childrenOf(meta, "pub-date");
  const pubDate =
    dates.find((d) => ["pub", "epub", "epub-ppub"].includes(dateTypeOf(d) ?? "") && dateOf(d)) ??
    dates.find((d) => dateTypeOf(d) !== "collection" && dateOf(d));
  const publishedOn = dateOf(pubDate);
  if (!publishedOn) throw new RecordRejected("no publication date with a day");
  const collection = dates.find((d) => dateTypeOf(d) === "collection");
  const history = childrenOf(childOf(meta, "history"), "date");
  const historyDate = (type: string) => dateOf(history.find((d) => dateTypeOf(d) === type));

  const updates = childrenOf(childOf(meta, "pub-history"), "event").flatMap((event) => {
    const date = dateOf(childrenOf(event, "date").find((d) => dateTypeOf(d) === "updated") ?? childOf(event, "date"));
    return date ? [{ date, lang: localeOf(attrOf(event, "lang")), desc: textOf(childOf(event, "event-desc")) }] : [];
  });
  const versionDates = [...new Set(updates.filter((u) => u.desc).map((u) => u.date))];
  const versions = versionDates.flatMap((date) => {
    const of = (l: Locale) => updates.find((u) => u.date === date && u.desc && (u.lang ?? language) === l)?.desc;
    const en = of("en") ?? of("tr");
    const tr = of("tr") ?? of("en");
    return en && tr ? [{ date, en, tr }] : [];
  });

  const permissions = childOf(meta, "permissions");
  const license = childOf(permissions, "license");
  const licenceUrl = attrOf(license, "href") || textOf(childOf(license, "license_ref"));
  const licenceText = textOf(childOf(license, "license-p"));
  const licenceName = creativeCommonsName(licenceUrl ?? "") ?? (licenceText.length <= 60 ? licenceText : undefined);
  const holder = textOf(childOf(permissions, "copyright-holder"));
  const year = Number(textOf(childOf(permissions, "copyright-year")));

  const selfUris = childrenOf(meta, "self-uri");
  const pdfUrl = attrOf(
    selfUris.find((u) => /pdf/i.test(attrOf(u, "content-type") ?? "")),
    "href",
  );
  const landingPage = attrOf(
    selfUris.find((u) => !attrOf(u, "content-type")),
    "href",
  );
  const authors = authorsOf(meta);
  const relations = relationsOf(meta);
  const type = attrOf(article, "article-type") ?? "";
  const workStatus = relations?.find((r) => r.side === "work")?.type;
  const body = childOf(article, "body");
  const refs = childrenOf(pathOf(article, "back", "ref-list"), "ref");
  const references = refs.map(referenceOf).filter((r) => r !== undefined);
  // The body's citations name the references by the ids they have here.
  const renamed = new Map(refs.map((ref, i) => [attrOf(ref, "id") ?? "", referenceId(attrOf(ref, "id"), i)]));
  const citing = (xml: string) =>
    xml.replace(
      /(<xref\b[^>]*?\srid=")([^"]*)"/g,
      (_, head: string, rids: string) =>
        `${head}${rids
          .split(/\s+/)
          .map((r) => renamed.get(r) ?? r)
          .join(" ")}"`,
    );
  const volume = Number(textOf(childOf(meta, "volume")));
  const number = Number(textOf(childOf(meta, "issue")));
  const issueTitles = Object.fromEntries(
    childrenOf(meta, "issue-title").flatMap((t) => {
      const locale = localeOf(attrOf(t, "lang")) ?? language;
      return textOf(t) ? [[locale, textOf(t)]] : [];
    }),
  );
  const collectionYear = Number(textOf(childOf(collection, "year")));
  const onlyIf = <T>(ok: boolean, value: T) => (ok ? value : undefined);
  // A field left undefined is one the record does not carry (harvested.ts).
  return {
    sourceId,
    issue: {
      volume: onlyIf(Number.isInteger(volume) && volume >= 1, volume),
      number: onlyIf(Number.isInteger(number) && number >= 1, number),
      year: collectionYear || Number(publishedOn.slice(0, 4)),
      publishedOn: dateOf(collection),
      specialTitle: onlyIf(Object.keys(issueTitles).length > 0, issueTitles),
    },
    preferredId: idOf("publisher-id") || undefined,
    article: {
      type: articleTypeOf(type),
      language,
      status: workStatus && statusAfter[workStatus],
      doi: doiOf(idOf("doi")),
      pages: pagesOf(textOf(childOf(meta, "fpage")), textOf(childOf(meta, "lpage"))),
      receivedOn: historyDate("received"),
      acceptedOn: historyDate("accepted"),
      publishedOn,
      modifiedOn: updates
        .map((u) => u.date)
        .sort()
        .at(-1),
      versions: onlyIf(versions.length > 0, versions),
      licence: licenceName && licenceUrl && /^https?:\/\//.test(licenceUrl) ? { name: licenceName, url: licenceUrl } : undefined,
      copyright: onlyIf(Boolean(holder) && Number.isInteger(year) && year >= 1900, { holder, year }),
      funding: fundingOf(meta),
      authors: onlyIf(authors.length > 0, authors),
    },
    text,
    relations,
    references: onlyIf(references.length > 0, references),
    body: body && childrenOf(body).length > 0 ? citing(xmlOf(body)) : undefined,
    pdfUrl,
    landingPage,
  };
}
