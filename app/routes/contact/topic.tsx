import { DepartmentCard } from "../../components/department-card.tsx";
import { PageTitle } from "../../components/page-title.tsx";
import { useMessages } from "../../i18n.ts";
import { loaderBase } from "../../lib/load.server.ts";
import { whichRoute } from "../../lib/which-route.ts";
import type { Route } from "./+types/topic";
import { departmentById, topicDepartments } from "./departments.server.ts";

const topics = ["contact-finance", "contact-journal-operations", "contact-permission-request", "contact-quote-request"] as const;

/** A contact topic (finance, journal operations, permission request, quotes): who handles it and how to reach them. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { api, locale } = loaderBase(request, context);
  const topic = whichRoute(request.url, topics) ?? "contact-finance";
  return { topic, department: await departmentById(api, locale, topicDepartments[topic]) };
}

/** Each topic's key in the `contact` messages (its title, and its intro under `intros`). */
const messageKeys = {
  "contact-finance": "finance",
  "contact-journal-operations": "journalOperations",
  "contact-permission-request": "permissionRequest",
  "contact-quote-request": "quoteRequest",
} as const;

export default function ContactTopic({ loaderData: { topic, department } }: Route.ComponentProps) {
  const t = useMessages();
  const key = messageKeys[topic];
  const title = t.contact[key];
  return (
    <div>
      <PageTitle title={`${title} · ${t.contact.title}`} />
      <h2 className="font-serif text-3xl">{title}</h2>
      <p className="mt-3 max-w-2xl text-lg text-stone-600">{t.contact.intros[key]}</p>
      {department && (
        <div className="mt-8 max-w-xl">
          <p className="eyebrow mb-2">{t.contact.department}</p>
          <DepartmentCard department={department} />
        </div>
      )}
    </div>
  );
}
