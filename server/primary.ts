/**
 * Several worker processes on one port, when WEB_CONCURRENCY > 1 (docs/decisions/028-worker-processes.md).
 * This primary process serves nothing and opens no database: it builds the site when there is no
 * build, forks the workers (node:cluster), each of which runs server/start.ts as a single process
 * would, and keeps their number up.
 *
 * - The first worker starts alone, and the others once it listens: a fresh SQLite file is migrated
 *   and seeded by one process, not raced by all of them.
 * - The first worker's place (its replacements' too) runs the work to be done once: the scheduled
 *   pulls (the env's SCHEDULED_WORK). Every worker sends the outbox's mail: its claims hold across processes.
 * - A form opened in one worker is sent to another: without FORM_SECRET, the primary makes one for all.
 * - A worker that dies is replaced after a back-off (0.5 s, doubling with each death in the last
 *   minute, at most 10 s). Before any worker has served, one that dies before it listens stops
 *   everything with exit 1 (a port in use, a broken build, a database still away once the worker
 *   has waited DATABASE_START_WAIT_MS for it: its reason is logged). Once one has served, a worker
 *   that dies before it listens is replaced like any other (a database restarting while the second
 *   worker starts must not stop the first, which serves: decision 043), until three replacements in
 *   a row die before they listen while no worker serves: a configuration broken for good stops
 *   loudly. While one serves, replacements are tried on (a database away, as decision 018 wants it survived).
 * - SIGTERM or SIGINT is passed to every worker, which stops gracefully (server/shutdown.ts); the
 *   primary exits when they all have: 0, or 1 when one did not exit 0 or was still running
 *   SHUTDOWN_TIMEOUT_MS plus a margin after the signal (it is then killed).
 */
import { spawnSync } from "node:child_process";
import cluster, { type Worker } from "node:cluster";
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import path from "node:path";
import type { Config } from "./config.ts";
import { startLogs } from "./log.ts";

/** The variable that tells a worker it runs the work to be done once ("1"). */
export const SCHEDULED_WORK = "MERIDIAN_SCHEDULED_WORK";

const root = path.resolve(import.meta.dirname, "..");
const RESTART_DELAY_MS = 500;
const MAX_RESTART_DELAY_MS = 10_000;
/** Deaths within this window make the next restart wait longer. */
const DEATH_WINDOW_MS = 60_000;
/** Replacements in a row that died before listening, after which the primary gives up. */
const START_FAILURES = 3;
/** Past SHUTDOWN_TIMEOUT_MS, how long a worker has to exit by itself (its deadline's exit comes 1 s after). */
const STOP_MARGIN_MS = 5000;

export async function runPrimary(config: Config): Promise<void> {
  await startLogs({ base: { pid: process.pid } });
  const count = config.WEB_CONCURRENCY;
  // Once for all, before any worker would find it missing.
  if (!existsSync(path.join(root, "build/server/index.js"))) {
    console.log("no build found: building first (npm run build)");
    const result = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
    if (result.status !== 0) throw new Error("the build failed");
  }
  const shared: Record<string, string> = {};
  if (!process.env.FORM_SECRET) shared.FORM_SECRET = randomBytes(32).toString("hex");

  const slots: (Worker | undefined)[] = Array.from({ length: count }, () => undefined);
  const restarts = new Set<NodeJS.Timeout>();
  const deaths: number[] = [];
  let othersStarted = false;
  /** Once a worker has listened: a worker's failed start is then a fault to outlast, not a configuration to stop on. */
  let served = false;
  let serving = false;
  let startFailures = 0;
  let stopping: NodeJS.Signals | undefined;
  let exitCode = 0;

  /** The workers that listen, of those in `slots`. */
  const listening = new WeakSet<Worker>();
  const alive = () => slots.filter((w): w is Worker => w !== undefined);

  function fork(slot: number) {
    const worker = cluster.fork({ ...shared, [SCHEDULED_WORK]: slot === 0 ? "1" : "0" });
    const name = `worker ${worker.id} (pid ${worker.process.pid})`;
    slots[slot] = worker;
    // A signal that cannot be delivered is an 'error' event: unheard, it would end the primary.
    worker.on("error", (error) => console.error(`primary: ${name}: ${error.message}`));
    worker.once("listening", () => {
      listening.add(worker);
      served = true;
      startFailures = 0;
      if (serving || stopping) return;
      // The first worker has migrated and seeded the database: the others start now (once; a
      // replacement of the first, when it died before they all listened, finds them started).
      if (slot === 0 && !othersStarted) {
        othersStarted = true;
        for (let other = 1; other < count; other++) fork(other);
      }
      if (slots.every((w) => w && listening.has(w))) {
        serving = true;
        console.log(`primary: ${count} worker processes serving`);
      }
    });
    worker.once("exit", (code, signal) => {
      if (slots[slot] === worker) slots[slot] = undefined;
      const how = signal ? `was killed by ${signal}` : `exited with code ${code}`;
      if (stopping) {
        // Killed by the signal passed on (while it was starting, before it listened for it) is a stop too.
        if (code !== 0 && signal !== stopping) exitCode = 1;
        if (alive().length === 0) finish();
        return;
      }
      const started = listening.has(worker);
      if (!started && !served) return giveUp(`${name} ${how} before it was serving`);
      // While another worker serves, the site is up (degraded, as a single process is while its
      // database is away): its replacements are tried on, at most 10 s apart.
      if (!started && ++startFailures >= START_FAILURES && !alive().some((w) => listening.has(w)))
        return giveUp(`${startFailures} workers in a row died before they were serving, and none serves (the last, ${name}, ${how})`);
      const now = Date.now();
      deaths.push(now);
      while (deaths.length > 0 && (deaths[0] as number) < now - DEATH_WINDOW_MS) deaths.shift();
      const delay = Math.min(RESTART_DELAY_MS * 2 ** (deaths.length - 1), MAX_RESTART_DELAY_MS);
      console.error(`primary: ${name} ${how}; starting another in ${delay} ms`);
      const timer = setTimeout(() => {
        restarts.delete(timer);
        if (!stopping) fork(slot);
      }, delay);
      restarts.add(timer);
    });
  }

  function giveUp(reason: string) {
    console.error(`primary: ${reason}: stopping (exit 1)`);
    exitCode = 1;
    stop("SIGTERM");
  }

  let deadline: NodeJS.Timeout | undefined;
  function stop(signal: NodeJS.Signals) {
    if (stopping) return;
    stopping = signal;
    for (const timer of restarts) clearTimeout(timer);
    restarts.clear();
    const workers = alive();
    if (workers.length === 0) return finish();
    console.log(`primary: ${signal}: passed on to ${workers.length} worker processes; waiting for them to stop`);
    for (const worker of workers) worker.process.kill(signal);
    deadline = setTimeout(() => {
      const left = alive();
      console.error(
        `primary: ${left.length} worker processes still running ${config.SHUTDOWN_TIMEOUT_MS + STOP_MARGIN_MS} ms after ${signal}: killed`,
      );
      exitCode = 1;
      for (const worker of left) worker.process.kill("SIGKILL");
    }, config.SHUTDOWN_TIMEOUT_MS + STOP_MARGIN_MS);
  }

  function finish() {
    clearTimeout(deadline);
    console.log(`primary: every worker process has stopped; exiting (${exitCode})`);
    process.exit(exitCode);
  }

  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
  process.on("unhandledRejection", (reason) => console.error("primary: unhandled rejection:", reason));
  fork(0);
}
