import type { FullText, Reference } from "../../../contract/api-types.ts";
import { doiUrl } from "../../../contract/identifiers.ts";
import { format, useMessages } from "../../i18n.ts";
import { Identifier } from "../identifier.tsx";

/**
 * The article's body as the import rendered and sanitized it (service/content/full-text.ts), in
 * its own language. Its figures' addresses are relative to the article's folder: `folder` is the
 * article's path, under which this site serves them.
 */
export function FullTextBody({ fullText, language, folder, articleId }: { fullText: FullText; language: string; folder: string; articleId: string }) {
  const t = useMessages();
  const html = fullText.html.replaceAll(`src="${articleId}/`, `src="${folder}/`);
  return (
    <section aria-labelledby="full-text" className="mt-10">
      <h2 id="full-text" className="font-serif text-h2">
        {t.article.fullText}
      </h2>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized to an allow-list on import (full-text-html.ts). */}
      <div lang={language} className="full-text" dangerouslySetInnerHTML={{ __html: html }} />
    </section>
  );
}

/**
 * The reference list: each entry as printed in the article, so in its language (`language`), its
 * DOI as a link, and links back to where the text cites it.
 */
export function References({ references, citedAt, language }: { references: Reference[]; citedAt: Record<string, string[]>; language: string }) {
  const t = useMessages();
  if (references.length === 0) return null;
  return (
    <section aria-labelledby="references" className="mt-10">
      <h2 id="references" className="font-serif text-h2">
        {t.article.references}
      </h2>
      <ol className="references mt-4 grid gap-3 text-sm leading-relaxed">
        {references.map((reference, i) => (
          <li key={reference.id} id={`ref-${reference.id}`} className="grid grid-cols-[2.25rem_1fr]">
            <span className="text-stone-500">{i + 1}.</span>
            <span className="min-w-0 break-words">
              <span lang={language}>{reference.doi ? reference.text.replace(/\s*https?:\/\/(dx\.)?doi\.org\/\S+$/, "") : reference.text}</span>
              {reference.doi && (
                <>
                  {" "}
                  <a href={doiUrl(reference.doi)} className="text-orange-800 underline underline-offset-2">
                    <Identifier>{doiUrl(reference.doi)}</Identifier>
                  </a>
                </>
              )}
              {(citedAt[reference.id] ?? []).map((anchor, n) => (
                <a
                  key={anchor}
                  href={`#${anchor}`}
                  className="ml-1.5 text-xs text-orange-800 underline underline-offset-2"
                  aria-label={format(t.article.backToCitation, { number: String(n + 1) })}
                >
                  ↑{(citedAt[reference.id]?.length ?? 0) > 1 ? String.fromCharCode(97 + n) : ""}
                </a>
              ))}
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}

/** The page's outline: abstract, the full text's sections (titled in the article's language, `lang`), references; on wide screens it stays in view. */
export function Outline({ items }: { items: { id: string; title: string; lang?: string }[] }) {
  const t = useMessages();
  return (
    <nav aria-labelledby="outline" className="card lg:sticky lg:top-4 lg:max-h-[calc(100vh-2rem)] lg:overflow-y-auto">
      <h2 id="outline" className="font-semibold">
        {t.article.outline}
      </h2>
      <ol className="mt-2 grid gap-1 text-sm">
        {items.map((item) => (
          <li key={item.id}>
            <a href={`#${item.id}`} lang={item.lang} className="block text-stone-700 hover:text-orange-800 hover:underline">
              {item.title}
            </a>
          </li>
        ))}
      </ol>
    </nav>
  );
}
