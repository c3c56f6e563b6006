import { href } from "../../../contract/route-table.ts";
import { Cover } from "../../components/cover.tsx";
import { Link } from "../../components/link.tsx";
import { ListPage } from "../../components/list-page.tsx";
import { useLocale, useMessages } from "../../i18n.ts";
import { contributorLine } from "../../lib/book-contributors.ts";
import { loaderBase, orUnavailable } from "../../lib/load.server.ts";
import type { Route } from "./+types/list";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { api, locale } = loaderBase(request, context);
  return { books: (await orUnavailable(api.books(locale)))?.Items ?? null };
}

export default function BookList({ loaderData: { books } }: Route.ComponentProps) {
  const t = useMessages();
  const locale = useLocale();
  return (
    <ListPage
      title={t.books.title}
      lead={t.books.lead}
      items={books}
      gridClassName="grid gap-6 sm:grid-cols-2 lg:grid-cols-3"
      renderItem={(book) => (
        <Link to={href("book", { slug: book.slug }, locale)} className="card-link flex h-full gap-4">
          <Cover book={book} width={80} />
          <span className="min-w-0">
            <span className="block font-serif text-h4 text-stone-900">{book.title}</span>
            {book.subtitle && <span className="mt-1 block text-sm text-stone-600">{book.subtitle}</span>}
            <span className="mt-2 block text-sm text-stone-700">{contributorLine(book.contributors, t, locale)}</span>
            <span className="mt-2 block text-xs text-stone-500">
              {book.year} · {t.language.names[book.language]}
            </span>
          </span>
        </Link>
      )}
    />
  );
}
