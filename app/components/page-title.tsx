import { useMessages } from "../i18n.ts";

/** The document title: the page's name, then the publisher's name in the current locale. */
export function PageTitle({ title }: { title?: string }) {
  const t = useMessages();
  return <title>{title ? `${title} | ${t.site.name}` : t.site.name}</title>;
}
