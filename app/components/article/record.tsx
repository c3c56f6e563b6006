import type { ArticleDetail } from "../../../contract/api-types.ts";
import { articlePath } from "../../../contract/article-path.ts";
import { format, useLocale, useMessages } from "../../i18n.ts";
import { formatDate } from "../../lib/formatting.ts";
import { Link } from "../link.tsx";

/** Who paid for the work: each funder, linked to its registry entry when known, with its grant numbers. */
export function Funding({ funding }: { funding: ArticleDetail["funding"] }) {
  const t = useMessages();
  if (funding.length === 0) return null;
  return (
    <section aria-labelledby="funding" className="mt-10">
      <h2 id="funding" className="font-serif text-h2">
        {t.article.funding}
      </h2>
      <ul className="mt-3 grid gap-1 text-sm">
        {funding.map((f) => (
          <li key={`${f.funder}-${f.awards.join()}`}>
            {f.funderId ? (
              <a href={f.funderId} className="text-orange-800 underline underline-offset-2">
                {f.funder}
              </a>
            ) : (
              f.funder
            )}
            {f.awards.length > 0 && (
              <span className="text-stone-600"> — {f.awards.map((a) => format(t.article.award, { number: a })).join(", ")}</span>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** What changed in the record since it was published, newest first. */
export function Versions({ versions }: { versions: ArticleDetail["versions"] }) {
  const t = useMessages();
  const locale = useLocale();
  if (versions.length === 0) return null;
  return (
    <section aria-labelledby="versions" className="mt-10">
      <h2 id="versions" className="font-serif text-h2">
        {t.article.versions}
      </h2>
      <ol className="mt-3 grid gap-1 text-sm">
        {[...versions].reverse().map((v) => (
          <li key={`${v.date}-${v.note}`}>
            <time dateTime={v.date} className="font-medium">
              {formatDate(v.date, locale)}
            </time>
            : {v.note}
          </li>
        ))}
      </ol>
    </section>
  );
}

/** Other articles of the journal on the same subject. */
export function Related({ articles, journalSlug }: { articles: ArticleDetail["related"]; journalSlug: string }) {
  const t = useMessages();
  const locale = useLocale();
  if (articles.length === 0) return null;
  return (
    <section aria-labelledby="related" className="mt-10 print:hidden">
      <h2 id="related" className="font-serif text-h2">
        {t.article.related}
      </h2>
      <ul className="mt-3 grid gap-2">
        {articles.map((a) => (
          <li key={a.id} lang={a.titleLanguage}>
            <Link to={articlePath(journalSlug, a, locale)} className="font-serif text-h4 text-stone-900 hover:text-orange-800 hover:underline">
              {a.title}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
