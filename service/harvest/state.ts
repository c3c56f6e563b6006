/**
 * What a pull keeps between pulls, per journal, in the content folder's `.harvest/` (git-ignored):
 * the source, the last attempt and success, where the next incremental pull starts, and the last
 * pull's counts; and what the status endpoint (/api/harvest) shows of it.
 */
import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { parse as parseYaml } from "yaml";
import { type JournalFile, journalFile } from "../content/schema.ts";
import type { JournalPull } from "./pull.ts";

/** What the pull remembers of a journal's source between pulls. */
export interface HarvestState {
  source: string;
  lastAttempt: string;
  lastSuccess?: string;
  /** Where the next incremental harvest starts: the repository's response date at the last success, at its granularity. */
  from?: string;
  last: Omit<JournalPull, "rejected" | "warnings"> & { rejected: number; warnings: number };
}

export const stateDir = (root: string) => path.join(root, ".harvest");
const stateFile = (root: string, journalId: string) => path.join(stateDir(root), `${journalId}.json`);

/** A journal's state, or undefined before its first pull. */
export const readState = (root: string, journalId: string): Promise<HarvestState | undefined> =>
  readFile(stateFile(root, journalId), "utf8").then(
    (text) => JSON.parse(text) as HarvestState,
    () => undefined,
  );

export async function readStates(root: string): Promise<Record<string, HarvestState>> {
  const files = await readdir(stateDir(root)).catch(() => [] as string[]);
  const states: Record<string, HarvestState> = {};
  for (const file of files.filter((f) => f.endsWith(".json"))) {
    const state = await readState(root, file.slice(0, -5));
    if (state) states[file.slice(0, -5)] = state;
  }
  return states;
}

/** What the status endpoint shows: each journal's source, and its last attempt and success with the counts. */
export interface HarvestStatus {
  journals: ({ journalId: string; source: string } & Partial<HarvestState>)[];
}

export async function harvestStatus(root: string): Promise<HarvestStatus> {
  const [journals, states] = await Promise.all([journalsWithSource(root), readStates(root)]);
  return {
    journals: journals.map((j) => {
      const state = states[j.id];
      return { journalId: j.id, source: j.source?.oai as string, ...(state?.source === j.source?.oai ? state : {}) };
    }),
  };
}

/** The journals of the folder that name a source (only `journalId` when given). */
export async function journalsWithSource(root: string, journalId?: string): Promise<JournalFile[]> {
  const dirs = await readdir(path.join(root, "journals"), { withFileTypes: true }).catch(() => []);
  const journals: JournalFile[] = [];
  for (const dir of dirs.filter((d) => d.isDirectory()).map((d) => d.name)) {
    if (journalId && dir !== journalId) continue;
    const parsed = journalFile.safeParse(parseYaml(await readFile(path.join(root, "journals", dir, "journal.yaml"), "utf8").catch(() => "")));
    if (parsed.success && parsed.data.source) journals.push(parsed.data);
  }
  return journals;
}

/** Records an attempt; the next pull starts from it only when it succeeded (its files stayed). */
export async function saveState(root: string, result: JournalPull, success: boolean) {
  const previous = await readState(root, result.journalId);
  const now = new Date().toISOString();
  const { rejected, warnings, ...counts } = result;
  const state: HarvestState = {
    source: result.source,
    lastAttempt: now,
    ...(success ? { lastSuccess: now, from: counts.from } : { lastSuccess: previous?.lastSuccess, from: previous?.from }),
    last: { ...counts, rejected: rejected.length, warnings: warnings.length },
  };
  await mkdir(stateDir(root), { recursive: true });
  await writeFile(stateFile(root, result.journalId), `${JSON.stringify(state, null, 2)}\n`);
}
