import { href } from "../../../contract/route-table.ts";
import { format, useLocale, useMessages } from "../../i18n.ts";
import { Cover } from "../cover.tsx";
import { Link } from "../link.tsx";
import type { JournalCard } from "./cards.ts";
import { SectionHeading } from "./section-heading.tsx";

/**
 * The journals, each with its cover, subjects and newest issue. The title's link covers the card
 * (cover included); the issue's link sits above it. Two to a row on a phone, so that twelve
 * journals do not push the new books three screens down.
 */
export function HomeJournals({ journals }: { journals: JournalCard[] }) {
  const t = useMessages();
  const locale = useLocale();
  if (journals.length === 0) return null;
  return (
    <section aria-labelledby="home-journals" className="page py-12">
      <SectionHeading id="home-journals" title={t.home.journalsTitle} all={{ to: href("journals", {}, locale), label: t.home.allJournals }} />
      <ul className="mt-8 grid grid-cols-2 gap-x-4 gap-y-8 sm:grid-cols-3 sm:gap-8 lg:grid-cols-4 xl:grid-cols-6">
        {journals.map((journal) => (
          <li key={journal.id} className="group relative flex flex-col gap-3">
            <Cover src={journal.cover} width={160} />
            <div className="min-w-0">
              <p className="eyebrow">{journal.subjects}</p>
              <h3 className="mt-1 font-serif text-h4 text-stone-900">
                <Link
                  to={href("journal", { slug: journal.slug }, locale)}
                  className="after:absolute after:inset-0 group-hover:text-orange-800 group-hover:underline"
                >
                  {journal.title}
                </Link>
              </h3>
              {journal.latestIssue && (
                <p className="mt-2 text-sm text-stone-600">
                  {t.home.latestIssue}:{" "}
                  <Link
                    to={href("journal-issue", { slug: journal.slug, issueId: journal.latestIssue.id }, locale)}
                    className="relative font-medium text-orange-800 hover:underline"
                  >
                    {format(t.issues.label, {
                      volume: journal.latestIssue.volume,
                      number: journal.latestIssue.number,
                      year: journal.latestIssue.year,
                    })}
                  </Link>
                </p>
              )}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
