import type { ReactNode } from "react";

/** A label–value list (journal details, metrics, book details). */
export function Facts({ items }: { items: [label: string, value: ReactNode][] }) {
  return (
    <dl className="facts mt-3">
      {items.map(([label, value]) => (
        <div key={label} className="contents">
          <dt>{label}</dt>
          <dd className="break-words">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
