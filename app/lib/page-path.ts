/**
 * The path of the page a request is for. React Router's client navigations and submissions
 * fetch `{path}.data` (`/_.data` for the root), and their loaders and actions see that URL.
 * @example pagePath("https://x.example/tr/bize-ulasin/finans.data?index") // "/tr/bize-ulasin/finans"
 */
export function pagePath(url: string): string {
  const { pathname } = new URL(url);
  if (pathname === "/_.data") return "/";
  return pathname.replace(/\.data$/, "");
}
