import { CALLS_ANCHOR, href } from "../../../contract/route-table.ts";
import { format, useLocale, useMessages } from "../../i18n.ts";
import { Link } from "../link.tsx";
import type { CallCard } from "./cards.ts";
import { SectionHeading } from "./section-heading.tsx";

/** The open calls for papers, soonest deadline first, each leading to its journal's calls. */
export function OpenCalls({ calls }: { calls: CallCard[] }) {
  const t = useMessages();
  const locale = useLocale();
  if (calls.length === 0) return null;
  return (
    <section aria-labelledby="home-calls">
      <SectionHeading id="home-calls" title={t.home.callsTitle} />
      <p className="mt-1 text-sm text-stone-600">{t.home.callsLead}</p>
      <ul className="mt-6 grid gap-4">
        {calls.map((call) => (
          <li key={call.id} className="card flex flex-col border-t-4 border-t-orange-700">
            <p className="eyebrow">{call.journal.title}</p>
            <h3 className="mt-2 font-serif text-h4 text-stone-900">{call.title}</h3>
            {call.specialTitle && <p className="mt-2 text-sm text-stone-600">{format(t.home.specialIssue, { title: call.specialTitle })}</p>}
            <dl className="mt-3 text-sm">
              <dt className="text-stone-600">{t.home.deadline}</dt>
              <dd className="font-semibold text-stone-900">
                <time dateTime={call.deadline}>{call.deadlineDate}</time>
              </dd>
            </dl>
            {/* Named with the call's title too: every card has this link. */}
            <Link
              to={`${href("journal-overview", { slug: call.journal.slug }, locale)}#${CALLS_ANCHOR}`}
              aria-label={format(t.home.readCallOf, { title: call.title })}
              className="mt-4 self-start font-medium text-orange-800 hover:underline"
            >
              {t.home.readCall} <span aria-hidden="true">→</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
