import type { ArticleSummary } from "../../contract/api-types.ts";
import { doiUrl } from "../../contract/identifiers.ts";
import { format, plural, useLocale, useMessages } from "../i18n.ts";
import { articleTypeName } from "../lib/article-type.ts";
import { Identifier } from "./identifier.tsx";
import { Link } from "./link.tsx";
import { OrcidLink } from "./orcid.tsx";

/** One article in a list: type, title (a link to its page, `to`), authors, pages, DOI, its standing when it changed, and its PDF. */
export function ArticleItem({ article, to }: { article: ArticleSummary; to: string }) {
  const t = useMessages();
  const locale = useLocale();
  return (
    <article className="border-b border-stone-200 py-5 last:border-b-0">
      <p className="text-xs font-semibold tracking-wide text-orange-800 uppercase">{articleTypeName(article.type, t)}</p>
      <h3 lang={article.titleLanguage} className="mt-1 font-serif text-h4 text-stone-900">
        <Link to={to} className="hover:text-orange-800 hover:underline">
          {article.title}
        </Link>
      </h3>
      <p className="mt-2 text-sm text-stone-700">
        {article.authors.map((author, i) => (
          <span key={author.name}>
            {i > 0 && ", "}
            {author.name}
            {author.orcid && <OrcidLink orcid={author.orcid} name={author.name} className="ml-1" />}
          </span>
        ))}
      </p>
      <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm text-stone-500">
        {article.firstPage !== null && article.lastPage !== null && (
          <span>{format(t.articles.pages, { first: article.firstPage, last: article.lastPage })}</span>
        )}
        <span>{format(t.articles.inLanguage, { language: t.language.names[article.language] })}</span>
        <span>{plural(locale, t.articles.views, article.views)}</span>
        {article.doi && (
          <a href={doiUrl(article.doi)} className="text-orange-800 hover:underline">
            {t.articles.doi}: <Identifier>{article.doi}</Identifier>
          </a>
        )}
      </p>
      {article.status !== "published" && (
        <p
          className={`mt-2 text-sm font-semibold ${article.status === "retracted" || article.status === "withdrawn" ? "text-red-800" : "text-amber-800"}`}
        >
          {t.article.status[article.status]}
        </p>
      )}
      {article.galleys.some((g) => g.kind === "pdf") && (
        <p className="mt-3 text-sm font-medium">
          <a href={article.galleys.find((g) => g.kind === "pdf")?.url ?? `${to}/${article.id}.pdf`} className="text-orange-800 hover:underline">
            {t.articles.pdf}
          </a>
        </p>
      )}
    </article>
  );
}
