/**
 * Noticing, in a tab left open, that another build has been deployed (spec §4 and §7): the
 * build's identity files (scripts/build-identity.ts) and the decision of which navigations then
 * load a whole document. The browser side is app/lib/use-build-updates.ts.
 */
import type { Path } from "react-router";
import { BUILDS_PATH } from "../../contract/route-rules.ts";

/** How often an open page asks which build the server runs. */
export const BUILD_CHECK_INTERVAL_MS = 3_600_000;
/** The page's own build's meta file is fetched this long after the page is idle. */
export const META_DELAY_MS = 1_000;

export const latestBuildUrl = `${BUILDS_PATH}/latest.json`;
export const buildMetaUrl = (id: string) => `${BUILDS_PATH}/meta/${id}.json`;

/** A build file's answer, or undefined when it could not be had (never worth telling the visitor). */
async function fetchBuildFile(url: string): Promise<Response | undefined> {
  try {
    return await fetch(url, { cache: "no-cache" });
  } catch (error) {
    console.warn(`build check: ${url}: ${(error as Error).message}`);
    return undefined;
  }
}

/** Whether the server now runs another build than `ownId`; false when it cannot tell. */
export async function latestBuildDiffers(ownId: string): Promise<boolean> {
  const response = await fetchBuildFile(latestBuildUrl);
  if (!response?.ok) return false;
  const latest = (await response.json().catch(() => undefined)) as { id?: unknown } | undefined;
  return typeof latest?.id === "string" && latest.id !== ownId;
}

/** Whether the build `ownId`'s meta file is gone from the server, which then runs another build. */
export async function buildMetaGone(ownId: string): Promise<boolean> {
  return (await fetchBuildFile(buildMetaUrl(ownId)))?.status === 404;
}

/** The document a location is: its path and query, without the `index` flag a form posting to an index route adds. */
const documentOf = ({ pathname, search }: Pick<Path, "pathname" | "search">) => {
  const query = new URLSearchParams(search);
  if (query.get("index") === "") query.delete("index");
  return `${pathname}?${query}`;
};

/**
 * Whether going from one location to another changes the document, so that, once the build is
 * stale, it is loaded whole. Not a jump within the page (`#…`), nor a form posting to its own page:
 * every form here does, and its answer must not be lost.
 */
export const changesDocument = (from: Pick<Path, "pathname" | "search">, to: Pick<Path, "pathname" | "search">) =>
  documentOf(from) !== documentOf(to);
