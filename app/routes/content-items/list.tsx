import { href } from "../../../contract/route-table.ts";
import { whichRoute } from "../../../contract/which-route.ts";
import { Icon } from "../../components/icon.tsx";
import { Link } from "../../components/link.tsx";
import { ListPage } from "../../components/list-page.tsx";
import { siteConfigContext } from "../../context.server.ts";
import { useLocale, useMessages } from "../../i18n.ts";
import { withIcons } from "../../lib/icons.server.ts";
import { loaderBase, orUnavailable } from "../../lib/load.server.ts";
import type { Route } from "./+types/list";

/** The services list and the policies list: the same content item, two types. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { api, locale } = loaderBase(request, context);
  const type = whichRoute(request.url, ["services", "policies"]) ?? "services";
  const list = await orUnavailable(type === "services" ? api.services(locale) : api.policies(locale));
  return { type, items: list && (await withIcons(list.Items, context.get(siteConfigContext).iconApiUrl)) };
}

export default function ContentItemList({ loaderData: { type, items } }: Route.ComponentProps) {
  const t = useMessages();
  const locale = useLocale();
  const text = type === "services" ? t.services : t.policies;
  const detail = type === "services" ? "service" : "policy";
  return (
    <ListPage
      title={text.title}
      lead={text.lead}
      items={items}
      gridClassName="grid gap-4 md:grid-cols-2"
      renderItem={(item) => (
        <Link to={href(detail, { slug: item.slug }, locale)} className="card-link flex h-full gap-4">
          <span className="mt-1 shrink-0 text-orange-700">
            <Icon id={item.iconId} />
          </span>
          <span>
            <span className="block text-lg font-semibold text-stone-900">{item.title}</span>
            <span className="mt-1 block text-stone-600">{item.description}</span>
          </span>
        </Link>
      )}
    />
  );
}
