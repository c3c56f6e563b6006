import { href } from "../../../contract/route-table.ts";
import { whichRoute } from "../../../contract/which-route.ts";
import { Icon } from "../../components/icon.tsx";
import { Link } from "../../components/link.tsx";
import { PageHeader } from "../../components/page-header.tsx";
import { RichText } from "../../components/rich-text.tsx";
import { siteConfigContext } from "../../context.server.ts";
import { useLocale, useMessages } from "../../i18n.ts";
import { iconSvg } from "../../lib/icons.server.ts";
import { loaderBase, orNotFound } from "../../lib/load.server.ts";
import type { Route } from "./+types/detail";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { api, locale } = loaderBase(request, context);
  const type = whichRoute(request.url, ["service", "policy"]) === "policy" ? "policies" : "services";
  const item = await orNotFound(request, api.contentItem(type, locale, params.slug));
  return { type, item, iconSvg: await iconSvg(item.icon, context.get(siteConfigContext).iconApiUrl), alternates: item.alternates };
}

export default function ContentItemDetail({ loaderData: { type, item, iconSvg } }: Route.ComponentProps) {
  const t = useMessages();
  const locale = useLocale();
  const list = type === "services" ? "services" : "policies";
  return (
    <>
      <PageHeader
        title={item.title}
        lead={item.description}
        eyebrow={
          <Link to={href(list, {}, locale)} className="hover:underline">
            {type === "services" ? t.services.title : t.policies.title}
          </Link>
        }
      >
        <span className="mt-6 inline-flex rounded-lg bg-orange-50 p-3 text-orange-700">
          <Icon svg={iconSvg} className="h-8 w-8" />
        </span>
      </PageHeader>
      <div className="page-narrow py-10">
        <RichText html={item.details} />
      </div>
    </>
  );
}
