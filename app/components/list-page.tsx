import type { ReactNode } from "react";
import { ListUnavailable } from "./list-unavailable.tsx";
import { PageHeader } from "./page-header.tsx";

/**
 * A list screen: its heading, then its items as a grid, or the localized notice when the
 * content service could not deliver them (`items` is null).
 */
export function ListPage<T extends { id: string }>({
  title,
  lead,
  items,
  gridClassName,
  renderItem,
  footer,
}: {
  title: string;
  lead: string;
  items: T[] | null;
  gridClassName: string;
  renderItem: (item: T) => ReactNode;
  footer?: ReactNode;
}) {
  return (
    <>
      <PageHeader title={title} lead={lead} />
      <div className="page py-10">
        {items === null ? (
          <ListUnavailable />
        ) : (
          <ul className={gridClassName}>
            {items.map((item) => (
              <li key={item.id}>{renderItem(item)}</li>
            ))}
          </ul>
        )}
        {footer}
      </div>
    </>
  );
}
