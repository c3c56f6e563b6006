import type { ArticleDetail } from "../../../contract/api-types.ts";
import { articlePath } from "../../../contract/article-path.ts";
import { useLocale, useMessages } from "../../i18n.ts";
import { Link } from "../link.tsx";

/**
 * What changed the article's standing, at the top of its page: its status (corrected, retracted,
 * under an expression of concern, withdrawn) and the notices that say so; on a notice, the work it
 * changes. Each links to the other.
 */
export function ArticleNotices({ article }: { article: Pick<ArticleDetail, "status" | "relations" | "journal"> }) {
  const t = useMessages();
  const locale = useLocale();
  const status = article.status === "published" ? null : t.article.status[article.status];
  if (!status && article.relations.length === 0) return null;
  const grave = article.status === "retracted" || article.status === "withdrawn";
  return (
    <section
      aria-label={status ?? t.article.related}
      className={`mt-6 max-w-4xl rounded border-l-4 p-4 ${grave ? "border-red-700 bg-red-50 text-red-950" : "border-amber-600 bg-amber-50 text-stone-900"}`}
    >
      {status && <p className="font-semibold">{status}</p>}
      <ul className="mt-1 grid gap-1">
        {article.relations.map((relation) => (
          <li key={`${relation.side}-${relation.type}-${relation.article?.id ?? relation.doi}`}>
            {t.article.relation[relation.side][relation.type]}{" "}
            {relation.article ? (
              <Link
                to={articlePath(article.journal.slug, relation.article, locale)}
                lang={relation.article.titleLanguage}
                className="font-medium underline"
              >
                {relation.article.title}
              </Link>
            ) : (
              relation.doi && (
                <a href={`https://doi.org/${relation.doi}`} className="font-medium underline">
                  {relation.doi}
                </a>
              )
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
