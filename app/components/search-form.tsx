import { useEffect, useId, useRef } from "react";
import { Form } from "react-router";
import { href } from "../../contract/route-table.ts";
import { MAX_SEARCH_QUERY } from "../../contract/search-types.ts";
import { useLocale, useMessages } from "../i18n.ts";

/**
 * The site search box: a GET form to the results page (`?q=`), so it works without JavaScript;
 * with it, React Router navigates there in place. `compact` (the header's) hides the label and
 * the button's text (both stay for assistive technology) and puts the button inside the field.
 * A new `query` (a search from the header, the back button) shows in the same box, which keeps
 * focus after a search.
 */
export function SearchForm({ query = "", compact = false, className = "" }: { query?: string; compact?: boolean; className?: string }) {
  const t = useMessages();
  const locale = useLocale();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (input.current) input.current.value = query;
  }, [query]);
  return (
    <Form
      method="get"
      action={href("search", {}, locale)}
      role="search"
      // Named, as the header's and the search page's boxes are both on that page (axe's landmark-unique).
      aria-label={compact ? t.search.label : t.search.title}
      className={compact ? `relative ${className}` : `flex items-end gap-2 ${className}`}
    >
      <div className="min-w-0 flex-1">
        <label htmlFor={id} className={compact ? "sr-only" : "mb-1.5 block text-sm font-medium text-stone-800"}>
          {t.search.label}
        </label>
        <input
          ref={input}
          id={id}
          type="search"
          name="q"
          defaultValue={query}
          maxLength={MAX_SEARCH_QUERY}
          placeholder={compact ? t.search.submit : t.search.placeholder}
          enterKeyHint="search"
          className={`block w-full rounded-md border border-stone-300 bg-white text-stone-900 shadow-sm placeholder:text-stone-500 focus:border-orange-600 ${compact ? "py-1.5 pr-9 pl-3 text-sm" : "px-3 py-2"}`}
        />
      </div>
      <button
        type="submit"
        className={
          compact
            ? "absolute inset-y-0 right-0 flex w-9 cursor-pointer items-center justify-center rounded-r-md text-stone-600 hover:text-orange-800"
            : "btn-primary inline-flex"
        }
      >
        <SearchIcon className="h-4 w-4" />
        <span className={compact ? "sr-only" : undefined}>{t.search.submit}</span>
      </button>
    </Form>
  );
}

export function SearchIcon({ className }: { className: string }) {
  return (
    <svg viewBox="0 0 24 24" className={className} aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2">
      <circle cx="11" cy="11" r="7" />
      <path d="m20 20-3.5-3.5" />
    </svg>
  );
}
