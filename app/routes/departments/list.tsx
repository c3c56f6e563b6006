import { href } from "../../../contract/route-table.ts";
import { Link } from "../../components/link.tsx";
import { ListPage } from "../../components/list-page.tsx";
import { useLocale, useMessages } from "../../i18n.ts";
import { loaderBase, orUnavailable } from "../../lib/load.server.ts";
import type { Route } from "./+types/list";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { api, locale } = loaderBase(request, context);
  return { departments: (await orUnavailable(api.departments(locale)))?.Items ?? null };
}

export default function DepartmentList({ loaderData: { departments } }: Route.ComponentProps) {
  const t = useMessages();
  const locale = useLocale();
  return (
    <ListPage
      title={t.departments.title}
      lead={t.departments.lead}
      items={departments}
      gridClassName="grid gap-4 md:grid-cols-2"
      renderItem={(d) => (
        <Link to={href("department", { slug: d.slug }, locale)} className="card-link h-full">
          <span className="block font-serif text-h4 text-stone-900">{d.name}</span>
          <span className="mt-2 block text-sm text-stone-600">
            {d.email} · {d.phone}
          </span>
        </Link>
      )}
    />
  );
}
