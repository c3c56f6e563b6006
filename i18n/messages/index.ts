import type { Locale } from "../locales.ts";
import { en, type Messages } from "./en.ts";
import { tr } from "./tr.ts";

export type { Messages };
export const messages: Record<Locale, Messages> = { en, tr };

/**
 * The namespaces the browser's copy of a locale's messages leaves out (scripts/client-messages.ts,
 * decision 027): the forms' come with the form pages' code (app/components/form/messages.ts), and
 * the API's are the server's only.
 */
export const browserOmits = ["api", "forms"] as const;
/** What pages read (useMessages). */
export type PageMessages = Omit<Messages, (typeof browserOmits)[number]>;
