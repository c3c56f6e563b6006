import type { ReactNode } from "react";
import type { ArticleDetail, ArticleText } from "../../../contract/api-types.ts";
import { articlePath, galleyPath } from "../../../contract/article-path.ts";
import { doiUrl } from "../../../contract/identifiers.ts";
import { href } from "../../../contract/route-table.ts";
import { type Locale, otherLocale } from "../../../i18n/locales.ts";
import { AbstractTabs } from "../../components/abstract-tabs.tsx";
import { DownloadMenu } from "../../components/article/downloads.tsx";
import { FullTextBody, Outline, References } from "../../components/article/full-text.tsx";
import { ArticleNotices } from "../../components/article/notices.tsx";
import { ArticlePeople, Contributions } from "../../components/article/people.tsx";
import { Funding, Related, Versions } from "../../components/article/record.tsx";
import { Facts } from "../../components/facts.tsx";
import { HowToCite } from "../../components/how-to-cite.tsx";
import { Identifier } from "../../components/identifier.tsx";
import { Link } from "../../components/link.tsx";
import { PageTitle } from "../../components/page-title.tsx";
import { UsageBeacon } from "../../components/usage-beacon.tsx";
import { format, useLocale, useMessages } from "../../i18n.ts";
import { citationData } from "../../lib/article-citation.ts";
import { articleTypeName } from "../../lib/article-type.ts";
import { citationMeta } from "../../lib/citation-meta.ts";
import { formatCitations } from "../../lib/citations/format.server.ts";
import { articleToWork } from "../../lib/citations/from-api.ts";
import { formatDate, formatNumber } from "../../lib/formatting.ts";
import { issueLabel } from "../../lib/issue-label.ts";
import { loaderBase, orNotFound } from "../../lib/load.server.ts";
import { perRevision } from "../../lib/per-revision.server.ts";
import { usageToken } from "../../lib/usage-token.server.ts";
import type { Route } from "./+types/article";

/** Articles' pages as their loader makes them, per locale and origin: the same for every visit at a content revision. */
const articles = perRevision<ReturnType<typeof readArticle>>(100);

/**
 * One article's landing page; an article the issue does not hold is the site's 404. Its citation
 * data (meta tags, JSON-LD) and its citations in every style are worked out here, once per
 * content revision, and its URL is the one the references cite.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { api, locale, origin } = loaderBase(request, context);
  const key = `${locale} ${origin} ${params.slug}/${params.issueId}/${params.articleSlug}`;
  const page = await articles.get(context, key, async () => ({
    value: readArticle(await orNotFound(request, api.article(locale, params.slug, params.issueId, params.articleSlug)), origin, locale),
    keep: true,
  }));
  // The usage beacon's token names the minute it was made: made on every load, not kept with the page.
  return { ...page, usageToken: usageToken(context, { locale, journal: params.slug, articleId: params.articleSlug }) };
}

function readArticle(article: ArticleDetail, origin: string, locale: Locale) {
  const citation = citationData(article, origin, locale);
  const citations = formatCitations(
    articleToWork(article, article.issue, article.journal, citation.url, {
      abstract: article.text[locale].abstractHtml,
      keywords: article.text[locale].keywords,
      locale,
    }),
    locale,
  );
  // The tags are made here, on the server, so the browser is not sent the code that makes them (the book's page does the same).
  return { article, tags: citationMeta(citation), citations, alternates: article.alternates };
}

const link = "text-orange-800 hover:underline";
const badge = "inline-flex rounded border-2 border-stone-800 bg-stone-900 px-2 py-0.5 text-xs font-bold tracking-wide text-white";

/** The page's meta description is its abstract's (citationMeta), not the site's. */
export const handle = { ownDescription: true };

/** Google Scholar's, Dublin Core's and Open Graph's tags; the <title> is the page's own (PageTitle). */
export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.tags ?? [];

export default function Article({ loaderData: { article, citations, usageToken }, params }: Route.ComponentProps) {
  const t = useMessages();
  const locale = useLocale();
  const other = otherLocale(locale);
  const journalPath = href("journal-overview", { slug: article.journal.slug }, locale);
  const issuePath = href("journal-issue", { slug: article.journal.slug, issueId: article.issueId }, locale);
  const typeName = articleTypeName(article.type, t);
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
  if (article.modifiedOn) facts.push([t.article.modified, formatDate(article.modifiedOn, locale)]);
  if (article.doi)
    facts.push([
      t.articles.doi,
      <a key="doi" href={doiUrl(article.doi)} className={link}>
        <Identifier>{doiUrl(article.doi)}</Identifier>
      </a>,
    ]);
  // Counted, not typed (COUNTER's investigations and the galleys fetched), and since when.
  facts.push(
    [t.article.language, t.language.names[article.language]],
    [t.article.views, formatNumber(article.views, locale)],
    [t.article.downloads, formatNumber(article.downloads, locale)],
    [t.article.countedSince, formatDate(article.countedSince, locale)],
  );
  const { licence, copyright } = article;
  if (licence) {
    facts.push([
      t.article.licence,
      <span key="licence" className="grid justify-items-start gap-1">
        {licence.url ? (
          <a href={licence.url} rel="license" className={`${badge} hover:bg-stone-700`}>
            {licence.name}
          </a>
        ) : (
          <span className={badge}>{licence.name}</span>
        )}
        {copyright && (
          <span className="text-xs text-stone-600">{format(t.article.copyright, { year: String(copyright.year), holder: copyright.holder })}</span>
        )}
      </span>,
    ]);
  }
  const path = articlePath(params.slug, article, locale);
  const outline = [
    { id: "abstract-heading", title: t.article.abstract },
    ...(article.fullText?.outline ?? []).map((section) => ({ ...section, lang: article.language })),
    ...(article.references.length > 0 ? [{ id: "references", title: t.article.references }] : []),
  ];
  // Both locales' abstracts, the page's first; an abstract the journal system sent in one language only
  // (the same text in both) once, in the language it is written in.
  const texts: [Locale, ArticleText][] =
    article.text[other].abstractHtml === article.text[locale].abstractHtml
      ? [[article.language, article.text[article.language]]]
      : [locale, other].map((l): [Locale, ArticleText] => [l, article.text[l]]);
  return (
    <div className="page py-10">
      <PageTitle title={article.title} />
      <UsageBeacon token={usageToken} />
      <nav aria-label={t.article.trail} className="text-sm text-stone-600 print:hidden">
        <Link to={journalPath} className="hover:underline">
          {article.journal.title}
        </Link>
        <span aria-hidden="true"> · </span>
        <Link to={issuePath} className="hover:underline">
          {issueLabel(article.issue, t)}
        </Link>
      </nav>
      <p className="eyebrow mt-6">{typeName}</p>
      <h1 tabIndex={-1} lang={article.titleLanguage} className="mt-2 max-w-4xl font-serif text-h1">
        {article.title}
      </h1>
      {article.text[other].title !== article.title && (
        <p lang={other} className="mt-3 max-w-4xl font-serif text-h4 text-stone-600">
          {article.text[other].title}
        </p>
      )}
      <ArticleNotices article={article} />
      <ArticlePeople authors={article.authors} />
      <div className="mt-6 flex flex-wrap gap-3 print:hidden">
        <DownloadMenu galleys={article.galleys} pathOf={(kind) => galleyPath(params.slug, article, locale, kind)} />
        {article.fullText && (
          <a href="#full-text" className="btn-secondary">
            {t.article.fullText}
          </a>
        )}
      </div>
      {/* The details (DOI, dates, licence) come first, so that a phone shows them before the long text; a wide screen sets them beside it. */}
      <div className="mt-10 grid gap-10 lg:grid-cols-[1fr_20rem] print:block">
        <aside className="grid content-start gap-6 lg:col-start-2 lg:row-start-1 print:hidden">
          <section className="card">
            <h2 className="font-semibold">{t.article.details}</h2>
            <Facts items={facts} />
          </section>
          {outline.length > 2 && <Outline items={outline} />}
        </aside>
        <div className="min-w-0 lg:col-start-1 lg:row-start-1">
          <AbstractTabs texts={texts} />
          {article.fullText && <FullTextBody fullText={article.fullText} language={article.language} folder={path} articleId={article.id} />}
          <References references={article.references} citedAt={article.fullText?.citedAt ?? {}} language={article.language} />
          <Funding funding={article.funding} />
          <Contributions authors={article.authors} />
          <Versions versions={article.versions} />
          <HowToCite citations={citations} work={{ type: "article", journalSlug: params.slug, issueId: article.issueId, articleId: article.id }} />
          <Related articles={article.related} journalSlug={params.slug} />
        </div>
      </div>
    </div>
  );
}
