/** The path and query of a URL as a visitor reads it (percent-escapes decoded where valid). */
export function fullPath(url: string): string {
  const { pathname, search } = new URL(url);
  const path = `${pathname}${search}`.slice(0, 300);
  try {
    return decodeURI(path);
  } catch {
    return path;
  }
}
