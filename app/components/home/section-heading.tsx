import { Link } from "../link.tsx";

/** A home page section's heading (h2, its `id` naming the section), with a link to the whole list where there is one. */
export function SectionHeading({ id, title, all }: { id: string; title: string; all?: { to: string; label: string } }) {
  return (
    <div className="flex flex-wrap items-baseline justify-between gap-x-6 gap-y-1">
      <h2 id={id} className="font-serif text-h2 text-stone-900">
        {title}
      </h2>
      {all && (
        <Link to={all.to} className="font-medium text-orange-800 hover:underline">
          {all.label} <span aria-hidden="true">→</span>
        </Link>
      )}
    </div>
  );
}
