import { useEffect } from "react";

/**
 * Loads a third party's script once, from a script element created in the browser: the pages'
 * Content-Security-Policy trusts what their own scripts load ('strict-dynamic'), not a script
 * element written into the HTML (server/security-headers.ts).
 */
export function useExternalScript(src: string | undefined): void {
  useEffect(() => {
    if (!src || [...document.scripts].some((script) => script.src === src)) return;
    const script = document.createElement("script");
    script.async = true;
    script.src = src;
    document.head.append(script);
  }, [src]);
}
