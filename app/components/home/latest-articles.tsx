import { articlePath } from "../../../contract/article-path.ts";
import type { Locale } from "../../../i18n/locales.ts";
import { useLocale, useMessages } from "../../i18n.ts";
import { Link } from "../link.tsx";
import type { ArticleCard } from "./cards.ts";
import { SectionHeading } from "./section-heading.tsx";

/**
 * The newest articles: the title in the page's language where the article has one (else in its
 * own), the other language's under it, each marked with its language; the journal, the date and
 * the authors, shortened.
 */
export function LatestArticles({ articles }: { articles: ArticleCard[] }) {
  const t = useMessages();
  const locale = useLocale();
  if (articles.length === 0) return null;
  return (
    <section aria-labelledby="home-articles" className="min-w-0">
      <SectionHeading id="home-articles" title={t.home.articlesTitle} />
      <ul className="mt-4">
        {articles.map((article) => {
          const main: Locale = article.titles[locale] ? locale : article.language;
          const other: Locale = main === "en" ? "tr" : "en";
          const otherTitle = article.titles[other];
          return (
            <li key={`${article.journal.slug}/${article.id}`} className="border-b border-stone-200 py-5 last:border-b-0">
              <p className="text-sm text-stone-600">
                <span className="font-medium text-stone-800">{article.journal.title}</span> ·{" "}
                <time dateTime={article.publishedOn}>{article.date}</time>
              </p>
              <h3 lang={main} className="mt-1 font-serif text-h4 text-stone-900">
                <Link to={articlePath(article.journal.slug, article, locale)} className="hover:text-orange-800 hover:underline">
                  {article.titles[main]}
                </Link>
              </h3>
              {otherTitle && (
                <p lang={other} className="mt-1 font-serif text-stone-600">
                  {otherTitle}
                </p>
              )}
              {article.byline && <p className="mt-2 text-sm text-stone-700">{article.byline}</p>}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
