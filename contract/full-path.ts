import { pagePath } from "./page-path.ts";

/** The path and query of a page's URL as a visitor reads it (percent-escapes decoded where valid). */
export function fullPath(url: string): string {
  // React Router's data requests add `_routes` and `index`; the visitor's URL does not have them.
  const params = new URL(url).search
    .slice(1)
    .split("&")
    .filter((param) => param && !/^(_routes|index)(=|$)/.test(param));
  const search = params.length > 0 ? `?${params.join("&")}` : "";
  const path = `${pagePath(url)}${search}`.slice(0, 300);
  try {
    return decodeURI(path);
  } catch {
    return path;
  }
}
