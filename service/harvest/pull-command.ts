/**
 * `npm run content:pull [-- --journal ID] [--since YYYY-MM-DD] [--galleys] [--folder DIR]`:
 * harvests the journals whose journal.yaml names a source into the content folder (CONTENT_DIR,
 * else content/demo), shows its progress, and ends with a summary per journal. It exits 1 when a
 * source failed or the folder's check found a problem (its files then put back as they were).
 */
import { parseArgs } from "node:util";
import { type PullResult, pullContent } from "./pull.ts";

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

export function summary(result: PullResult): string {
  const lines = result.journals.map((j) => {
    const head = `${j.journalId} (${j.source}${j.format ? `, ${j.format}` : ""}${j.from ? `, from ${j.from}` : ""}): `;
    const counts = `${j.read} read, ${j.added} added, ${j.updated} updated, ${j.unchanged} unchanged, ${j.withdrawn} withdrawn, ${j.rejected.length} rejected; ${j.requests} requests in ${(j.ms / 1000).toFixed(1)} s`;
    return [
      head + (j.error ? `failed: ${j.error}; ` : "") + counts,
      ...j.rejected.map((r) => `  rejected ${r.identifier}: ${r.reason}`),
      ...j.warnings.map((r) => `  ${r.identifier}: ${r.reason}`),
    ].join("\n");
  });
  if (result.journals.length === 0) lines.push("no journal names a source (source: in its journal.yaml)");
  if (result.problems.length > 0)
    lines.push(`the folder's check found ${result.problems.length} problem(s); every file the pull wrote was put back:`, ...result.problems);
  else lines.push(`${result.files} file(s) written`);
  return lines.join("\n");
}

const result = await pullContent({
  root: values.folder,
  journalId: values.journal,
  since: values.since,
  galleys: values.galleys,
  log: (line) => console.error(line),
});
console.log(summary(result));
if (!result.ok) process.exitCode = 1;
