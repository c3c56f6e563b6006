/**
 * The deed of a Creative Commons licence named as the content names it ("CC BY 4.0",
 * "CC BY-NC-SA 4.0"), or null for a licence of other terms.
 */
export function licenceUrl(licence: string): string | null {
  const match = /^CC (BY(?:-NC)?(?:-ND|-SA)?) (\d\.\d)$/.exec(licence.trim());
  return match ? `https://creativecommons.org/licenses/${match[1].toLowerCase()}/${match[2]}/` : null;
}
