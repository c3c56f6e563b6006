import { useRouteLoaderData } from "react-router";
import type { JournalDetail } from "../../../contract/api-types.ts";
import { routerId } from "../../../contract/route-table.ts";
import { useLocale } from "../../i18n.ts";

/** The journal the journal area's layout loaded, for its child pages. */
export function useJournal(): JournalDetail {
  const data = useRouteLoaderData<{ journal: JournalDetail }>(routerId("journal", useLocale()));
  if (!data) throw new Error("useJournal outside the journal area");
  return data.journal;
}
