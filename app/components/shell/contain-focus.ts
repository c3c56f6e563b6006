/** What Tab stops at inside a contained part. */
const TABBABLE = "a[href], button:not([disabled]), input:not([disabled]):not([type=hidden]), select, textarea, [tabindex]:not([tabindex='-1'])";

/**
 * Keeps the keyboard inside `parts` (a menu and its button, in document order) until the returned
 * function is called: everything else in the page is made `inert` (no focus, no clicks, out of the
 * accessibility tree), and Tab from the last stop goes back to the first, Shift+Tab from the first
 * to the last, where it would otherwise leave for the browser's own controls. Releasing twice is
 * harmless.
 */
export function containFocus(parts: HTMLElement[]): () => void {
  const madeInert: HTMLElement[] = [];
  for (const part of parts) {
    for (let element: HTMLElement = part; element.parentElement && element !== document.body; element = element.parentElement) {
      for (const sibling of element.parentElement.children) {
        if (sibling instanceof HTMLElement && !sibling.inert && !parts.some((kept) => sibling.contains(kept))) {
          sibling.inert = true;
          madeInert.push(sibling);
        }
      }
    }
  }

  const cycle = (event: KeyboardEvent) => {
    if (event.key !== "Tab") return;
    const stops = parts.flatMap((part) => [part, ...part.querySelectorAll<HTMLElement>(TABBABLE)].filter((stop) => stop.matches(TABBABLE)));
    const [first, last, from] = [stops[0], stops.at(-1), document.activeElement];
    const target = event.shiftKey ? from === first && last : from === last && first;
    if (!target) return;
    event.preventDefault();
    target.focus();
  };
  document.addEventListener("keydown", cycle);

  return () => {
    document.removeEventListener("keydown", cycle);
    for (const element of madeInert.splice(0)) element.inert = false;
  };
}
