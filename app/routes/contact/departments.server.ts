import type { Locale } from "../../../i18n/locales.ts";
import type { ApiClient } from "../../lib/api-client.server.ts";

/** Which department answers each contact topic (content/README.md). */
export const topicDepartments = {
  "contact-main": "editorial-office",
  "contact-finance": "finance",
  "contact-journal-operations": "journal-operations",
  "contact-permission-request": "permissions",
  "contact-quote-request": "partnerships",
  "permission-form": "permissions",
} as const;

/** A department's full details by its id (the API addresses departments by localized slug). */
export async function departmentById(api: ApiClient, locale: Locale, id: string) {
  const { Items } = await api.departments(locale);
  const summary = Items.find((d) => d.id === id);
  return summary ? api.department(locale, summary.slug) : undefined;
}
