import { useLocation } from "react-router";
import { href, type StaticRouteId } from "../../../contract/route-table.ts";
import { NavLink } from "../../components/link.tsx";
import { PageHeader } from "../../components/page-header.tsx";
import { SideNavLayout } from "../../components/side-nav-layout.tsx";
import { useLocale, useMessages } from "../../i18n.ts";

/** The contact hub: its topics beside the current topic's page. */
export default function ContactLayout() {
  const t = useMessages();
  const locale = useLocale();
  const onHub = useLocation().pathname === href("contact-main", {}, locale);
  const topics: { id: StaticRouteId; label: string }[] = [
    { id: "contact-main", label: t.contact.main },
    { id: "contact-finance", label: t.contact.finance },
    { id: "contact-journal-operations", label: t.contact.journalOperations },
    { id: "contact-permission-request", label: t.contact.permissionRequest },
    { id: "contact-quote-request", label: t.contact.quoteRequest },
  ];
  return (
    <>
      {/* Each topic's page sets the document's title: one <title>, the page's own. */}
      <PageHeader title={t.contact.title} documentTitle={null} />
      <SideNavLayout
        nav={
          // On a phone the hub's own page lists the same topics, described (FormChoices), first: the strip would say it twice.
          <nav aria-label={t.contact.sections} className={`min-w-0 lg:self-start ${onHub ? "max-lg:hidden" : ""}`}>
            <ul className="flex flex-wrap gap-1 lg:grid">
              {topics.map((topic) => (
                <li key={topic.id}>
                  <NavLink to={href(topic.id, {}, locale)} end className="side-nav-link text-sm whitespace-nowrap">
                    {topic.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        }
      />
    </>
  );
}
