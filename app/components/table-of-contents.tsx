import { useMessages } from "../i18n.ts";
import type { Section } from "../lib/sections.server.ts";

/**
 * A long text's sections, linked to their headings: on phones a closed disclosure above the
 * text, on wide screens open beside it and kept in view (the `toc-panel` rules in app.css).
 */
export function TableOfContents({ sections }: { sections: Section[] }) {
  const t = useMessages();
  const list = (
    <ol className="mt-2 grid gap-1 text-sm">
      {sections.map((section) => (
        <li key={section.id}>
          <a href={`#${section.id}`} className="block rounded px-2 py-1 text-stone-700 hover:bg-stone-100 hover:text-orange-800">
            {section.title}
          </a>
        </li>
      ))}
    </ol>
  );
  return (
    <nav aria-label={t.wayfinding.contents} className="lg:sticky lg:top-4 lg:max-h-[calc(100vh-2rem)] lg:overflow-y-auto">
      <details className="toc-panel card p-4">
        <summary className="cursor-pointer font-semibold lg:hidden">{t.wayfinding.contents}</summary>
        <p className="hidden font-semibold lg:block">{t.wayfinding.contents}</p>
        {list}
      </details>
    </nav>
  );
}
