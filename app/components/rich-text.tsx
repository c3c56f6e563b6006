/** Sanitized HTML from the content service (sanitized on import and again on output). */
export function RichText({ html, className = "" }: { html: string; className?: string }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the content service sends sanitized HTML only.
  return <div className={`rich-text ${className}`} dangerouslySetInnerHTML={{ __html: html }} />;
}
