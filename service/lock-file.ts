/**
 * A lock between processes on one folder (docs/decisions/040-content-sync-converges.md): a file
 * created exclusively that names its holder (pid, host, since when), its time touched while it is
 * held. A process that died holding it (kill -9 leaves the file behind) is noticed at once on its
 * own host, where the pid can be asked; a holder on another host is judged by the file's age: not
 * touched for `staleMs`, it has stopped. Either way the lock is taken over, and the log says so.
 */
import { randomUUID } from "node:crypto";
import { link, mkdir, open, readFile, rename, rm, stat } from "node:fs/promises";
import { hostname } from "node:os";
import path from "node:path";
import { processRunning } from "./process-running.ts";

/** Who holds a lock. */
export interface LockHolder {
  pid: number;
  host: string;
  since: string;
}

/** A lock taken (release it), or the holder of a lock another has (unknown while it is being written, or left in an older form). */
export type LockTurn = { release: () => Promise<void> } | { heldBy: LockHolder | undefined };

function parseHolder(text: string): LockHolder | undefined {
  try {
    const holder = JSON.parse(text) as Partial<LockHolder>;
    return typeof holder.pid === "number" && typeof holder.host === "string" && typeof holder.since === "string"
      ? { pid: holder.pid, host: holder.host, since: holder.since }
      : undefined;
  } catch {
    return undefined;
  }
}

const described = (holder: LockHolder | undefined) => (holder ? `pid ${holder.pid} on ${holder.host} since ${holder.since}` : "an unknown process");

/**
 * Removes the lock file if it is still the one judged stale (its inode): moved aside first, so that
 * of two processes taking over the same lock only one removes it, and a lock taken meanwhile by a
 * third is put back, not removed.
 */
async function removeIfSame(file: string, ino: number): Promise<boolean> {
  const aside = `${file}.${randomUUID()}`;
  try {
    await rename(file, aside);
  } catch {
    return false;
  }
  const same = (await stat(aside)).ino === ino;
  if (!same) await link(aside, file).catch(() => {});
  await rm(aside, { force: true });
  return same;
}

/** Takes the lock, or says who holds it. */
export async function takeLock(file: string, staleMs: number, label: string): Promise<LockTurn> {
  await mkdir(path.dirname(file), { recursive: true });
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const handle = await open(file, "wx");
      const holder: LockHolder = { pid: process.pid, host: hostname(), since: new Date().toISOString() };
      await handle.writeFile(`${JSON.stringify(holder)}\n`);
      // Touched while held, so that a long turn is never judged stale by another host.
      const heartbeat = setInterval(() => {
        const now = new Date();
        handle.utimes(now, now).catch(() => {});
      }, staleMs / 4);
      heartbeat.unref();
      return {
        async release() {
          clearInterval(heartbeat);
          // Only this lock: another process may have taken it over (judged stale, the host asleep).
          const [mine, current] = await Promise.all([handle.stat(), stat(file).catch(() => undefined)]);
          if (current?.ino === mine.ino) await rm(file, { force: true });
          await handle.close();
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    const found = await stat(file).catch(() => undefined);
    // Let go meanwhile: try again.
    if (!found) continue;
    const holder = parseHolder(await readFile(file, "utf8").catch(() => ""));
    const ageMs = Date.now() - found.mtimeMs;
    const gone = holder?.host === hostname() && !processRunning(holder.pid);
    if (!gone && ageMs < staleMs) return { heldBy: holder };
    if (!(await removeIfSame(file, found.ino))) continue;
    console.warn(
      `${label}: removed the lock left by ${described(holder)}: ${gone ? "that process is gone" : `not touched for ${Math.round(ageMs / 60_000)} min`}`,
    );
  }
  return { heldBy: undefined };
}
