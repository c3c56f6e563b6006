/**
 * The path of the page a request is for. React Router's client navigations and submissions
 * fetch `{path}.data` (`/_.data` for the root), and their loaders and actions see that URL.
 * Always a path on this site: leading slashes are collapsed, so a redirect to it (the form's "sent"
 * answer) cannot leave for another host (`//evil.example/…`).
 * @example pagePath("https://x.example/tr/bize-ulasin/finans.data?index") // "/tr/bize-ulasin/finans"
 */
export function pagePath(url: string): string {
  const pathname = new URL(url).pathname.replace(/^\/+/, "/");
  if (pathname === "/_.data") return "/";
  return pathname.replace(/\.data$/, "");
}
