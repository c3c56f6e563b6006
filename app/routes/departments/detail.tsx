import { href } from "../../../contract/route-table.ts";
import { DepartmentCard } from "../../components/department-card.tsx";
import { Link } from "../../components/link.tsx";
import { PageHeader } from "../../components/page-header.tsx";
import { Photo } from "../../components/photo.tsx";
import { RichText } from "../../components/rich-text.tsx";
import { useLocale, useMessages } from "../../i18n.ts";
import { loaderBase, orNotFound } from "../../lib/load.server.ts";
import type { Route } from "./+types/detail";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { api, locale } = loaderBase(request, context);
  const department = await orNotFound(request, api.department(locale, params.slug));
  return { department, alternates: department.alternates };
}

export default function DepartmentDetail({ loaderData: { department } }: Route.ComponentProps) {
  const t = useMessages();
  const locale = useLocale();
  return (
    <>
      <PageHeader
        title={department.name}
        eyebrow={
          <Link to={href("departments", {}, locale)} className="hover:underline">
            {t.departments.title}
          </Link>
        }
      />
      <div className="page grid gap-10 py-10 lg:grid-cols-[1fr_24rem]">
        <div>
          {department.image && (
            <Photo
              image={department.image}
              width={752}
              sizes="(min-width: 1152px) 752px, (min-width: 1024px) calc(100vw - 30rem), calc(100vw - 2rem)"
              priority
              className="mb-8"
            />
          )}
          <RichText html={department.descriptionHtml} />
        </div>
        <div className="self-start">
          <DepartmentCard department={department} linked={false} />
        </div>
      </div>
    </>
  );
}
