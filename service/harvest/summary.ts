/** A pull's summary as lines a person reads: each journal's counts, its rejected records and warnings, the folder's check. */
import type { PullResult } from "./pull.ts";

export function pullSummary(result: PullResult): string {
  const lines = result.journals.map((j) => {
    const head = `${j.journalId} (${j.source}${j.format ? `, ${j.format}` : ""}${j.from ? `, next from ${j.from}` : ""}): `;
    const counts = `${j.read} read, ${j.added} added, ${j.updated} updated, ${j.unchanged} unchanged, ${j.withdrawn} withdrawn, ${j.rejected.length} rejected; ${j.requests} requests in ${(j.ms / 1000).toFixed(1)} s`;
    return [
      head + (j.error ? `failed: ${j.error}; ` : "") + counts,
      ...j.rejected.map((r) => `  rejected ${r.identifier}: ${r.reason}`),
      ...j.warnings.map((r) => `  ${r.identifier}: ${r.reason}`),
    ].join("\n");
  });
  if (result.journals.length === 0 && result.problems.length === 0) lines.push("no journal names a source (source: in its journal.yaml)");
  if (result.problems.length > 0) {
    lines.push(`the folder's check found ${result.problems.length} problem(s); every file the pull wrote was put back:`, ...result.problems);
  } else lines.push(`${result.files} file(s) written`);
  return lines.join("\n");
}
