import type { ReactNode } from "react";
import { PageTitle } from "./page-title.tsx";

/** A page's heading block: the document title, an optional eyebrow, the h1 and a lead. */
export function PageHeader({
  title,
  documentTitle = title,
  eyebrow,
  lead,
  icon,
  children,
}: {
  title: string;
  /** The document's title when it says more than the heading (an error, for example); `null` when a child page sets it. */
  documentTitle?: string | null;
  eyebrow?: ReactNode;
  lead?: ReactNode;
  /** A mark shown with the title (a service's or policy's icon). */
  icon?: ReactNode;
  children?: ReactNode;
}) {
  const heading = (
    <h1 tabIndex={-1} className="max-w-4xl font-serif text-h1 text-stone-900">
      {title}
    </h1>
  );
  return (
    <div className="border-b border-stone-200 bg-white">
      <div className="page py-10 sm:py-14">
        {documentTitle !== null && <PageTitle title={documentTitle} />}
        {eyebrow && <p className="eyebrow mb-3">{eyebrow}</p>}
        {icon ? (
          <div className="flex items-center gap-4">
            {icon}
            {heading}
          </div>
        ) : (
          heading
        )}
        {lead && <p className="mt-4 max-w-3xl text-lg text-stone-600">{lead}</p>}
        {children}
      </div>
    </div>
  );
}
