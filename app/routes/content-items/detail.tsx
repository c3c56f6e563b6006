import { href } from "../../../contract/route-table.ts";
import { whichRoute } from "../../../contract/which-route.ts";
import { Icon } from "../../components/icon.tsx";
import { Link } from "../../components/link.tsx";
import { PageHeader } from "../../components/page-header.tsx";
import { RichText } from "../../components/rich-text.tsx";
import { TableOfContents } from "../../components/table-of-contents.tsx";
import { siteConfigContext } from "../../context.server.ts";
import { format, useLocale, useMessages } from "../../i18n.ts";
import { iconSymbol } from "../../lib/icons.server.ts";
import { loaderBase, orNotFound } from "../../lib/load.server.ts";
import { withSections } from "../../lib/sections.server.ts";
import type { Route } from "./+types/detail";

/** A text of this many `##` sections or more gets a table of contents (every policy; no service, at four). */
const CONTENTS_FROM_SECTIONS = 5;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { api, locale } = loaderBase(request, context);
  const type = whichRoute(request.url, ["service", "policy"]) === "policy" ? "policies" : "services";
  const item = await orNotFound(request, api.contentItem(type, locale, params.slug));
  const { html, sections } = withSections(item.details);
  return {
    type,
    item: { ...item, details: html },
    sections: sections.length >= CONTENTS_FROM_SECTIONS ? sections : [],
    iconId: (await iconSymbol(item.icon, context.get(siteConfigContext).iconApiUrl))?.id ?? null,
    alternates: item.alternates,
  };
}

export default function ContentItemDetail({ loaderData: { type, item, sections, iconId } }: Route.ComponentProps) {
  const t = useMessages();
  const locale = useLocale();
  return (
    <>
      <PageHeader
        title={item.title}
        lead={item.description}
        icon={
          <span className="inline-flex shrink-0 rounded-lg bg-orange-50 p-2.5 text-orange-700">
            <Icon id={iconId} className="h-7 w-7" />
          </span>
        }
      />
      {/* The title block above and the text share the page's left edge; the contents sit beside the text on wide screens. */}
      <div className="page grid gap-8 py-10 lg:grid-cols-[minmax(0,1fr)_16rem] lg:gap-12">
        {sections.length > 0 && (
          <div className="lg:col-start-2 lg:row-start-1">
            <TableOfContents sections={sections} />
          </div>
        )}
        <div className="min-w-0 lg:col-start-1 lg:row-start-1">
          <RichText html={item.details} />
          {type === "services" && (
            <section aria-labelledby="quote-action" className="mt-12 max-w-xl rounded-lg border border-orange-200 bg-orange-50 p-6">
              <h2 id="quote-action" className="font-serif text-h3 text-stone-900">
                {t.wayfinding.quoteTitle}
              </h2>
              <p className="mt-2 text-stone-700">{format(t.wayfinding.quoteText, { service: item.title })}</p>
              <Link
                to={`${href("contact-quote-request", {}, locale)}?service=${encodeURIComponent(item.id)}`}
                className="btn-primary mt-4 inline-flex"
              >
                {t.wayfinding.quoteAction}
              </Link>
            </section>
          )}
        </div>
      </div>
    </>
  );
}
