/**
 * The e-mail a submission sends to its department: in the visitor's language, every field with
 * its label, choices by their names, the message last. Replying reaches the visitor (Reply-To).
 */
import { type FormKind, fieldChoices, formFields } from "../../forms/definitions.ts";
import type { FormValues } from "../../forms/schemas.ts";
import { format } from "../../i18n/format.ts";
import type { Locale } from "../../i18n/locales.ts";
import { messages } from "../../i18n/messages/index.ts";
import type { Mail } from "./store.ts";

export interface MailInput {
  reference: string;
  form: FormKind;
  locale: Locale;
  values: FormValues;
  /** The number in international format, when one was given. */
  phone: string | null;
  recipient: string;
  /** Titles of the journals and services the values name by id. */
  titles: { journals: ReadonlyMap<string, string>; services: ReadonlyMap<string, string> };
  sentAt: Date;
}

export function composeMail({ reference, form, locale, values, phone, recipient, titles, sentAt }: MailInput): Mail {
  const t = messages[locale].forms;
  const formTitle = t.formTitles[form];
  const shown = (name: string): string => {
    const value = values[name];
    if (name === "phone") return phone ?? "";
    if (name === "journal") return titles.journals.get(String(value)) ?? String(value);
    if (name === "services") return (value as string[]).map((id) => titles.services.get(id) ?? id).join(", ");
    if (name in fieldChoices) return (t.options as Record<string, Record<string, string>>)[name][String(value)] ?? String(value);
    return String(value ?? "");
  };
  const lines = formFields[form]
    .filter((spec) => spec.type !== "consent" && spec.name !== "message" && shown(spec.name))
    .map((spec) => `${t.fields[spec.name as keyof typeof t.fields]}: ${shown(spec.name)}`);
  const body = [
    format(t.mail.intro, { form: formTitle }),
    "",
    `${t.mail.reference}: ${reference}`,
    `${t.mail.sentAt}: ${sentAt.toISOString().replace("T", " ").slice(0, 16)} UTC`,
    `${t.mail.language}: ${messages[locale].language.names[locale]}`,
    "",
    ...lines,
    "",
    `${t.fields.message}:`,
    String(values.message),
    "",
  ].join("\n");
  return {
    recipient,
    replyTo: String(values.email),
    subject: format(t.mail.subject, { form: formTitle, name: String(values.name) }).replace(/[\r\n]+/g, " "),
    body,
  };
}
