import { href } from "../../../contract/route-table.ts";
import { useLocale, useMessages } from "../../i18n.ts";
import { Cover } from "../cover.tsx";
import { Link } from "../link.tsx";
import type { BookCard } from "./cards.ts";
import { SectionHeading } from "./section-heading.tsx";

/** The newest books with their covers; the title's link covers the card. */
export function NewBooks({ books }: { books: BookCard[] }) {
  const t = useMessages();
  const locale = useLocale();
  if (books.length === 0) return null;
  return (
    <section aria-labelledby="home-books" className="page py-12">
      <SectionHeading id="home-books" title={t.home.booksTitle} all={{ to: href("books", {}, locale), label: t.home.allBooks }} />
      <ul className="mt-8 grid gap-8 sm:grid-cols-2 lg:grid-cols-4">
        {books.map((book) => (
          <li key={book.id} className="group relative flex gap-4 sm:flex-col sm:gap-3">
            <Cover src={book.cover} width={160} />
            <div className="min-w-0">
              <h3 className="font-serif text-h4 text-stone-900">
                <Link
                  to={href("book", { slug: book.slug }, locale)}
                  className="after:absolute after:inset-0 group-hover:text-orange-800 group-hover:underline"
                >
                  {book.title}
                </Link>
              </h3>
              {book.subtitle && <p className="mt-1 text-sm text-stone-600">{book.subtitle}</p>}
              <p className="mt-2 text-sm text-stone-700">{book.byline}</p>
              <p className="mt-1 text-sm text-stone-500">{book.year}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
