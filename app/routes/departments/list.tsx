import { href } from "../../../contract/route-table.ts";
import { Link } from "../../components/link.tsx";
import { ListPage } from "../../components/list-page.tsx";
import { PhotoCredit, PhotoImage } from "../../components/photo.tsx";
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
        // The whole card is the department's link (its ::after covers the card); the credit's licence link sits above it.
        <div className="card-link relative h-full overflow-hidden p-0">
          {d.image && (
            <PhotoImage
              image={d.image}
              alt=""
              width={560}
              wide
              sizes="(min-width: 1152px) 560px, (min-width: 768px) calc(50vw - 2.5rem), calc(100vw - 2rem)"
            />
          )}
          <div className="p-5">
            <Link to={href("department", { slug: d.slug }, locale)} className="block font-serif text-h4 text-stone-900 after:absolute after:inset-0">
              {d.name}
            </Link>
            <span className="mt-2 block text-sm text-stone-600">
              {d.email} · <span className="whitespace-nowrap">{d.phone}</span>
            </span>
            {d.image?.credit && (
              <p className="relative mt-3 text-xs text-stone-600">
                <PhotoCredit credit={d.image.credit} />
              </p>
            )}
          </div>
        </div>
      )}
    />
  );
}
