/**
 * Stores an accepted submission and its e-mail to the department in one transaction, so the
 * visitor is told "sent" only once both are written. The id comes from the sender: sending the
 * same submission again (a retry after a lost answer) stores nothing twice.
 */
import type { FormKind } from "../../forms/definitions.ts";
import type { FormValues } from "../../forms/schemas.ts";
import type { Locale } from "../../i18n/locales.ts";
import type { ContentDb } from "../db/database.ts";

export interface NewSubmission {
  id: string;
  form: FormKind;
  locale: Locale;
  departmentId: string;
  values: FormValues;
  /** The number in international format, when one was given. */
  phone: string | null;
}

export interface Mail {
  recipient: string;
  replyTo: string;
  subject: string;
  body: string;
}

/** Writes the submission and its outbox row; `false` when a submission with this id exists already. */
export async function storeSubmission(db: ContentDb, submission: NewSubmission, mail: Mail, now = new Date()): Promise<boolean> {
  const { name, email, phone: _typed, phoneCountry: _country, ...fields } = submission.values;
  const createdAt = now.toISOString();
  return db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto("submission")
      .values({
        id: submission.id,
        form: submission.form,
        locale: submission.locale,
        departmentId: submission.departmentId,
        name: String(name),
        email: String(email),
        phone: submission.phone,
        fields: JSON.stringify(fields),
        createdAt,
      })
      .onConflict((oc) => oc.column("id").doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return false;
    await trx
      .insertInto("outbox")
      .values({ submissionId: submission.id, ...mail, nextAttemptAt: createdAt, lockedUntil: null, deliveredAt: null, lastError: null })
      .execute();
    return true;
  });
}
