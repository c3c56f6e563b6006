/**
 * An article's usage beacon (USAGE_BEACON): where the page sends it, and what it sends: the page's
 * path and the token its loader made (service/usage/beacon-token.ts), one a line, as text.
 */
export const BEACON_PATH = "/_usage";

export const beaconBody = (path: string, token: string) => `${path}\n${token}`;

/** The path and the token of a beacon's body, or undefined when it is not one. */
export function readBeaconBody(body: string): { path: string; token: string } | undefined {
  const [path, token, ...rest] = body.trim().split("\n");
  return path && token && rest.length === 0 ? { path, token } : undefined;
}
