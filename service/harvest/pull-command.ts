/**
 * `npm run content:pull [-- --journal ID] [--since YYYY-MM-DD] [--galleys] [--folder DIR]`:
 * harvests the journals whose journal.yaml names a source into the content folder (CONTENT_DIR,
 * else content/demo), shows its progress, and ends with a summary per journal. It exits 1 when a
 * source failed or the folder's check found a problem (its files then put back as they were).
 */
import { parseArgs } from "node:util";
import { pullContent } from "./pull.ts";
import { pullSummary } from "./summary.ts";

const { values } = parseArgs({
  options: {
    journal: { type: "string" },
    since: { type: "string" },
    galleys: { type: "boolean", default: false },
    folder: { type: "string", default: process.env.CONTENT_DIR || "content/demo" },
  },
});
if (values.since && !/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}:\d{2}Z)?$/.test(values.since)) {
  console.error("--since takes a day (YYYY-MM-DD) or a UTC time (YYYY-MM-DDThh:mm:ssZ)");
  process.exit(2);
}

const result = await pullContent({
  root: values.folder,
  journalId: values.journal,
  since: values.since,
  galleys: values.galleys,
  log: (line) => console.error(line),
});
console.log(pullSummary(result));
if (!result.ok) process.exitCode = 1;
