import type { Kysely } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and do not follow the current row types.
type Db = Kysely<any>;

/**
 * The scholarly record: an article's status, rights, funding, versions and galleys; its authors'
 * structured names, affiliations and roles; the relations of notices to the works they change;
 * reference lists; full texts. Nested, read-together data (affiliations, roles, funding) is JSON
 * text, as keywords already are. Full texts and galleys are served by this site, so the links to
 * another host go.
 */
export async function up(db: Db): Promise<void> {
  const json = (table: string, column: string) =>
    db.schema
      .alterTable(table)
      .addColumn(column, "text", (c) => c.notNull().defaultTo("[]"))
      .execute();
  const nullable = (table: string, column: string, type: "text" | "integer") => db.schema.alterTable(table).addColumn(column, type).execute();

  await db.schema
    .alterTable("article")
    .addColumn("status", "text", (c) => c.notNull().defaultTo("published"))
    .execute();
  for (const column of ["modifiedOn", "licenceName", "licenceUrl", "copyrightHolder"]) await nullable("article", column, "text");
  await nullable("article", "copyrightYear", "integer");
  for (const column of ["funding", "versions", "galleys"]) await json("article", column);
  await db.schema.alterTable("article").dropColumn("fullTextUrl").execute();
  await db.schema.alterTable("article").dropColumn("pdfUrl").execute();
  // The OAI-PMH datestamp: the last change to the record (modifiedOn) or else its publication.
  await db.schema
    .alterTable("article")
    .addColumn("datestamp", "text", (c) => c.notNull().defaultTo(""))
    .execute();
  await db.schema.dropIndex("articleByDate").execute();
  await db.schema.createIndex("articleByDatestamp").on("article").columns(["datestamp", "journalId", "id"]).execute();
  // A harvest of one journal's set, paged by key like the whole repository's.
  await db.schema.createIndex("articleByJournalDatestamp").on("article").columns(["journalId", "datestamp", "id"]).execute();

  for (const column of ["given", "email"]) await nullable("articleAuthor", column, "text");
  await db.schema
    .alterTable("articleAuthor")
    .addColumn("family", "text", (c) => c.notNull().defaultTo(""))
    .execute();
  await db.schema
    .alterTable("articleAuthor")
    .addColumn("corresponding", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  for (const column of ["roles", "affiliations"]) await json("articleAuthor", column);
  await db.schema.alterTable("articleAuthor").dropColumn("affiliation").execute();

  await nullable("bookContributor", "given", "text");
  await nullable("bookContributor", "orcid", "text");
  await db.schema
    .alterTable("bookContributor")
    .addColumn("family", "text", (c) => c.notNull().defaultTo(""))
    .execute();
  await json("bookContributor", "affiliations");

  await db.schema.alterTable("searchDocument").addColumn("publishedOn", "text").execute();

  await db.schema
    .createTable("articleRelation")
    .addColumn("journalId", "text", (c) => c.notNull())
    .addColumn("articleId", "text", (c) => c.notNull())
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("targetArticleId", "text")
    .addColumn("targetDoi", "text")
    .addPrimaryKeyConstraint("articleRelationPk", ["journalId", "articleId", "position"])
    .execute();
  // A work's page names the notices that change it.
  await db.schema.createIndex("articleRelationByTarget").on("articleRelation").columns(["journalId", "targetArticleId"]).execute();

  await db.schema
    .createTable("articleReference")
    .addColumn("journalId", "text", (c) => c.notNull())
    .addColumn("articleId", "text", (c) => c.notNull())
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("refId", "text", (c) => c.notNull())
    .addColumn("text", "text", (c) => c.notNull())
    .addColumn("doi", "text")
    .addColumn("url", "text")
    /** The structured parts (type, authors, title, container, year…) as JSON. */
    .addColumn("parts", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("articleReferencePk", ["journalId", "articleId", "position"])
    .execute();

  await db.schema
    .createTable("articleFullText")
    .addColumn("journalId", "text", (c) => c.notNull())
    .addColumn("articleId", "text", (c) => c.notNull())
    .addColumn("html", "text", (c) => c.notNull())
    .addColumn("jats", "text", (c) => c.notNull())
    .addColumn("outline", "text", (c) => c.notNull())
    .addColumn("citedAt", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("articleFullTextPk", ["journalId", "articleId"])
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.alterTable("searchDocument").dropColumn("publishedOn").execute();
  for (const table of ["articleFullText", "articleReference", "articleRelation"]) await db.schema.dropTable(table).execute();
  for (const column of ["given", "orcid", "family", "affiliations"]) await db.schema.alterTable("bookContributor").dropColumn(column).execute();
  await db.schema.alterTable("articleAuthor").addColumn("affiliation", "text").execute();
  for (const column of ["given", "email", "family", "corresponding", "roles", "affiliations"])
    await db.schema.alterTable("articleAuthor").dropColumn(column).execute();
  await db.schema.alterTable("article").addColumn("fullTextUrl", "text").execute();
  await db.schema.alterTable("article").addColumn("pdfUrl", "text").execute();
  await db.schema.dropIndex("articleByDatestamp").execute();
  await db.schema.dropIndex("articleByJournalDatestamp").execute();
  await db.schema.createIndex("articleByDate").on("article").columns(["publishedOn", "journalId", "id"]).execute();
  for (const column of [
    "datestamp",
    "status",
    "modifiedOn",
    "licenceName",
    "licenceUrl",
    "copyrightHolder",
    "copyrightYear",
    "funding",
    "versions",
    "galleys",
  ]) {
    await db.schema.alterTable("article").dropColumn(column).execute();
  }
}
