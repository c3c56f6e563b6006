import { whichRoute } from "../../../contract/which-route.ts";
import { DepartmentCard } from "../../components/department-card.tsx";
import { ContactFormSection, useFormPageTitle } from "../../components/form/contact-form-section.tsx";
import { PageTitle } from "../../components/page-title.tsx";
import { useMessages } from "../../i18n.ts";
import { formPageHeaders } from "../../lib/forms/form-page.server.ts";
import type { Route } from "./+types/topic";
import { formOfRoute, formRouteAction, loadFormRoute } from "./form-route.server.ts";

const topics = ["contact-finance", "contact-journal-operations", "contact-permission-request", "contact-quote-request"] as const;
const topicOf = (request: Request) => whichRoute(request.url, topics) ?? "contact-finance";

export const headers = formPageHeaders;

/** A contact topic (finance, journal operations, permission request, quotes): its form, and who handles it. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const topic = topicOf(request);
  return { topic, ...(await loadFormRoute(request, context, formOfRoute[topic])) };
}

export const action = ({ request, context }: Route.ActionArgs) => formRouteAction(request, context, formOfRoute[topicOf(request)]);

/** Each topic's key in the `contact` messages (its title, and its intro under `intros`). */
const messageKeys = {
  "contact-finance": "finance",
  "contact-journal-operations": "journalOperations",
  "contact-permission-request": "permissionRequest",
  "contact-quote-request": "quoteRequest",
} as const;

export default function ContactTopic({ loaderData: { topic, department, form }, actionData }: Route.ComponentProps) {
  const t = useMessages();
  const key = messageKeys[topic];
  const title = t.contact[key];
  return (
    <div className="grid gap-8 xl:grid-cols-[1fr_22rem]">
      <div className="min-w-0">
        <PageTitle title={useFormPageTitle(`${title} · ${t.contact.title}`, actionData)} />
        <h2 className="font-serif text-h2">{title}</h2>
        <p className="mt-3 max-w-2xl text-lg text-stone-600">{t.contact.intros[key]}</p>
        <div className="mt-8">
          <ContactFormSection form={form} department={department} failure={actionData} />
        </div>
      </div>
      {department && (
        <div className="self-start">
          <p className="eyebrow mb-2">{t.contact.department}</p>
          <DepartmentCard department={department} />
        </div>
      )}
    </div>
  );
}
