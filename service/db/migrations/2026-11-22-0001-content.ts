import type { Kysely } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and do not follow the current row types.
type Db = Kysely<any>;

/** Column type; a trailing `?` makes the column nullable. */
type Column = "text" | "text?" | "integer" | "integer?" | "real";

interface TableSpec {
  name: string;
  columns: Record<string, Column>;
  primaryKey: string[];
  unique?: string[];
}

const tables: TableSpec[] = [
  {
    name: "referenceItem",
    columns: { kind: "text", id: "text", sortOrder: "integer?", url: "text?", doubleBlind: "integer", isGlobal: "integer" },
    primaryKey: ["kind", "id"],
  },
  { name: "referenceItemText", columns: { kind: "text", id: "text", locale: "text", title: "text" }, primaryKey: ["kind", "id", "locale"] },
  { name: "contentItem", columns: { type: "text", id: "text", icon: "text?", sortOrder: "integer?" }, primaryKey: ["type", "id"] },
  {
    name: "contentItemText",
    columns: { type: "text", id: "text", locale: "text", slug: "text", title: "text", description: "text", detailsHtml: "text" },
    primaryKey: ["type", "id", "locale"],
    unique: ["type", "locale", "slug"],
  },
  { name: "page", columns: { id: "text", locale: "text", title: "text", bodyHtml: "text" }, primaryKey: ["id", "locale"] },
  { name: "department", columns: { id: "text", sortOrder: "integer?", email: "text", phone: "text" }, primaryKey: ["id"] },
  {
    name: "departmentText",
    columns: { departmentId: "text", locale: "text", slug: "text", name: "text", descriptionHtml: "text" },
    primaryKey: ["departmentId", "locale"],
    unique: ["locale", "slug"],
  },
  {
    name: "departmentStaff",
    columns: { departmentId: "text", locale: "text", position: "integer", name: "text", email: "text?", role: "text" },
    primaryKey: ["departmentId", "locale", "position"],
  },
  {
    name: "journal",
    columns: {
      id: "text",
      sortOrder: "integer?",
      abbreviation: "text",
      printIssn: "text?",
      eIssn: "text",
      cover: "text?",
      publicationFormatId: "text",
      reviewTypeId: "text",
      frequency: "text",
      languages: "text",
      startYear: "integer",
      openAccess: "integer",
      licence: "text?",
      journalSystemId: "text",
      journalSystemUrl: "text",
      contactEmail: "text",
    },
    primaryKey: ["id"],
  },
  {
    name: "journalText",
    columns: { journalId: "text", locale: "text", slug: "text", title: "text", descriptionHtml: "text", aimsScopeHtml: "text" },
    primaryKey: ["journalId", "locale"],
    unique: ["locale", "slug"],
  },
  { name: "journalCategory", columns: { journalId: "text", categoryId: "text" }, primaryKey: ["journalId", "categoryId"] },
  { name: "journalIndex", columns: { journalId: "text", indexId: "text" }, primaryKey: ["journalId", "indexId"] },
  {
    name: "journalMetric",
    columns: { journalId: "text", metricTypeId: "text", value: "real", year: "integer" },
    primaryKey: ["journalId", "metricTypeId", "year"],
  },
  {
    name: "issue",
    columns: { journalId: "text", id: "text", volume: "integer", number: "integer", year: "integer", publishedOn: "text", cover: "text?" },
    primaryKey: ["journalId", "id"],
  },
  {
    name: "issueText",
    columns: { journalId: "text", issueId: "text", locale: "text", specialTitle: "text" },
    primaryKey: ["journalId", "issueId", "locale"],
  },
  {
    name: "article",
    columns: {
      journalId: "text",
      id: "text",
      issueId: "text",
      position: "integer",
      type: "text",
      language: "text",
      doi: "text?",
      firstPage: "integer?",
      lastPage: "integer?",
      receivedOn: "text?",
      acceptedOn: "text?",
      publishedOn: "text",
      views: "integer",
      fullTextUrl: "text?",
      pdfUrl: "text?",
    },
    primaryKey: ["journalId", "id"],
  },
  {
    name: "articleText",
    columns: { journalId: "text", articleId: "text", locale: "text", title: "text", abstractHtml: "text", keywords: "text" },
    primaryKey: ["journalId", "articleId", "locale"],
  },
  {
    name: "articleAuthor",
    columns: { journalId: "text", articleId: "text", position: "integer", name: "text", affiliation: "text?", orcid: "text?" },
    primaryKey: ["journalId", "articleId", "position"],
  },
  {
    name: "boardMember",
    columns: {
      journalId: "text",
      position: "integer",
      honorific: "text?",
      name: "text",
      teamPositionId: "text",
      affiliation: "text",
      country: "text",
      orcid: "text?",
      sortOrder: "integer?",
    },
    primaryKey: ["journalId", "position"],
  },
  {
    name: "book",
    columns: {
      id: "text",
      sortOrder: "integer?",
      printIsbn: "text?",
      eIsbn: "text?",
      doi: "text?",
      year: "integer",
      pages: "integer",
      language: "text",
      cover: "text?",
      publicationFormatId: "text",
      licence: "text?",
      url: "text?",
    },
    primaryKey: ["id"],
  },
  {
    name: "bookText",
    columns: { bookId: "text", locale: "text", slug: "text", title: "text", subtitle: "text?", descriptionHtml: "text" },
    primaryKey: ["bookId", "locale"],
    unique: ["locale", "slug"],
  },
  { name: "bookContributor", columns: { bookId: "text", position: "integer", name: "text", role: "text" }, primaryKey: ["bookId", "position"] },
  { name: "bookCategory", columns: { bookId: "text", categoryId: "text" }, primaryKey: ["bookId", "categoryId"] },
  {
    name: "bookChapter",
    columns: { bookId: "text", position: "integer", title: "text", authors: "text", firstPage: "integer", lastPage: "integer", doi: "text?" },
    primaryKey: ["bookId", "position"],
  },
];

export async function up(db: Db): Promise<void> {
  for (const table of tables) {
    let builder = db.schema.createTable(table.name);
    for (const [column, type] of Object.entries(table.columns)) {
      const nullable = type.endsWith("?");
      builder = builder.addColumn(column, type.replace("?", "") as "text", (c) => (nullable ? c : c.notNull()));
    }
    builder = builder.addPrimaryKeyConstraint(`${table.name}Pk`, table.primaryKey as never);
    if (table.unique) builder = builder.addUniqueConstraint(`${table.name}Unique`, table.unique as never);
    await builder.execute();
  }
  // The article lists read one journal's articles issue by issue.
  await db.schema.createIndex("articleByIssue").on("article").columns(["journalId", "issueId", "position"]).execute();
  await db.schema.createIndex("issueByDate").on("issue").columns(["journalId", "publishedOn"]).execute();
}

export async function down(db: Db): Promise<void> {
  for (const table of [...tables].reverse()) {
    await db.schema.dropTable(table.name).execute();
  }
}
