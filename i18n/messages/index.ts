import type { Locale } from "../locales.ts";
import { en, type Messages } from "./en.ts";
import { tr } from "./tr.ts";

export type { Messages };
export const messages: Record<Locale, Messages> = { en, tr };
