/** The loader and action of a page with a form (the contact hub's pages and the permission form). */
import type { RouterContextProvider } from "react-router";
import type { RouteId } from "../../../contract/route-table.ts";
import { type FormKind, formDepartments } from "../../../forms/definitions.ts";
import type { Locale } from "../../../i18n/locales.ts";
import type { ApiClient } from "../../../service/api/client.ts";
import { loadFormPage } from "../../lib/forms/form-page.server.ts";
import { submitForm } from "../../lib/forms/submit-form.server.ts";
import { loaderBase } from "../../lib/load.server.ts";

/** Which form each page carries. */
export const formOfRoute = {
  "contact-main": "contact",
  "contact-finance": "finance",
  "contact-journal-operations": "journal-operations",
  "contact-permission-request": "permission",
  "contact-quote-request": "quote",
  "permission-form": "permission",
} as const satisfies Partial<Record<RouteId, FormKind>>;

/** A department's full details by its id (the API addresses departments by localized slug); none when the service fails. */
async function departmentById(api: ApiClient, locale: Locale, id: string) {
  try {
    const { Items } = await api.departments(locale);
    const summary = Items.find((d) => d.id === id);
    return summary ? await api.department(locale, summary.slug) : undefined;
  } catch (error) {
    console.warn(`department ${id} unavailable: ${(error as Error).message}`);
    return undefined;
  }
}

export async function loadFormRoute(request: Request, context: Readonly<RouterContextProvider>, kind: FormKind) {
  const { api, locale } = loaderBase(request, context);
  const [form, department] = await Promise.all([
    loadFormPage(request, context, api, locale, kind),
    departmentById(api, locale, formDepartments[kind]),
  ]);
  return { form, department };
}

export function formRouteAction(request: Request, context: Readonly<RouterContextProvider>, kind: FormKind) {
  const { api, locale } = loaderBase(request, context);
  return submitForm(request, context, api, locale, kind);
}
