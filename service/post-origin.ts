/**
 * Whether a form post comes from our own pages, as the browser tells: `Sec-Fetch-Site` when it sends
 * it (same-origin, or none for a post the visitor started themselves), else the `Origin` header's
 * host against ours. A client that sends neither (not a browser) is let through: the form's signed
 * token still has to be valid (app/lib/forms).
 */
export function isOwnPost(headers: Headers, ownHosts: readonly string[]): boolean {
  const site = headers.get("sec-fetch-site");
  if (site) return site === "same-origin" || site === "none";
  const origin = headers.get("origin");
  if (!origin) return true;
  try {
    return ownHosts.includes(new URL(origin).host);
  } catch {
    return false; // "null" (a sandboxed or privacy-sensitive context) or garbage
  }
}
