/** The current locale and its messages, from the URL (English at the root, Turkish under /tr). */
import { useLocation } from "react-router";
import { type Locale, localeOfPath } from "../i18n/locales.ts";
import { type Messages, messages } from "../i18n/messages/index.ts";

export function useLocale(): Locale {
  return localeOfPath(useLocation().pathname);
}

export function useMessages(): Messages {
  return messages[useLocale()];
}

export { format, plural } from "../i18n/format.ts";
