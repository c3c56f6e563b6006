import { DepartmentCard } from "../components/department-card.tsx";
import { PageHeader } from "../components/page-header.tsx";
import { useMessages } from "../i18n.ts";
import { loaderBase } from "../lib/load.server.ts";
import type { Route } from "./+types/permission-form";
import { departmentById, topicDepartments } from "./contact/departments.server.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { api, locale } = loaderBase(request, context);
  return { department: await departmentById(api, locale, topicDepartments["permission-form"]) };
}

export default function PermissionForm({ loaderData: { department } }: Route.ComponentProps) {
  const t = useMessages();
  return (
    <>
      <PageHeader title={t.permissionForm.title} lead={t.permissionForm.lead} />
      <div className="page py-10">
        {department && (
          <div className="max-w-xl">
            <DepartmentCard department={department} />
          </div>
        )}
      </div>
    </>
  );
}
