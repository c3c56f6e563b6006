import type { ReactNode } from "react";
import type { ArticleText } from "../../../contract/api-types.ts";
import { doiUrl, orcidUrl } from "../../../contract/identifiers.ts";
import { href } from "../../../contract/route-table.ts";
import type { Locale } from "../../../i18n/locales.ts";
import { AbstractTabs } from "../../components/abstract-tabs.tsx";
import { Facts } from "../../components/facts.tsx";
import { HowToCite } from "../../components/how-to-cite.tsx";
import { Link } from "../../components/link.tsx";
import { PageTitle } from "../../components/page-title.tsx";
import { format, useLocale, useMessages } from "../../i18n.ts";
import { citationData } from "../../lib/article-citation.ts";
import { articleTypeName } from "../../lib/article-type.ts";
import { citationMeta } from "../../lib/citation-meta.ts";
import { formatCitations } from "../../lib/citations/format.server.ts";
import { articleToWork } from "../../lib/citations/from-api.ts";
import { formatDate, formatNumber } from "../../lib/formatting.ts";
import { issueLabel } from "../../lib/issue-label.ts";
import { licenceUrl } from "../../lib/licence.ts";
import { loaderBase, orNotFound } from "../../lib/load.server.ts";
import type { Route } from "./+types/article";

/**
 * One article's landing page; an article the issue does not hold is the site's 404. Its citation
 * data (meta tags, JSON-LD) is worked out here once, and its URL is the one the references cite.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { api, locale, origin } = loaderBase(request, context);
  const article = await orNotFound(request, api.article(locale, params.slug, params.issueId, params.articleSlug));
  const citation = citationData(article, origin, locale);
  const citations = formatCitations(articleToWork(article, article.issue, article.journal, citation.url), locale);
  return { article, citation, citations, alternates: article.alternates };
}

const link = "text-orange-800 hover:underline";
const badge = "inline-flex rounded border-2 border-stone-800 bg-stone-900 px-2 py-0.5 text-xs font-bold tracking-wide text-white";

/** Google Scholar's, Dublin Core's and Open Graph's tags; the <title> is the page's own (PageTitle). */
export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? citationMeta(loaderData.citation) : []);

export default function Article({ loaderData: { article, citations }, params }: Route.ComponentProps) {
  const t = useMessages();
  const locale = useLocale();
  const other: Locale = locale === "en" ? "tr" : "en";
  const journalPath = href("journal-overview", { slug: article.journal.slug }, locale);
  const issuePath = href("journal-issue", { slug: article.journal.slug, issueId: article.issueId }, locale);
  const typeName = articleTypeName(article.type, t);
  const licence = article.journal.licence;
  const licenceLink = licence && licenceUrl(licence);
  const facts: [string, ReactNode][] = [
    [t.article.type, typeName],
    [
      t.article.journal,
      <Link key="journal" to={journalPath} className={link}>
        {article.journal.title}
      </Link>,
    ],
    [
      t.article.issue,
      <Link key="issue" to={issuePath} className={link}>
        {issueLabel(article.issue, t)}
      </Link>,
    ],
  ];
  if (article.firstPage !== null && article.lastPage !== null) facts.push([t.article.pages, `${article.firstPage}–${article.lastPage}`]);
  if (article.receivedOn) facts.push([t.article.received, formatDate(article.receivedOn, locale)]);
  if (article.acceptedOn) facts.push([t.article.accepted, formatDate(article.acceptedOn, locale)]);
  facts.push([t.article.published, formatDate(article.publishedOn, locale)]);
  if (article.doi)
    facts.push([
      t.articles.doi,
      <a key="doi" href={doiUrl(article.doi)} className={`${link} break-all`}>
        {doiUrl(article.doi)}
      </a>,
    ]);
  facts.push([t.article.language, t.language.names[article.language]], [t.article.views, formatNumber(article.views, locale)]);
  if (licence) {
    facts.push([
      t.article.licence,
      licenceLink ? (
        <a key="licence" href={licenceLink} rel="license" className={`${badge} hover:bg-stone-700`}>
          {licence}
        </a>
      ) : (
        <span key="licence" className={badge}>
          {licence}
        </span>
      ),
    ]);
  }
  // Both locales' abstracts, the page's first.
  const texts = [locale, other].map((l): [Locale, ArticleText] => [l, article.text[l]]);
  return (
    <div className="page py-10">
      <PageTitle title={article.title} />
      <nav aria-label={t.article.trail} className="text-sm text-stone-600">
        <Link to={journalPath} className="hover:underline">
          {article.journal.title}
        </Link>
        <span aria-hidden="true"> · </span>
        <Link to={issuePath} className="hover:underline">
          {issueLabel(article.issue, t)}
        </Link>
      </nav>
      <p className="eyebrow mt-6">{typeName}</p>
      <h1 className="mt-2 max-w-4xl font-serif text-3xl leading-tight sm:text-4xl">{article.title}</h1>
      {article.text[other].title !== article.title && (
        <p lang={other} className="mt-3 max-w-4xl font-serif text-xl leading-snug text-stone-600">
          {article.text[other].title}
        </p>
      )}
      <section aria-label={t.articles.authors} className="mt-6">
        <ul className="flex flex-wrap gap-x-8 gap-y-3">
          {article.authors.map((author) => (
            <li key={author.name}>
              <span className="font-medium">{author.name}</span>
              {author.orcid && (
                <a
                  href={orcidUrl(author.orcid)}
                  className="ml-1.5 rounded bg-lime-700 px-1 text-xs font-semibold text-white hover:bg-lime-800"
                  aria-label={format(t.articles.orcid, { name: author.name })}
                >
                  iD
                </a>
              )}
              {author.affiliation && <span className="block text-sm text-stone-600">{author.affiliation}</span>}
            </li>
          ))}
        </ul>
      </section>
      {(article.fullTextUrl || article.pdfUrl) && (
        <section aria-label={t.article.read} className="mt-6 flex flex-wrap gap-3">
          {article.fullTextUrl && (
            <a href={article.fullTextUrl} className="btn-primary inline-flex">
              {t.articles.fullText}
            </a>
          )}
          {article.pdfUrl && (
            <a href={article.pdfUrl} className="btn-secondary">
              {t.articles.pdf}
            </a>
          )}
        </section>
      )}
      <div className="mt-10 grid gap-10 lg:grid-cols-[1fr_20rem]">
        <div className="min-w-0">
          <AbstractTabs texts={texts} />
          <HowToCite citations={citations} work={{ type: "article", journalSlug: params.slug, issueId: article.issueId, articleId: article.id }} />
        </div>
        <aside className="grid content-start gap-6">
          <section className="card">
            <h2 className="font-semibold">{t.article.details}</h2>
            <Facts items={facts} />
          </section>
        </aside>
      </div>
    </div>
  );
}
