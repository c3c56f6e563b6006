/**
 * Loads a validated content bundle into the database in one transaction: the previous
 * content is replaced as a whole, or, on any error, left exactly as it was.
 */
import type { Insertable } from "kysely";
import { personOf } from "../article-authors.ts";
import { truncateWal } from "../db/checkpoint.ts";
import type { ContentDb } from "../db/database.ts";
import { insertStatements } from "../db/insert-rows.ts";
import type { Database } from "../db/schema.ts";
import { searchDocuments } from "../search/documents.ts";
import { searchIndexStatements } from "../search/write-index.ts";
import { renderMarkdown } from "./markdown.ts";
import type { ContentBundle } from "./read-folder.ts";
import { type ContentImageFile, locales, type PersonFile } from "./schema.ts";

export type Rows = { [T in keyof Database]: Insertable<Database[T]>[] };

/**
 * The format of the rows this import writes, recorded with them. Rich text is sanitized here and
 * sent as stored (docs/decisions/049-sanitised-at-import.md), so rows an older import wrote may
 * hold what this one would not let through: a change to what the rows hold (the sanitizer's
 * allow-list, a sanitize-html release that closes a hole, how Markdown or a full text is rendered)
 * bumps it, and a database an older format wrote is imported again.
 * 1: rich text sanitized at import only (before, the API sanitized it again on every read).
 */
export const IMPORT_FORMAT = 1;

/** Tables in an order that respects their references (children after parents). */
const tableOrder: (keyof Database)[] = [
  "referenceItem",
  "referenceItemText",
  "contentItem",
  "contentItemText",
  "page",
  "department",
  "departmentText",
  "departmentStaff",
  "journal",
  "journalText",
  "journalCategory",
  "journalIndex",
  "journalMetric",
  "issue",
  "issueText",
  "article",
  "articleText",
  "articleAuthor",
  "articleRelation",
  "articleReference",
  "articleFullText",
  "boardMember",
  "book",
  "bookText",
  "bookContributor",
  "bookCategory",
  "bookChapter",
  "callForPapers",
  "callForPapersText",
];

/** A photograph's file and credit, as its item's row holds them. */
const imageColumns = (image: ContentImageFile | undefined) => ({
  image: image?.file ?? null,
  imageAuthor: image?.credit?.author ?? null,
  imageLicence: image?.credit?.licence.name ?? null,
  imageLicenceUrl: image?.credit?.licence.url ?? null,
});

const pageRange = (pages: string | undefined) => {
  const [first, last] = pages ? pages.split("-").map(Number) : [null, null];
  return { firstPage: first, lastPage: last };
};

const personColumns = (person: PersonFile) => ({
  name: personOf(person).name,
  given: person.given ?? null,
  family: person.family,
  orcid: person.orcid ?? null,
  affiliations: JSON.stringify(person.affiliations),
});

/** Turns the files' shapes into table rows. */
export function toRows(bundle: ContentBundle): Rows {
  const rows = Object.fromEntries(tableOrder.map((t) => [t, []])) as unknown as Rows;
  const ref = bundle.reference;
  for (const [kind, items] of Object.entries(ref)) {
    for (const item of items as { id: string; en: string; tr: string; order?: number; url?: string; doubleBlind?: boolean; global?: boolean }[]) {
      rows.referenceItem.push({
        kind,
        id: item.id,
        sortOrder: item.order ?? null,
        url: item.url ?? null,
        doubleBlind: item.doubleBlind ? 1 : 0,
        isGlobal: item.global ? 1 : 0,
      });
      for (const locale of locales) rows.referenceItemText.push({ kind, id: item.id, locale, title: item[locale] });
    }
  }
  for (const [type, items] of [
    ["services", bundle.services],
    ["policies", bundle.policies],
  ] as const) {
    for (const item of items) {
      rows.contentItem.push({ type, id: item.id, icon: item.icon ?? null, sortOrder: item.order ?? null });
      for (const locale of locales) {
        const t = item[locale];
        rows.contentItemText.push({
          type,
          id: item.id,
          locale,
          slug: t.slug,
          title: t.title,
          description: t.description,
          detailsHtml: renderMarkdown(t.details),
        });
      }
    }
  }
  for (const page of bundle.pages) {
    for (const locale of locales) {
      const { title, body } = page[locale];
      rows.page.push({
        id: page.id,
        locale,
        title,
        bodyHtml: renderMarkdown(body),
        ...imageColumns(page.image),
        imageAlt: page.image?.alt[locale] ?? null,
      });
    }
  }
  for (const d of bundle.departments) {
    rows.department.push({ id: d.id, sortOrder: d.order ?? null, email: d.email, phone: d.phone, ...imageColumns(d.image) });
    for (const locale of locales) {
      const t = d[locale];
      const imageAlt = d.image?.alt[locale] ?? null;
      rows.departmentText.push({ departmentId: d.id, locale, slug: t.slug, name: t.name, descriptionHtml: renderMarkdown(t.description), imageAlt });
      d.staff.forEach((s, position) => {
        rows.departmentStaff.push({ departmentId: d.id, locale, position, name: s.name, email: s.email ?? null, role: s.role[locale] });
      });
    }
  }
  for (const { journal: j, board, issues, articleFiles } of bundle.journals) {
    rows.journal.push({
      id: j.id,
      sortOrder: j.order ?? null,
      abbreviation: j.abbreviation,
      printIssn: j.printIssn ?? null,
      eIssn: j.eIssn,
      cover: j.cover ?? null,
      publicationFormatId: j.publicationFormat,
      reviewTypeId: j.reviewType,
      frequency: j.frequency,
      languages: j.languages.join(","),
      startYear: j.startYear,
      openAccess: j.openAccess ? 1 : 0,
      licence: j.licence ?? null,
      journalSystemId: j.journalSystem,
      journalSystemUrl: j.journalSystemUrl,
      contactEmail: j.contactEmail,
    });
    for (const locale of locales) {
      const t = j[locale];
      rows.journalText.push({
        journalId: j.id,
        locale,
        slug: t.slug,
        title: t.title,
        descriptionHtml: renderMarkdown(t.description),
        aimsScopeHtml: renderMarkdown(t.aimsScope),
      });
    }
    for (const categoryId of j.categories) rows.journalCategory.push({ journalId: j.id, categoryId });
    for (const indexId of j.indexes) rows.journalIndex.push({ journalId: j.id, indexId });
    for (const m of j.metrics) rows.journalMetric.push({ journalId: j.id, metricTypeId: m.type, value: m.value, year: m.year });
    board.members.forEach((m, position) => {
      rows.boardMember.push({
        journalId: j.id,
        position,
        honorific: m.honorific ?? null,
        name: m.name,
        teamPositionId: m.position,
        affiliation: m.affiliation,
        country: m.country,
        orcid: m.orcid ?? null,
        sortOrder: m.order ?? null,
      });
    });
    for (const issue of issues) {
      rows.issue.push({
        journalId: j.id,
        id: issue.id,
        volume: issue.volume,
        number: issue.number,
        year: issue.year,
        publishedOn: issue.publishedOn,
        cover: null,
      });
      if (issue.specialTitle) {
        for (const locale of locales) rows.issueText.push({ journalId: j.id, issueId: issue.id, locale, specialTitle: issue.specialTitle[locale] });
      }
      issue.articles.forEach((a, position) => {
        const files = articleFiles.get(a.id);
        rows.article.push({
          journalId: j.id,
          id: a.id,
          issueId: issue.id,
          position,
          type: a.type,
          language: a.language,
          doi: a.doi ?? null,
          ...pageRange(a.pages),
          receivedOn: a.receivedOn ?? null,
          acceptedOn: a.acceptedOn ?? null,
          publishedOn: a.publishedOn,
          status: a.status,
          modifiedOn: a.modifiedOn ?? null,
          datestamp: a.modifiedOn ?? a.publishedOn,
          licenceName: a.licence?.name ?? null,
          licenceUrl: a.licence?.url ?? null,
          copyrightHolder: a.copyright?.holder ?? null,
          copyrightYear: a.copyright?.year ?? null,
          funding: JSON.stringify(a.funding),
          versions: JSON.stringify(a.versions),
          // The site's own file, else the journal system's link.
          galleys: JSON.stringify(files?.galleys.length ? files.galleys : a.pdfUrl ? [{ kind: "pdf", url: a.pdfUrl }] : []),
        });
        for (const locale of locales) {
          const t = a[locale];
          rows.articleText.push({
            journalId: j.id,
            articleId: a.id,
            locale,
            title: t.title,
            abstractHtml: renderMarkdown(t.abstract),
            keywords: JSON.stringify(t.keywords),
          });
        }
        a.authors.forEach((author, p) => {
          rows.articleAuthor.push({
            journalId: j.id,
            articleId: a.id,
            position: p,
            ...personColumns(author),
            email: author.email ?? null,
            corresponding: author.corresponding ? 1 : 0,
            roles: JSON.stringify(author.roles),
          });
        });
        a.relations.forEach((relation, p) => {
          rows.articleRelation.push({
            journalId: j.id,
            articleId: a.id,
            position: p,
            type: relation.type,
            targetArticleId: "article" in relation ? relation.article.split("/")[1] : null,
            targetDoi: "doi" in relation ? relation.doi : null,
          });
        });
        files?.references.forEach(({ id: refId, text, doi, url, ...parts }, p) => {
          rows.articleReference.push({
            journalId: j.id,
            articleId: a.id,
            position: p,
            refId,
            text,
            doi: doi ?? null,
            url: url ?? null,
            parts: JSON.stringify(parts),
          });
        });
        if (files?.fullText) {
          const { html, jats, outline, citedAt } = files.fullText;
          rows.articleFullText.push({
            journalId: j.id,
            articleId: a.id,
            html,
            jats,
            outline: JSON.stringify(outline),
            citedAt: JSON.stringify(citedAt),
          });
        }
      });
    }
  }
  for (const b of bundle.books) {
    rows.book.push({
      id: b.id,
      sortOrder: b.order ?? null,
      printIsbn: b.printIsbn ?? null,
      eIsbn: b.eIsbn ?? null,
      doi: b.doi ?? null,
      year: b.year,
      pages: b.pages,
      language: b.language,
      cover: b.cover ?? null,
      publicationFormatId: b.publicationFormat,
      licence: b.licence ?? null,
      url: b.url ?? null,
    });
    for (const locale of locales) {
      const t = b[locale];
      rows.bookText.push({
        bookId: b.id,
        locale,
        slug: t.slug,
        title: t.title,
        subtitle: t.subtitle ?? null,
        descriptionHtml: renderMarkdown(t.description),
      });
    }
    b.contributors.forEach((c, position) => {
      rows.bookContributor.push({ bookId: b.id, position, ...personColumns(c), role: c.role });
    });
    for (const categoryId of b.categories) rows.bookCategory.push({ bookId: b.id, categoryId });
    b.chapters.forEach((c, position) => {
      rows.bookChapter.push({
        bookId: b.id,
        position,
        title: c.title,
        authors: JSON.stringify(c.authors),
        ...pageRange(c.pages),
        doi: c.doi ?? null,
      } as Insertable<Database["bookChapter"]>);
    });
  }
  for (const c of bundle.calls) {
    rows.callForPapers.push({ id: c.id, journalId: c.journal, deadline: c.deadline });
    for (const locale of locales) {
      const t = c[locale];
      rows.callForPapersText.push({ callId: c.id, locale, title: t.title, specialTitle: t.specialTitle ?? null, bodyHtml: renderMarkdown(t.body) });
    }
  }
  return rows;
}

export interface ImportProgress {
  /** Told how long the write lock was held, once committed. */
  onCommitted?: (lockedMs: number) => void;
  /** Told, as the statements run under the lock, how many of them have run. */
  onWritten?: (done: number, total: number) => void;
  /** The content repository's commit the bundle was read from (the content sync's); without it, the database holds no commit. */
  commit?: string;
}

/**
 * Replaces all content with the bundle's, atomically, and moves the content's revision on; the
 * commit it came from is recorded in the same transaction, so that the database, not the folder,
 * says which commit the site shows. Returns the number of rows written.
 */
export async function importContent(db: ContentDb, bundle: ContentBundle, { onCommitted, onWritten, commit }: ImportProgress = {}): Promise<number> {
  const rows = toRows(bundle);
  // Folded, indexed and compiled to SQL before the write lock is taken (on a large catalogue that
  // takes seconds): while it is held, other processes' form posts wait.
  const statements = [
    ...[...tableOrder].reverse().map((table) => db.deleteFrom(table).compile()),
    ...tableOrder.flatMap((table) => insertStatements(db, table, rows[table])),
    ...searchIndexStatements(db, searchDocuments(rows)),
    db
      .updateTable("contentRevision")
      .set((eb) => ({ revision: eb("revision", "+", 1), contentCommit: commit ?? null, importFormat: IMPORT_FORMAT }))
      .where("id", "=", 1)
      .compile(),
  ];
  let locked = 0;
  await db.transaction().execute(async (trx) => {
    locked = performance.now();
    for (const [index, statement] of statements.entries()) {
      await trx.executeQuery(statement);
      onWritten?.(index + 1, statements.length);
    }
  });
  onCommitted?.(performance.now() - locked);
  await truncateWal(db);
  return tableOrder.reduce((written, table) => written + rows[table].length, 0);
}

/** What the last import recorded: the commit it read and its format. */
function lastImport(db: ContentDb) {
  return db.selectFrom("contentRevision").where("id", "=", 1).select(["contentCommit", "importFormat"]).executeTakeFirst();
}

/**
 * Whether the content was written by this format or a newer one: a process of an older build, still
 * running beside a newer one during a deploy, leaves the newer rows alone instead of the two
 * importing over each other.
 */
const isCurrent = (format: number | null | undefined) => (format ?? 0) >= IMPORT_FORMAT;

/** Whether the database's content was imported by this build's format (or a newer one): false when empty, or imported by an older one. */
export async function importIsCurrent(db: ContentDb): Promise<boolean> {
  return isCurrent((await lastImport(db))?.importFormat);
}

/**
 * The content repository's commit the database's content was imported from, or null: a folder's,
 * none yet, or one an older format imported (so that the content sync imports that commit again).
 */
export async function importedCommit(db: ContentDb): Promise<string | null> {
  const row = await lastImport(db);
  return row && isCurrent(row.importFormat) ? row.contentCommit : null;
}
