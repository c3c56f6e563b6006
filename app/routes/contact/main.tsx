import { DepartmentCard } from "../../components/department-card.tsx";
import { ContactFormSection, useFormPageTitle } from "../../components/form/contact-form-section.tsx";
import { FormChoices } from "../../components/form/form-choices.tsx";
import { PageTitle } from "../../components/page-title.tsx";
import { RichText } from "../../components/rich-text.tsx";
import { useMessages } from "../../i18n.ts";
import { formPageHeaders } from "../../lib/forms/form-page.server.ts";
import { loaderBase, orNotFound } from "../../lib/load.server.ts";
import type { Route } from "./+types/main";
import { formRouteAction, loadFormRoute } from "./form-route.server.ts";

export const headers = formPageHeaders;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { api, locale } = loaderBase(request, context);
  const [page, formRoute] = await Promise.all([orNotFound(request, api.page(locale, "contact")), loadFormRoute(request, context, "contact")]);
  return { page, ...formRoute };
}

export const action = ({ request, context }: Route.ActionArgs) => formRouteAction(request, context, "contact");

export default function ContactMain({ loaderData: { page, department, form }, actionData }: Route.ComponentProps) {
  const t = useMessages();
  return (
    <div className="grid gap-8 xl:grid-cols-[1fr_22rem]">
      <PageTitle title={useFormPageTitle(t.contact.title, actionData)} />
      <div className="grid min-w-0 gap-10">
        <FormChoices />
        <RichText html={page.bodyHtml} />
        <ContactFormSection form={form} department={department} failure={actionData} />
      </div>
      {department && (
        <div className="self-start">
          <DepartmentCard department={department} />
        </div>
      )}
    </div>
  );
}
