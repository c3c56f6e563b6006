/** JSON-LD scripts: each text is JSON with "<" escaped (app/lib/structured-data.ts, jsonLdText). */

export const LD_JSON = "application/ld+json";

export function JsonLdScripts({ texts }: { texts: string[] }) {
  return (
    <>
      {texts.map((text, i) => (
        // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON with "<" escaped (jsonLdText), not markup.
        // biome-ignore lint/suspicious/noArrayIndexKey: the list is rebuilt whole for each page.
        <script key={i} type={LD_JSON} dangerouslySetInnerHTML={{ __html: text }} />
      ))}
    </>
  );
}
