import type { ReactNode } from "react";
import type { BookDetail as Book } from "../../../contract/api-types.ts";
import { doiUrl } from "../../../contract/identifiers.ts";
import { plainText } from "../../../contract/plain-text.ts";
import { href } from "../../../contract/route-table.ts";
import type { Locale } from "../../../i18n/locales.ts";
import { Cover } from "../../components/cover.tsx";
import { Facts } from "../../components/facts.tsx";
import { HowToCite } from "../../components/how-to-cite.tsx";
import { Identifier } from "../../components/identifier.tsx";
import { PageHeader } from "../../components/page-header.tsx";
import { RichText } from "../../components/rich-text.tsx";
import { format, plural, useLocale, useMessages } from "../../i18n.ts";
import { contributorLine } from "../../lib/book-contributors.ts";
import { bookCitationMeta } from "../../lib/citation-meta.ts";
import { formatCitations } from "../../lib/citations/format.server.ts";
import { bookToWork } from "../../lib/citations/from-api.ts";
import { formatList } from "../../lib/formatting.ts";
import { loaderBase, orNotFound } from "../../lib/load.server.ts";
import { perRevision } from "../../lib/per-revision.server.ts";
import type { Route } from "./+types/detail";

/** Books' pages as their loader makes them (citations among them), per locale and origin: the same for every visit at a content revision. */
const books = perRevision<ReturnType<typeof readBook>>(100);

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { api, locale, origin } = loaderBase(request, context);
  return books.get(context, `${locale} ${origin} ${params.slug}`, async () => ({
    value: readBook(await orNotFound(request, api.book(locale, params.slug)), origin, locale),
    keep: true,
  }));
}

function readBook(book: Book, origin: string, locale: Locale) {
  const url = origin + href("book", { slug: book.slug }, locale);
  const work = bookToWork(book, url, locale);
  const citations = formatCitations(work, locale);
  const tags = bookCitationMeta({
    url,
    locale,
    title: book.subtitle ? `${book.title}: ${book.subtitle}` : book.title,
    authors: book.contributors.filter((c) => c.role === "author"),
    editors: book.contributors.filter((c) => c.role === "editor"),
    year: book.year,
    publisher: work.publisher,
    isbns: [book.printIsbn, book.eIsbn].filter((isbn): isbn is string => Boolean(isbn)),
    doi: book.doi,
    language: book.language,
    description: plainText(book.descriptionHtml),
  });
  return { book, citations, tags, alternates: book.alternates };
}

/** The page's meta description is the book's (bookCitationMeta), not the site's. */
export const handle = { ownDescription: true };

/** Google Scholar's and Open Graph's tags; the <title> is the page's own. */
export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.tags ?? [];

export default function BookDetail({ loaderData: { book, citations } }: Route.ComponentProps) {
  const t = useMessages();
  const locale = useLocale();
  const facts: [string, ReactNode][] = [
    [t.books.year, String(book.year)],
    [t.books.pages, plural(locale, t.books.pageCount, book.pages)],
    [t.books.language, t.language.names[book.language]],
    [t.books.format, book.publicationFormat.title],
  ];
  if (book.printIsbn) facts.push([t.books.printIsbn, <Identifier key="print-isbn">{book.printIsbn}</Identifier>]);
  if (book.eIsbn) facts.push([t.books.eIsbn, <Identifier key="e-isbn">{book.eIsbn}</Identifier>]);
  if (book.licence) facts.push([t.books.licence, book.licence]);
  if (book.categories.length) facts.push([t.books.categories, book.categories.map((c) => c.title).join(", ")]);
  if (book.doi) {
    facts.push([
      t.books.doi,
      <a key="doi" href={doiUrl(book.doi)} className="text-orange-800 hover:underline">
        <Identifier>{book.doi}</Identifier>
      </a>,
    ]);
  }
  return (
    <>
      <PageHeader title={book.title} lead={book.subtitle} eyebrow={contributorLine(book.contributors, t, locale)} />
      {/* The cover, the facts and "Read online" come first, so that a phone shows them before the long text; a wide screen sets them beside it. */}
      <div className="page grid gap-10 py-10 lg:grid-cols-[1fr_20rem]">
        <aside className="card self-start lg:col-start-2 lg:row-start-1">
          <div className="mb-5 flex justify-center">
            <Cover book={book} width={112} priority />
          </div>
          <h2 className="font-semibold">{t.books.details}</h2>
          <Facts items={facts} />
          {book.url && (
            <a href={book.url} className="btn-primary mt-5 flex justify-center">
              {t.books.readOnline}
            </a>
          )}
        </aside>
        <div className="min-w-0 lg:col-start-1 lg:row-start-1">
          <RichText html={book.descriptionHtml} />
          {book.chapters.length > 0 && (
            <section aria-labelledby="chapters" className="mt-10">
              <h2 id="chapters" className="font-serif text-h2">
                {t.books.chapters}
              </h2>
              <ol className="mt-4 divide-y divide-stone-200 border-y border-stone-200">
                {book.chapters.map((chapter) => (
                  <li key={chapter.title} className="py-3">
                    {/* The chapters are named once, in the book's language, whatever the page's. */}
                    <p lang={book.language} className="font-medium">
                      {chapter.title}
                    </p>
                    <p className="mt-1 text-sm text-stone-600">
                      {formatList(
                        chapter.authors.map((author) => author.name),
                        locale,
                      )}{" "}
                      · {format(t.articles.pages, { first: chapter.firstPage, last: chapter.lastPage })}
                      {chapter.doi && (
                        <>
                          {" · "}
                          {/* Underlined: in a line of text, colour alone does not mark a link (WCAG 1.4.1). */}
                          <a href={doiUrl(chapter.doi)} className="text-orange-800 underline">
                            <Identifier>{chapter.doi}</Identifier>
                          </a>
                        </>
                      )}
                    </p>
                  </li>
                ))}
              </ol>
            </section>
          )}
          <HowToCite citations={citations} work={{ type: "book", slug: book.slug }} />
        </div>
      </div>
    </>
  );
}
