import { useLocation } from "react-router";
import { format, useMessages } from "../i18n.ts";
import { withPage } from "../lib/list-query.ts";
import { Link } from "./link.tsx";
import { useFocusWhenGone } from "./use-focus-when-gone.ts";

/**
 * Previous / next links over `?page=`, which work without JavaScript and keep the list's other
 * parameters. In the app a turn keeps the scroll and the focus where they are, says the new page
 * number (a polite live region), and focuses that number when the link followed goes away (the
 * last page has no "Next").
 */
export function Pagination({ page, pageCount }: { page: number; pageCount: number }) {
  const t = useMessages();
  const { search } = useLocation();
  const status = useFocusWhenGone<HTMLSpanElement>(page);
  if (pageCount <= 1) return null;
  return (
    <nav aria-label={t.pagination.label} className="mt-8 flex items-center justify-between gap-4 text-sm">
      {page > 1 ? (
        <Link to={{ search: withPage(search, page - 1) }} preventScrollReset onClick={status.onFollow} className="btn-secondary" rel="prev">
          {t.pagination.previous}
        </Link>
      ) : (
        <span />
      )}
      <span ref={status.target} tabIndex={-1} aria-live="polite" className="text-stone-600">
        {format(t.pagination.status, { page, count: pageCount })}
      </span>
      {page < pageCount ? (
        <Link to={{ search: withPage(search, page + 1) }} preventScrollReset onClick={status.onFollow} className="btn-secondary" rel="next">
          {t.pagination.next}
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}

/** The `?page=` of a request: a positive whole number, 1 when absent; anything else is a 404. */
export function pageParam(url: string): number | undefined {
  const raw = new URL(url).searchParams.get("page");
  if (raw === null) return 1;
  return /^[1-9]\d{0,5}$/.test(raw) ? Number(raw) : undefined;
}
