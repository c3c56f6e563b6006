import type { BookSummary } from "../../contract/api-types.ts";
import { format } from "../../i18n/format.ts";
import type { Locale } from "../../i18n/locales.ts";
import type { PageMessages } from "../../i18n/messages/index.ts";
import { formatList } from "./formatting.ts";

/** "By A and B" for a monograph, "Edited by C" for an edited volume. */
export function contributorLine(contributors: BookSummary["contributors"], t: PageMessages, locale: Locale): string {
  const editors = contributors.filter((c) => c.role === "editor").map((c) => c.name);
  const authors = contributors.filter((c) => c.role === "author").map((c) => c.name);
  return authors.length > 0
    ? format(t.books.by, { names: formatList(authors, locale) })
    : format(t.books.editedBy, { names: formatList(editors, locale) });
}
