import type { CallDetail } from "../../contract/api-types.ts";
import { CALLS_ANCHOR } from "../../contract/route-table.ts";
import { format, useLocale, useMessages } from "../i18n.ts";
import { formatDate } from "../lib/formatting.ts";
import { RichText } from "./rich-text.tsx";

/** A journal's open calls for papers in full: title, special issue, deadline, text, and where to submit. */
export function JournalCalls({ calls, submitUrl }: { calls: CallDetail[]; submitUrl: string }) {
  const t = useMessages();
  const locale = useLocale();
  if (calls.length === 0) return null;
  return (
    <section id={CALLS_ANCHOR} aria-labelledby="calls-title" className="mt-10 scroll-mt-4">
      <h2 id="calls-title" className="font-serif text-h2">
        {t.journals.callsTitle}
      </h2>
      {calls.map((call) => (
        <article key={call.id} aria-labelledby={`call-${call.id}`} className="card mt-6 border-t-4 border-t-orange-700">
          <h3 id={`call-${call.id}`} className="font-serif text-h3 text-stone-900">
            {call.title}
          </h3>
          {call.specialTitle && <p className="mt-2 text-stone-600">{format(t.journals.callsSpecialIssue, { title: call.specialTitle })}</p>}
          <dl className="mt-3 flex flex-wrap gap-x-2">
            <dt className="text-stone-600">{t.journals.callsDeadline}</dt>
            <dd className="font-semibold text-stone-900">
              <time dateTime={call.deadline}>{formatDate(call.deadline, locale)}</time>
            </dd>
          </dl>
          <RichText html={call.bodyHtml} headingLevel={4} />
          <a href={submitUrl} className="btn-primary mt-5 inline-flex">
            {t.journals.callsSubmit}
          </a>
        </article>
      ))}
    </section>
  );
}

/** Beside the overview's text: the open calls' titles and deadlines, each leading to its text below. */
export function CallsNotice({ calls }: { calls: CallDetail[] }) {
  const t = useMessages();
  const locale = useLocale();
  if (calls.length === 0) return null;
  return (
    <section aria-labelledby="calls-notice" className="card border-l-4 border-l-orange-700">
      <h2 id="calls-notice" className="font-semibold">
        {t.journals.callsOpen}
      </h2>
      <ul className="mt-3 grid gap-3">
        {calls.map((call) => (
          <li key={call.id} className="text-sm">
            <a href={`#${CALLS_ANCHOR}`} className="font-medium text-orange-800 hover:underline">
              {call.title}
            </a>
            <p className="mt-0.5 text-stone-600">
              {t.journals.callsDeadline}: <time dateTime={call.deadline}>{formatDate(call.deadline, locale)}</time>
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
