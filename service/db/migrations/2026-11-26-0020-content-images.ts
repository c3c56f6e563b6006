import type { Kysely } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and do not follow the current row types.
type Db = Kysely<any>;

/**
 * A photograph or illustration on a page (about) and on a department: its file under the image
 * origin, its credit where its licence asks for one (author, licence name and URL) and its text
 * alternative per locale ("" for a decorative one). All empty when the item has no image.
 */
export async function up(db: Db): Promise<void> {
  for (const table of ["page", "department"]) {
    await db.schema.alterTable(table).addColumn("image", "text").execute();
    await db.schema.alterTable(table).addColumn("imageAuthor", "text").execute();
    await db.schema.alterTable(table).addColumn("imageLicence", "text").execute();
    await db.schema.alterTable(table).addColumn("imageLicenceUrl", "text").execute();
  }
  await db.schema.alterTable("page").addColumn("imageAlt", "text").execute();
  await db.schema.alterTable("departmentText").addColumn("imageAlt", "text").execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.alterTable("departmentText").dropColumn("imageAlt").execute();
  await db.schema.alterTable("page").dropColumn("imageAlt").execute();
  for (const table of ["page", "department"]) {
    for (const column of ["image", "imageAuthor", "imageLicence", "imageLicenceUrl"]) {
      await db.schema.alterTable(table).dropColumn(column).execute();
    }
  }
}
