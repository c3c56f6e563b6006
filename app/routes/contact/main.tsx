import { DepartmentCard } from "../../components/department-card.tsx";
import { PageTitle } from "../../components/page-title.tsx";
import { RichText } from "../../components/rich-text.tsx";
import { useMessages } from "../../i18n.ts";
import { loaderBase, orNotFound } from "../../lib/load.server.ts";
import type { Route } from "./+types/main";
import { departmentById, topicDepartments } from "./departments.server.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { api, locale } = loaderBase(request, context);
  const [page, department] = await Promise.all([
    orNotFound(request, api.page(locale, "contact")),
    departmentById(api, locale, topicDepartments["contact-main"]),
  ]);
  return { page, department };
}

export default function ContactMain({ loaderData: { page, department } }: Route.ComponentProps) {
  const t = useMessages();
  return (
    <div className="grid gap-8 xl:grid-cols-[1fr_22rem]">
      <PageTitle title={t.contact.title} />
      <RichText html={page.bodyHtml} />
      {department && (
        <div className="self-start">
          <DepartmentCard department={department} />
        </div>
      )}
    </div>
  );
}
