import { href } from "../../contract/route-table.ts";
import { Link } from "../components/link.tsx";
import { PageHeader } from "../components/page-header.tsx";
import { Photo } from "../components/photo.tsx";
import { RichText } from "../components/rich-text.tsx";
import { useLocale, useMessages } from "../i18n.ts";
import { loaderBase, orNotFound } from "../lib/load.server.ts";
import type { Route } from "./+types/about";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { api, locale } = loaderBase(request, context);
  return { page: await orNotFound(request, api.page(locale, "about")) };
}

export default function About({ loaderData: { page } }: Route.ComponentProps) {
  const t = useMessages();
  const locale = useLocale();
  return (
    <>
      <PageHeader title={page.title} />
      <div className="page-narrow py-10">
        {page.image && (
          <Photo image={page.image} width={576} sizes="(min-width: 640px) 36rem, calc(100vw - 2rem)" priority className="mb-10 max-w-[36rem]" />
        )}
        <RichText html={page.bodyHtml} />
        <p className="mt-10">
          <Link to={href("departments", {}, locale)} className="btn-secondary">
            {t.departments.title}
          </Link>
        </p>
      </div>
    </>
  );
}
