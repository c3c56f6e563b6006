import type { DepartmentDetail, DepartmentSummary, Locale } from "../../../contract/api-types.ts";
import type { ContentDb } from "../../db/database.ts";
import { alternatesOf } from "./alternates.ts";
import { imageOf } from "./content-image.ts";
import { byOrder } from "./order.ts";

function select(db: ContentDb, locale: Locale) {
  return db
    .selectFrom("department as d")
    .innerJoin("departmentText as t", "t.departmentId", "d.id")
    .where("t.locale", "=", locale)
    .select(["d.id", "t.slug", "t.name", "d.email", "d.phone", "d.sortOrder as order"])
    .select(["d.image", "d.imageAuthor", "d.imageLicence", "d.imageLicenceUrl", "t.imageAlt"]);
}

/** A department row as the API answers it: its photograph in one field. */
function summaryOf<T extends Parameters<typeof imageOf>[0]>(row: T) {
  const { image, imageAuthor, imageLicence, imageLicenceUrl, imageAlt, ...rest } = row;
  return { ...rest, image: imageOf(row) };
}

export async function listDepartments(db: ContentDb, locale: Locale): Promise<DepartmentSummary[]> {
  const rows = await select(db, locale).orderBy(byOrder("d.sortOrder")).orderBy("t.name").execute();
  return rows.map(summaryOf);
}

export async function findDepartment(db: ContentDb, locale: Locale, slug: string): Promise<DepartmentDetail | undefined> {
  const department = await select(db, locale).where("t.slug", "=", slug).select("t.descriptionHtml").executeTakeFirst();
  if (!department) return undefined;
  const [staff, alternates] = await Promise.all([
    db
      .selectFrom("departmentStaff")
      .where("departmentId", "=", department.id)
      .where("locale", "=", locale)
      .select(["name", "email", "role"])
      .orderBy("position")
      .execute(),
    alternatesOf(db.selectFrom("departmentText").where("departmentId", "=", department.id)),
  ]);
  return { ...summaryOf(department), descriptionHtml: department.descriptionHtml, staff, alternates };
}
