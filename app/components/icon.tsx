/**
 * A content icon: inline SVG markup rendered on the server from the locally installed icon
 * set (see lib/icons.server.ts); without one, the dashed circle.
 */
export function Icon({ svg, className = "h-6 w-6" }: { svg: string | null; className?: string }) {
  if (!svg) {
    return (
      <svg viewBox="0 0 24 24" className={className} aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2" strokeDasharray="3 3">
        <circle cx="12" cy="12" r="9" />
      </svg>
    );
  }
  // biome-ignore lint/security/noDangerouslySetInnerHtml: markup built on the server from the installed icon set.
  return <span className={`inline-block ${className}`} aria-hidden="true" dangerouslySetInnerHTML={{ __html: svg }} />;
}
