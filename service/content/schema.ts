/**
 * The shape of the content files under a content folder (see content/README.md).
 * One schema per file kind; the importer validates every file before it writes anything.
 */
import { z } from "zod";
import { pageIds } from "../../contract/api-types.ts";

/** An id or slug of the content: lowercase ASCII words joined by hyphens. */
export const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const slug = z.string().regex(SLUG, "lowercase ASCII words joined by hyphens");
const id = slug;
/** Rich text: the editor (service/editor/decap-config.ts) offers a Markdown field for it. */
const markdown = z.string().trim().min(1).meta({ widget: "markdown" });
const line = z.string().trim().min(1);
const isoDate = z.iso.date();
const email = z.email();
const url = z.url({ protocol: /^https?$/ });
const orcid = z.string().regex(/^\d{4}-\d{4}-\d{4}-\d{3}[\dX]$/, "an ORCID iD such as 0000-0002-1825-0097");
const doi = z.string().regex(/^10\.\d{4,9}\/\S+$/, "a DOI such as 10.5555/abc.2025.1");
const pages = z
  .string()
  .regex(/^\d+-\d+$/, "first and last page such as 12-30")
  .refine((p) => {
    const [first, last] = p.split("-").map(Number);
    return first >= 1 && last >= first;
  }, "the last page comes after the first");
const iconName = z.string().regex(/^[a-z0-9-]+:[a-z0-9-]+$/, "an Iconify name such as lucide:book-open");
const order = z.number().int().min(0).optional();
/** An image under the folder's `images/`, in the shape the image optimizer (server/images.ts) serves. */
const imageFile = z
  .string()
  .regex(/^[a-z0-9][a-z0-9-]*(?:\/[a-z0-9][a-z0-9-]*)*\.(?:svg|png|jpe?g|webp)$/, "a path under images/ such as covers/books/{id}.svg")
  .meta({ widget: "image" });

const ror = z.string().regex(/^0[a-hj-km-np-tv-z0-9]{6}\d{2}$/, "a ROR id such as 03yrm5c26 (without https://ror.org/)");
const country = z.string().regex(/^[A-Z]{2}$/, "a two-letter country code");

/** Both locales of a text: every file carries English and Turkish. */
const localized = <T extends z.ZodType>(schema: T) => z.strictObject({ en: schema, tr: schema });

/**
 * A photograph or illustration a page shows: its text alternative in both locales (`""` for a
 * decorative one, never left out) and, where its licence asks for attribution, its credit.
 */
const contentImage = z.strictObject({
  file: imageFile,
  alt: localized(z.string().trim()),
  credit: z.strictObject({ author: line, licence: z.strictObject({ name: line, url }) }).optional(),
});

function isbn13Valid(value: string): boolean {
  const digits = value.replace(/-/g, "");
  if (!/^97[89]\d{10}$/.test(digits)) return false;
  const sum = [...digits].reduce((acc, d, i) => acc + Number(d) * (i % 2 === 0 ? 1 : 3), 0);
  return sum % 10 === 0;
}
const isbn = z.string().refine(isbn13Valid, "a valid ISBN-13 (978 or 979, correct check digit)");
const issn = z
  .string()
  .regex(/^\d{4}-\d{3}[\dX]$/, "an ISSN such as 2147-8252")
  .refine((value) => {
    const chars = value.replace("-", "");
    const sum = [...chars.slice(0, 7)].reduce((acc, d, i) => acc + Number(d) * (8 - i), 0);
    const check = (11 - (sum % 11)) % 11;
    return chars[7] === (check === 10 ? "X" : String(check));
  }, "an ISSN with a correct check digit");

const referenceItem = z.strictObject({ id, en: line, tr: line, order });

export const referenceFile = z.strictObject({
  categories: z.array(referenceItem).min(1),
  publicationFormats: z.array(referenceItem).min(1),
  reviewTypes: z.array(referenceItem.extend({ doubleBlind: z.boolean() })).min(1),
  metricTypes: z.array(referenceItem).min(1),
  indexes: z.array(referenceItem.extend({ global: z.boolean(), url: url.optional() })).min(1),
  journalSystems: z.array(referenceItem.extend({ url: url.optional() })).min(1),
  teamPositions: z.array(referenceItem).min(1),
});

const contentItemText = z.strictObject({ slug, title: line, description: line, details: markdown });
/** A service or a policy: exactly the specification's content item. */
export const contentItemFile = z.strictObject({ id, icon: iconName.optional(), order }).extend(localized(contentItemText).shape);

/** A page of free text: only the screens that show one (`pageIds`) have a page. */
export const pageFile = z
  .strictObject({ id: z.enum(pageIds), image: contentImage.optional() })
  .extend(localized(z.strictObject({ title: line, body: markdown })).shape);

export const departmentFile = z
  .strictObject({
    id,
    order,
    email,
    phone: line,
    image: contentImage.optional(),
    staff: z.array(z.strictObject({ name: line, email: email.optional(), role: localized(line) })).min(1),
  })
  .extend(localized(z.strictObject({ slug, name: line, description: markdown })).shape);

export const journalFrequencies = ["monthly", "bimonthly", "quarterly", "triannual", "biannual", "annual"] as const;
export const locales = ["en", "tr"] as const;

export const journalFile = z
  .strictObject({
    id,
    order,
    abbreviation: line,
    printIssn: issn.optional(),
    eIssn: issn,
    cover: imageFile.optional(),
    categories: z.array(id).min(1),
    publicationFormat: id,
    reviewType: id,
    frequency: z.enum(journalFrequencies),
    languages: z.array(z.enum(locales)).min(1),
    startYear: z.number().int().min(1900).max(2100),
    indexes: z.array(id),
    metrics: z.array(z.strictObject({ type: id, value: z.number().nonnegative(), year: z.number().int() })),
    openAccess: z.boolean(),
    licence: line.optional(),
    journalSystem: id,
    journalSystemUrl: url,
    /** Where `npm run content:pull` harvests the journal's issues and articles: an OAI-PMH repository, a set of it, the format preferred. */
    source: z.strictObject({ oai: url, set: z.string().min(1).optional(), format: z.enum(["jats", "oai_dc"]).optional() }).optional(),
    contactEmail: email,
  })
  .extend(localized(z.strictObject({ slug, title: line, description: markdown, aimsScope: markdown })).shape);

export const boardFile = z.strictObject({
  members: z
    .array(
      z.strictObject({
        honorific: line.optional(),
        name: line,
        position: id,
        affiliation: line,
        country,
        orcid: orcid.optional(),
        order,
      }),
    )
    .min(1),
});

/** The article types that are notices about another work (decision 024), not works of their own. */
export const noticeTypes = ["correction", "retraction", "expression-of-concern"] as const;
export const articleTypes = ["research-article", "review-article", "case-report", "book-review", "editorial", ...noticeTypes] as const;
/** Where an article stands: what a reader is told above its text, and what indexers are sent. */
export const articleStatuses = ["published", "corrected", "retracted", "expression-of-concern", "withdrawn"] as const;
/** What a notice does to the work it names; the work's status must say the same (read-folder checks). */
export const relationTypes = ["corrects", "retracts", "concerns"] as const;
/** The status a work has once a notice of each relation names it. */
export const statusAfter = { corrects: "corrected", retracts: "retracted", concerns: "expression-of-concern" } as const satisfies Record<
  (typeof relationTypes)[number],
  (typeof articleStatuses)[number]
>;
/** The fourteen CRediT contributor roles (https://credit.niso.org/), as the NISO vocabulary's slugs. */
export const creditRoles = [
  "conceptualization",
  "data-curation",
  "formal-analysis",
  "funding-acquisition",
  "investigation",
  "methodology",
  "project-administration",
  "resources",
  "software",
  "supervision",
  "validation",
  "visualization",
  "writing-original-draft",
  "writing-review-editing",
] as const;

export const affiliation = z.strictObject({ name: line, ror: ror.optional(), country: country.optional() });
/**
 * A person who wrote or edited a work: the family name is required and may have several words
 * ("Aktaş Karaca"); one who goes by one name has only `family`.
 */
export const person = z.strictObject({
  given: line.optional(),
  family: line,
  orcid: orcid.optional(),
  affiliations: z.array(affiliation).default([]),
});
const articleAuthor = person.extend({
  email: email.optional(),
  corresponding: z.boolean().default(false),
  roles: z.array(z.enum(creditRoles)).default([]),
});
/** A licence by its name as printed and the URL of its terms. */
const licence = z.strictObject({ name: line, url });
const funding = z.strictObject({
  funder: line,
  /** The funder's Crossref Funder Registry DOI (https://doi.org/10.13039/…) or ROR URL. */
  funderId: z.url({ protocol: /^https$/, hostname: /^(doi\.org|ror\.org)$/ }).optional(),
  awards: z.array(line).default([]),
});
const relation = z.union([
  z.strictObject({ type: z.enum(relationTypes), article: z.string().regex(/^[a-z0-9-]+\/[a-z0-9-]+$/, "{issue id}/{article id} in this journal") }),
  z.strictObject({ type: z.enum(relationTypes), doi }),
]);

/** An article in an issue file. */
export const articleEntry = z
  .strictObject({
    id,
    /** The record's OAI identifier at the journal's source (set by content:pull): later records of the article are matched by it. */
    sourceId: z.string().min(1).optional(),
    type: z.enum(articleTypes),
    language: z.enum(locales),
    status: z.enum(articleStatuses).default("published"),
    relations: z.array(relation).default([]),
    doi: doi.optional(),
    pages: pages.optional(),
    receivedOn: isoDate.optional(),
    acceptedOn: isoDate.optional(),
    publishedOn: isoDate,
    /** The last change to the record after publication (a correction, a new version). */
    modifiedOn: isoDate.optional(),
    versions: z.array(z.strictObject({ date: isoDate }).extend(localized(line).shape)).default([]),
    /** No longer read: views are counted (service/usage/). Accepted, with a notice, until the next release. */
    views: z.number().int().nonnegative().optional(),
    /** The PDF galley at the journal system, linked while the article's folder holds no galley.pdf of its own. */
    pdfUrl: url.optional(),
    licence: licence.optional(),
    copyright: z.strictObject({ holder: line, year: z.number().int().min(1900).max(2100) }).optional(),
    funding: z.array(funding).default([]),
    authors: z.array(articleAuthor).min(1),
  })
  .extend(localized(z.strictObject({ title: line, abstract: markdown, keywords: z.array(line).default([]) })).shape);

/** A work an article cites: always the text as printed, and its parts where they are known. */
export const referenceEntry = z.strictObject({
  // The JATS record's ref id and its xrefs' rid: an XML name, so a letter first.
  id: id.regex(/^[A-Za-z]/, "starts with a letter"),
  text: line,
  type: z.enum(["journal-article", "book", "chapter", "report", "thesis", "dataset", "web", "other"]).default("journal-article"),
  authors: z.array(z.strictObject({ given: line.optional(), family: line })).default([]),
  title: line.optional(),
  /** The journal, the book a chapter is in, or the site. */
  container: line.optional(),
  year: z.number().int().min(1500).max(2100).optional(),
  volume: line.optional(),
  issue: line.optional(),
  pages: line.optional(),
  publisher: line.optional(),
  doi: z
    .string()
    .regex(/^10\.\d{4,9}\/\S+$/, "a DOI such as 10.1037/0003-066X.59.1.29")
    .optional(),
  url: url.optional(),
});
/** An article's reference list (`articles/{id}/references.yaml`), in the order it is printed. */
export const referencesFile = z.array(referenceEntry).min(1);

export const issueFile = z.strictObject({
  id,
  volume: z.number().int().min(1),
  number: z.number().int().min(1),
  year: z.number().int().min(1900).max(2100),
  publishedOn: isoDate,
  specialTitle: localized(line).optional(),
  articles: z.array(articleEntry).min(1),
});

const contributor = person.extend({ role: z.enum(["author", "editor"]) });

export const bookFile = z
  .strictObject({
    id,
    order,
    contributors: z.array(contributor).min(1),
    printIsbn: isbn.optional(),
    eIsbn: isbn.optional(),
    doi: doi.optional(),
    year: z.number().int().min(1900).max(2100),
    pages: z.number().int().positive(),
    language: z.enum(locales),
    categories: z.array(id).min(1),
    publicationFormat: id,
    cover: imageFile.optional(),
    licence: line.optional(),
    url: url.optional(),
    chapters: z.array(z.strictObject({ title: line, authors: z.array(person).min(1), pages, doi: doi.optional() })),
  })
  .extend(localized(z.strictObject({ slug, title: line, subtitle: line.optional(), description: markdown })).shape);

/**
 * A call for papers: a journal's invitation to submit by a deadline (the last day submissions are
 * taken, in the publisher's calendar), for a special issue (`specialTitle`, in both locales or
 * neither) or for the journal's regular issues. Its `id` is its slug in both locales.
 */
export const callFile = z
  .strictObject({ id, journal: id, deadline: isoDate })
  .extend(localized(z.strictObject({ title: line, specialTitle: line.optional(), body: markdown })).shape);

export type ReferenceFile = z.infer<typeof referenceFile>;
export type ContentItemFile = z.infer<typeof contentItemFile>;
export type PageFile = z.infer<typeof pageFile>;
export type DepartmentFile = z.infer<typeof departmentFile>;
export type JournalFile = z.infer<typeof journalFile>;
export type BoardFile = z.infer<typeof boardFile>;
export type IssueFile = z.infer<typeof issueFile>;
export type BookFile = z.infer<typeof bookFile>;
export type CallFile = z.infer<typeof callFile>;
export type ArticleFile = z.infer<typeof articleEntry>;
export type PersonFile = z.infer<typeof person>;
export type ContentImageFile = z.infer<typeof contentImage>;
export type ReferenceEntry = z.infer<typeof referenceEntry>;
