import { DepartmentCard } from "../components/department-card.tsx";
import { ContactFormSection, useFormPageTitle } from "../components/form/contact-form-section.tsx";
import { PageHeader } from "../components/page-header.tsx";
import { useMessages } from "../i18n.ts";
import { formPageHeaders } from "../lib/forms/form-page.server.ts";
import type { Route } from "./+types/permission-form";
import { formRouteAction, loadFormRoute } from "./contact/form-route.server.ts";

export const headers = formPageHeaders;

export const loader = ({ request, context }: Route.LoaderArgs) => loadFormRoute(request, context, "permission");

export const action = ({ request, context }: Route.ActionArgs) => formRouteAction(request, context, "permission");

/** The standalone permission form: the same form as the contact hub's permission request. */
export default function PermissionForm({ loaderData: { department, form }, actionData }: Route.ComponentProps) {
  const t = useMessages();
  return (
    <>
      <PageHeader title={t.permissionForm.title} documentTitle={useFormPageTitle(t.permissionForm.title, actionData)} lead={t.permissionForm.lead} />
      <div className="page grid gap-10 py-10 xl:grid-cols-[1fr_22rem]">
        <div className="min-w-0 max-w-3xl">
          <ContactFormSection form={form} department={department} failure={actionData} />
        </div>
        {department && (
          <div className="self-start">
            <p className="eyebrow mb-2">{t.contact.department}</p>
            <DepartmentCard department={department} />
          </div>
        )}
      </div>
    </>
  );
}
