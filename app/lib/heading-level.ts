/** The heading levels rich text's top headings (stored as `h2`) can take under a page's headings. */
export type HeadingLevel = 2 | 3 | 4;

/**
 * Rich text's headings moved down so that its top level (`h2`, as Markdown's `##` is stored) is
 * `level`, the others following it (none below `h6`): text under a page's `h2` starts at `h3`, so
 * the outline stays in order. The HTML is sanitized (service/content/markdown.ts): its headings carry no attributes.
 * @example headingsFrom("<h2>Aims</h2><h3>Topics</h3>", 3) // "<h3>Aims</h3><h4>Topics</h4>"
 */
export function headingsFrom(html: string, level: HeadingLevel): string {
  const shift = level - 2;
  if (shift === 0) return html;
  return html.replace(/<(\/?)h([2-6])(?=[\s>])/g, (_, slash: string, n: string) => `<${slash}h${Math.min(6, Number(n) + shift)}`);
}
