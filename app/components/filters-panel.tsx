import { useLocation } from "react-router";
import { format } from "../i18n.ts";
import { withFilter, withoutFilters } from "../lib/list-query.ts";
import { Link } from "./link.tsx";
import { useFocusWhenGone } from "./use-focus-when-gone.ts";

interface FilterGroup {
  facet: string;
  label: string;
  options: { value: string; title: string; count: number }[];
}

interface FiltersPanelLabels {
  toggle: string;
  title: string;
  /** "{count} active". */
  active: string;
  clear: string;
  /** Said after a picked option's name. */
  selected: string;
}

/**
 * A list's filters (the journal directory's, the search's): for each facet, its options as links
 * that set or remove a filter in the URL, so they work without JavaScript, each with how many
 * results picking it would give. A picked option is marked and its link removes it. A disclosure
 * on phones, a column on desktop (app.css). The links prefetch on intent only: there are many.
 * A pick keeps the page where it is, and focus on the link picked (or on the panel's title when
 * "Clear all filters" goes away).
 */
export function FiltersPanel({
  id,
  groups,
  active,
  labels,
}: {
  /** Prefixes the groups' heading ids. */
  id: string;
  groups: FilterGroup[];
  active: Record<string, string | undefined>;
  labels: FiltersPanelLabels;
}) {
  const { search } = useLocation();
  const activeCount = Object.values(active).filter((value) => value !== undefined).length;
  const shown = groups.filter((group) => group.options.length > 0);
  const title = useFocusWhenGone<HTMLHeadingElement>(search);
  return (
    <details className="filters-panel rounded-lg border border-stone-200 bg-white lg:border-0 lg:bg-transparent">
      <summary className="cursor-pointer px-4 py-3 font-semibold">
        {labels.toggle}
        {activeCount > 0 && <span className="ml-2 font-normal text-stone-600">{format(labels.active, { count: activeCount })}</span>}
      </summary>
      <div className="grid gap-6 px-4 pb-4 lg:px-0">
        <h2 ref={title.target} tabIndex={-1} className="sr-only lg:not-sr-only lg:font-semibold">
          {labels.title}
        </h2>
        {activeCount > 0 && (
          <Link
            to={{
              search: withoutFilters(
                search,
                groups.map((group) => group.facet),
              ),
            }}
            prefetch="intent"
            preventScrollReset
            onClick={title.onFollow}
            className="text-sm font-medium text-orange-800 underline"
          >
            {labels.clear}
          </Link>
        )}
        {shown.map(({ facet, label, options }) => (
          <section key={facet} aria-labelledby={`${id}-${facet}`}>
            <h3 id={`${id}-${facet}`} className="text-sm font-semibold text-stone-900">
              {label}
            </h3>
            <ul className="mt-2 grid gap-0.5 text-sm">
              {options.map((option) => {
                const selected = active[facet] === option.value;
                return (
                  <li key={option.value}>
                    <Link
                      to={{ search: withFilter(search, facet, selected ? null : option.value) }}
                      prefetch="intent"
                      preventScrollReset
                      aria-current={selected ? "true" : undefined}
                      className="filter-link"
                    >
                      <span>
                        {option.title}
                        {selected && <span className="sr-only">, {labels.selected}</span>}
                      </span>
                      <span className="text-stone-500">{option.count}</span>
                    </Link>
                  </li>
                );
              })}
            </ul>
          </section>
        ))}
      </div>
    </details>
  );
}
