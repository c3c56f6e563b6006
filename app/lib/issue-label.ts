import type { Issue } from "../../contract/api-types.ts";
import { format } from "../../i18n/format.ts";
import type { PageMessages } from "../../i18n/messages/index.ts";

/** "Volume 13, Issue 2 (2025)" / "Cilt 13, Sayı 2 (2025)". */
export const issueLabel = (issue: Pick<Issue, "volume" | "number" | "year">, t: PageMessages) =>
  format(t.issues.label, { volume: issue.volume, number: issue.number, year: issue.year });
