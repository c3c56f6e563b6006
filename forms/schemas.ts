/**
 * One zod schema per form, derived from its fields (definitions.ts), used in the browser before
 * sending, in the page's action, and again by the content service before storing. Each issue's
 * message is a code whose text is `forms.errors.{code}` in the messages of the visitor's locale.
 * The phone number is checked against its country's numbering rules by forms/phone.ts, imported
 * only when a number was typed, so the browser loads libphonenumber's metadata only on form pages.
 */
import { z } from "zod";
import { type FieldSpec, type FormKind, fieldChoices, formFields } from "./definitions.ts";
import { PHONE_MAX_LENGTH } from "./phone-shared.ts";

export type FieldErrorCode = "required" | "email" | "tooLong" | "choose" | "chooseOne" | "consent" | "phoneInvalid";
/** What a visitor typed, field by field, as the form sends it. */
export type FormValues = Record<string, string | string[]>;
/** The ids a page offers in its journal and services fields. */
export interface FormChoices {
  journals: readonly string[];
  services: readonly string[];
}

const COUNTRY = /^[A-Z]{2}$/;

const oneOf = (values: readonly string[], code: FieldErrorCode) => z.string().refine((value) => values.includes(value), code);

function fieldSchema(spec: FieldSpec, choices: FormChoices) {
  switch (spec.type) {
    case "text":
    case "textarea": {
      const text = z.string().trim().max(spec.max, "tooLong");
      return spec.required ? text.min(1, "required") : text;
    }
    case "email":
      return z.string().trim().min(1, "required").max(spec.max, "tooLong").pipe(z.email("email"));
    case "phone": {
      const phone = z.string().trim().max(PHONE_MAX_LENGTH, "phoneInvalid");
      return spec.required ? phone.min(1, "required") : phone;
    }
    case "select":
      return oneOf(fieldChoices[spec.name], "choose");
    case "journal":
      return oneOf(choices.journals, "choose");
    case "services":
      return z.array(oneOf(choices.services, "chooseOne")).min(1, "chooseOne");
    case "consent":
      return z.literal("on", "consent");
  }
}

export function formSchema(kind: FormKind, choices: FormChoices) {
  const shape: Record<string, z.ZodType> = { phoneCountry: z.string().regex(COUNTRY, "phoneInvalid") };
  for (const spec of formFields[kind]) shape[spec.name] = fieldSchema(spec, choices);
  return z.object(shape).refine(
    async (values) => {
      const { readPhone } = await import("./phone.ts");
      return readPhone(String(values.phone), String(values.phoneCountry)).valid;
    },
    { path: ["phone"], message: "phoneInvalid", when: ({ value }) => typeof value === "object" && Boolean((value as FormValues)?.phone) },
  );
}

/** The ids of the journals and services a page offers as [id, title] pairs. */
export const choiceIds = (choices: {
  journals: readonly (readonly [string, string])[];
  services: readonly (readonly [string, string])[];
}): FormChoices => ({
  journals: choices.journals.map(([id]) => id),
  services: choices.services.map(([id]) => id),
});

/** The values of a form's fields in a posted form (a missing field is empty; files are ignored). */
export function formValues(kind: FormKind, data: FormData): FormValues {
  const text = (name: string) => {
    const value = data.get(name);
    return typeof value === "string" ? value : "";
  };
  const values: FormValues = { phoneCountry: text("phoneCountry") || "TR" };
  for (const spec of formFields[kind]) {
    values[spec.name] = spec.type === "services" ? data.getAll(spec.name).filter((v) => typeof v === "string") : text(spec.name);
  }
  return values;
}

export type FieldErrors = Partial<Record<string, FieldErrorCode>>;

/** Validates a form's values: the parsed values, or each field's first error. */
export async function validateForm(
  kind: FormKind,
  values: FormValues,
  choices: FormChoices,
): Promise<{ ok: true; values: FormValues } | { ok: false; errors: FieldErrors }> {
  const result = await formSchema(kind, choices).safeParseAsync(values);
  if (result.success) return { ok: true, values: result.data as FormValues };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? "form");
    errors[field === "phoneCountry" ? "phone" : field] ??= issue.message as FieldErrorCode;
  }
  return { ok: false, errors };
}
