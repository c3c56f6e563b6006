import { href, type StaticRouteId } from "../../../contract/route-table.ts";
import { useLocale, useMessages } from "../../i18n.ts";
import { Link } from "../link.tsx";

/**
 * The contact hub's forms, listed first on its page: the general enquiry form further down this
 * page, and each topic's form on its own page, each with a line on what it is for.
 */
export function FormChoices() {
  const t = useMessages();
  const locale = useLocale();
  const topics: { id: StaticRouteId; label: string; intro: string }[] = [
    { id: "contact-finance", label: t.contact.finance, intro: t.contact.intros.finance },
    { id: "contact-journal-operations", label: t.contact.journalOperations, intro: t.contact.intros.journalOperations },
    { id: "contact-permission-request", label: t.contact.permissionRequest, intro: t.contact.intros.permissionRequest },
    { id: "contact-quote-request", label: t.contact.quoteRequest, intro: t.contact.intros.quoteRequest },
  ];
  const choice = "block h-full rounded-md border border-stone-200 bg-white px-4 py-3 hover:border-orange-300 hover:bg-orange-50";
  return (
    <section aria-labelledby="form-choices">
      <h2 id="form-choices" className="font-serif text-h3 text-stone-900">
        {t.wayfinding.formChoices}
      </h2>
      <ul className="mt-3 grid gap-2 sm:grid-cols-2">
        <li>
          <a href="#form-heading" className={choice}>
            <span className="font-semibold text-orange-800">{t.contact.main}</span>
            <span className="mt-0.5 block text-sm text-stone-600">{t.wayfinding.generalIntro}</span>
          </a>
        </li>
        {topics.map((topic) => (
          <li key={topic.id}>
            <Link to={href(topic.id, {}, locale)} className={choice}>
              <span className="font-semibold text-orange-800">{topic.label}</span>
              <span className="mt-0.5 block text-sm text-stone-600">{topic.intro}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
