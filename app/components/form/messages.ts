/**
 * The forms' messages: the browser's copy of a locale's messages leaves them out (decision 027),
 * and the form pages' code carries both locales' instead (scripts/client-messages.ts).
 */

import formMessages from "virtual:meridian/form-messages";
import { useMemo } from "react";
import { useLocale, useMessages } from "../../i18n.ts";

/** The page's messages with the forms' (`t.forms`). */
export function useFormMessages() {
  const t = useMessages();
  const locale = useLocale();
  return useMemo(() => ({ ...t, forms: formMessages[locale] }), [t, locale]);
}
