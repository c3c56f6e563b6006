/**
 * The server's own pulls (HARVEST_INTERVAL_MINUTES): every interval, the process that holds the
 * database pulls every journal that names a source into CONTENT_DIR (service/harvest/pull.ts) and,
 * when that changed a file, imports the folder as one transaction; the content's revision moves,
 * and every process's kept pages turn stale (they are rendered again, not lost). A source that
 * fails leaves its journal's files as they were, and says so in the log and at /api/harvest.
 *
 * Several processes on one content folder pull one at a time: a lock file in `.harvest/` (created
 * exclusively, taken over when older than LOCK_STALE_MS, as a process that died holding it left
 * it), and a process skips its turn when another pulled within the interval.
 */
import path from "node:path";
import { importContent } from "../service/content/import.ts";
import { readContentFolder } from "../service/content/read-folder.ts";
import type { ContentDb } from "../service/db/database.ts";
import type { ClientOptions } from "../service/harvest/oai-client.ts";
import { pullContent } from "../service/harvest/pull.ts";
import { readStates, stateDir } from "../service/harvest/state.ts";
import { pullSummary } from "../service/harvest/summary.ts";
import { takeLock } from "./lock-file.ts";

/** A lock older than this was left by a process that stopped while pulling. */
const LOCK_STALE_MS = 60 * 60_000;

export interface HarvestSchedule {
  /** Waits for a pull under way. */
  stop(): Promise<void>;
  /** Pulls now (the timer's work; tests call it). */
  runOnce(): Promise<"pulled" | "locked" | "recent">;
}

export function scheduleHarvest({
  db,
  contentDir,
  intervalMs,
  galleys,
  client,
}: {
  db: ContentDb;
  contentDir: string;
  intervalMs: number;
  galleys: boolean;
  /** The OAI-PMH client's timeouts and retries (its defaults without). */
  client?: Partial<ClientOptions>;
}): HarvestSchedule {
  const lockFile = path.join(stateDir(contentDir), "lock");
  let running: Promise<unknown> | undefined;

  async function runOnce(): Promise<"pulled" | "locked" | "recent"> {
    const release = await takeLock(lockFile, LOCK_STALE_MS, "harvest");
    if (!release) return "locked";
    try {
      // Another process pulled within the interval: this turn is taken.
      const states = Object.values(await readStates(contentDir));
      const recent = states.length > 0 && states.every((s) => Date.now() - Date.parse(s.lastAttempt) < intervalMs / 2);
      if (recent) return "recent";
      const result = await pullContent({ root: contentDir, galleys, client, log: (line) => console.log(`harvest: ${line}`) });
      (result.ok ? console.log : console.error)(`harvest: ${pullSummary(result).replace(/\n/g, "\nharvest: ")}`);
      if (result.files > 0) {
        const rows = await importContent(db, await readContentFolder(contentDir));
        console.log(`harvest: imported ${rows} rows of content from ${contentDir}`);
      }
      return "pulled";
    } finally {
      await release();
    }
  }

  const tick = () => {
    if (running) return;
    running = runOnce()
      .catch((error: Error) => console.error(`harvest: the pull failed: ${error.message}`))
      .finally(() => {
        running = undefined;
      });
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  // The first pull a little after the start, when the process is serving.
  const first = setTimeout(tick, Math.min(intervalMs, 30_000));
  first.unref();
  return {
    runOnce,
    async stop() {
      clearInterval(timer);
      clearTimeout(first);
      await running;
    },
  };
}
