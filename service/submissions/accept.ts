/**
 * Accepting a submission the web process posts (it validated the values already, as the visitor
 * saw them): the values are checked again against the journals and services that exist now, the
 * department's e-mail is composed in the visitor's language, and both are stored in one transaction
 * (store.ts). The content API's `POST /api/submissions` only parses the envelope and answers.
 */
import { z } from "zod";
import { formDepartments, formKinds } from "../../forms/definitions.ts";
import { referenceOf, SUBMISSION_ID } from "../../forms/reference.ts";
import { type FieldErrors, validateForm } from "../../forms/schemas.ts";
import type { ContentDb } from "../db/database.ts";
import { formChoiceTitles } from "./choices.ts";
import { composeMail } from "./mail.ts";
import { storeSubmission } from "./store.ts";

/** What the web process posts for a submission it has accepted. */
export const submissionEnvelope = z.object({
  id: z.string().regex(SUBMISSION_ID),
  form: z.enum(formKinds),
  locale: z.enum(["en", "tr"]),
  values: z.record(z.string(), z.union([z.string(), z.array(z.string())])),
});
export type SubmissionEnvelope = z.infer<typeof submissionEnvelope>;

export type Acceptance =
  /** `stored` is false when a submission with this id was stored before (a retry). */
  { ok: true; reference: string; stored: boolean } | { ok: false; errors: FieldErrors };

export async function acceptSubmission(db: ContentDb, { id, form, locale, values }: SubmissionEnvelope, sentAt = new Date()): Promise<Acceptance> {
  const titles = await formChoiceTitles(db, locale);
  const result = await validateForm(form, values, { journals: [...titles.journals.keys()], services: [...titles.services.keys()] });
  if (!result.ok) return { ok: false, errors: result.errors };
  const departmentId = formDepartments[form];
  const department = await db.selectFrom("department").where("id", "=", departmentId).select("email").executeTakeFirst();
  if (!department) throw new Error(`no department '${departmentId}' to receive the ${form} form`);
  // The phone rules (libphonenumber's metadata) are loaded only when a submission comes.
  const { readPhone } = await import("../../forms/phone.ts");
  const phone = result.values.phone ? readPhone(String(result.values.phone), String(result.values.phoneCountry)).phone : null;
  const reference = referenceOf(id);
  const mail = composeMail({ reference, form, locale, values: result.values, phone, recipient: department.email, titles, sentAt });
  const stored = await storeSubmission(db, { id, form, locale, departmentId, values: result.values, phone }, mail, sentAt);
  return { ok: true, reference, stored };
}
