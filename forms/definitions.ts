/**
 * The contact hub's forms and the standalone permission form, as data: each form's fields, in the
 * order they are shown, and the department that receives it. The zod schemas (schemas.ts), the
 * rendering (app/components/form/) and the e-mail to the department are all derived from this.
 */

export const formKinds = ["contact", "finance", "journal-operations", "permission", "quote"] as const;
export type FormKind = (typeof formKinds)[number];

export const isFormKind = (value: unknown): value is FormKind => (formKinds as readonly unknown[]).includes(value);

/** The department (content/demo/departments) that receives each form. */
export const formDepartments: Record<FormKind, string> = {
  contact: "editorial-office",
  finance: "finance",
  "journal-operations": "journal-operations",
  permission: "permissions",
  quote: "partnerships",
};

/** Choices of the select fields; their labels are `forms.options.{field}.{choice}` in the messages. */
export const fieldChoices = {
  financeTopic: ["invoice", "payment", "waiver", "refund", "other"],
  intendedUse: ["thesis", "journal-article", "book", "teaching", "commercial", "other"],
  timeline: ["within-a-month", "one-to-three-months", "three-to-six-months", "flexible"],
} as const;

export type FieldSpec =
  | { name: TextFieldName; type: "text" | "email" | "textarea"; required: boolean; max: number; autoComplete?: string }
  | { name: "phone"; type: "phone"; required: boolean }
  | { name: keyof typeof fieldChoices; type: "select"; required: true }
  /** A choice among the journals (their ids), given by the page. */
  | { name: "journal"; type: "journal"; required: true }
  /** One or more of the publisher's services (their ids), given by the page. */
  | { name: "services"; type: "services"; required: true }
  | { name: "consent"; type: "consent"; required: true };

type TextFieldName = "name" | "email" | "organization" | "subject" | "invoiceNumber" | "manuscriptId" | "work" | "material" | "message";
export type FieldName = FieldSpec["name"];

const name: FieldSpec = { name: "name", type: "text", required: true, max: 120, autoComplete: "name" };
const email: FieldSpec = { name: "email", type: "email", required: true, max: 254, autoComplete: "email" };
const phone: FieldSpec = { name: "phone", type: "phone", required: false };
const organization = (required: boolean): FieldSpec => ({ name: "organization", type: "text", required, max: 200, autoComplete: "organization" });
const message: FieldSpec = { name: "message", type: "textarea", required: true, max: 5000 };
const consent: FieldSpec = { name: "consent", type: "consent", required: true };

export const formFields: Record<FormKind, readonly FieldSpec[]> = {
  contact: [name, email, phone, organization(false), { name: "subject", type: "text", required: true, max: 200 }, message, consent],
  finance: [
    name,
    email,
    phone,
    organization(false),
    { name: "financeTopic", type: "select", required: true },
    { name: "invoiceNumber", type: "text", required: false, max: 60 },
    message,
    consent,
  ],
  "journal-operations": [
    name,
    email,
    phone,
    { name: "journal", type: "journal", required: true },
    { name: "manuscriptId", type: "text", required: false, max: 60 },
    message,
    consent,
  ],
  permission: [
    name,
    email,
    phone,
    organization(false),
    { name: "work", type: "text", required: true, max: 300 },
    { name: "material", type: "textarea", required: true, max: 1000 },
    { name: "intendedUse", type: "select", required: true },
    message,
    consent,
  ],
  quote: [
    name,
    email,
    phone,
    organization(true),
    { name: "services", type: "services", required: true },
    { name: "timeline", type: "select", required: true },
    message,
    consent,
  ],
};

/** The bot check's name for a form's submissions (letters, digits and underscores only). */
export const botCheckAction = (kind: FormKind) => kind.replace(/-/g, "_");

/** The anti-abuse fields every form carries besides its own (see app/lib/forms/). */
export const guardFields = {
  /** Left empty by people; a hidden field that bots fill. */
  honeypot: "website",
  /** A signed timestamp of when the form was shown. */
  token: "formToken",
  /** The bot check's answer, when the bot check is configured. */
  botCheck: "botCheckToken",
} as const;
