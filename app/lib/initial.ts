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

/** The root's services and policies (with their icons), from the initial payload. */
export function useInitial() {
  return useRouteLoaderData<typeof loader>("root")?.initial ?? { services: [], policies: [] };
}
