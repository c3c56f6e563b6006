/**
 * The server's own pulls (HARVEST_INTERVAL_MINUTES): every interval, the process that holds the
 * database pulls every journal that names a source into CONTENT_DIR (service/harvest/pull.ts) and,
 * when that changed a file, imports the folder as one transaction; the content's revision moves,
 * and every process's kept pages turn stale (they are rendered again, not lost). A source that
 * fails leaves its journal's files as they were, and says so in the log and at /api/harvest.
 *
 * Several processes on one content folder pull one at a time: a lock file in `.harvest/` that
 * names its holder (service/lock-file.ts: taken over at once when that process is gone), and a
 * process skips its turn when another pulled within the interval. Every turn, pulled or skipped,
 * is logged and kept in `.harvest/last-turn` for /api/harvest, whichever process answers it.
 */
import { readFile, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import type { HarvestTurn } from "../api/routes/harvest.ts";
import { importContent } from "../content/import.ts";
import { readContentFolder } from "../content/read-folder.ts";
import type { ContentDb } from "../db/database.ts";
import { type LockHolder, takeLock } from "../lock-file.ts";
import type { ClientOptions } from "./oai-client.ts";
import { pullContent } from "./pull.ts";
import { readStates, stateDir } from "./state.ts";
import { pullSummary } from "./summary.ts";

/** A lock not touched for this long (its holder touches it every quarter of it) was left by a process on another host that stopped. */
const LOCK_STALE_MS = 10 * 60_000;

/**
 * The schedule's last turn, beside the journals' states: not a `.json` file, which
 * service/harvest/state.ts would read as a journal's.
 */
const turnFile = (contentDir: string) => path.join(stateDir(contentDir), "last-turn");

/** The scheduled pulls' last turn (for /api/harvest), or undefined before the first. */
export const readLastTurn = (contentDir: string): Promise<HarvestTurn | undefined> =>
  readFile(turnFile(contentDir), "utf8").then(
    (text) => JSON.parse(text) as HarvestTurn,
    () => undefined,
  );

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

  /** Keeps the turn for /api/harvest, written whole (another process may be reading it). */
  async function record(turn: Omit<HarvestTurn, "at" | "missed" | "lastPulled">) {
    const previous = await readLastTurn(contentDir);
    const at = new Date().toISOString();
    const pulled = turn.outcome === "pulled";
    const missed = pulled || turn.outcome === "recent" ? 0 : (previous?.missed ?? 0) + 1;
    const kept: HarvestTurn = { at, ...turn, missed, lastPulled: pulled ? at : previous?.lastPulled };
    const file = turnFile(contentDir);
    try {
      await writeFile(`${file}.${process.pid}.tmp`, JSON.stringify(kept));
      await rename(`${file}.${process.pid}.tmp`, file);
    } catch (error) {
      // The turn itself stands (the pull is in the journals' states); only its mention is lost.
      console.error(`harvest: the turn could not be kept for /api/harvest: ${(error as Error).message}`);
    }
  }

  async function skippedForLock(heldBy: LockHolder | undefined) {
    const heldMs = heldBy ? Date.now() - Date.parse(heldBy.since) : 0;
    const holder = heldBy ? `pid ${heldBy.pid} on ${heldBy.host} since ${heldBy.since}` : "a process that is taking it";
    // A lock held across a whole interval by a live process: a pull that does not end.
    const message =
      heldMs > intervalMs
        ? `turn skipped: the lock has been held by ${holder}, longer than the interval: is that pull stuck?`
        : `turn skipped: the lock is held by ${holder}`;
    (heldMs > intervalMs ? console.warn : console.log)(`harvest: ${message}`);
    await record({ outcome: "locked", heldBy, message });
  }

  async function runOnce(): Promise<"pulled" | "locked" | "recent"> {
    const lock = await takeLock(lockFile, LOCK_STALE_MS, "harvest");
    if (!("release" in lock)) {
      await skippedForLock(lock.heldBy);
      return "locked";
    }
    try {
      // Another process pulled within the interval: this turn is taken.
      const states = Object.values(await readStates(contentDir));
      const recent = states.length > 0 && states.every((s) => Date.now() - Date.parse(s.lastAttempt) < intervalMs / 2);
      if (recent) {
        const message = "turn skipped: every source was pulled within half the interval (another process's turn)";
        console.log(`harvest: ${message}`);
        await record({ outcome: "recent", message });
        return "recent";
      }
      const result = await pullContent({ root: contentDir, galleys, client, log: (line) => console.log(`harvest: ${line}`) });
      (result.ok ? console.log : console.error)(`harvest: ${pullSummary(result).replace(/\n/g, "\nharvest: ")}`);
      if (result.files > 0) {
        const rows = await importContent(db, await readContentFolder(contentDir));
        console.log(`harvest: imported ${rows} rows of content from ${contentDir}`);
      }
      await record({ outcome: "pulled" });
      return "pulled";
    } catch (error) {
      await record({ outcome: "failed", message: (error as Error).message });
      throw error;
    } finally {
      await lock.release();
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
