import { useRouteLoaderData } from "react-router";
import type { Initial } from "../../contract/api-types.ts";
import type { loader } from "../root.tsx";

/** The initial payload when the content service could not deliver it (spec §8): nothing, zeros. */
export const emptyInitial: Initial = {
  services: [],
  policies: [],
  journalCount: 0,
  articleCount: 0,
  doubleBlindRate: 0,
  globalIndexingDatabases: 0,
  articleViews: 0,
};

/** The root's initial payload: services and policies (with their icons) and the statistics. */
export function useInitial() {
  return useRouteLoaderData<typeof loader>("root")?.initial ?? { ...emptyInitial, services: [], policies: [] };
}
