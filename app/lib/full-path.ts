import { pagePath } from "./page-path.ts";

/** The path and query of a page's URL as a visitor reads it (percent-escapes decoded where valid). */
export function fullPath(url: string): string {
  const { searchParams } = new URL(url);
  // React Router's data requests add these; the visitor's URL does not have them.
  searchParams.delete("_routes");
  searchParams.delete("index");
  const search = searchParams.size > 0 ? `?${searchParams}` : "";
  const path = `${pagePath(url)}${search}`.slice(0, 300);
  try {
    return decodeURI(path);
  } catch {
    return path;
  }
}
