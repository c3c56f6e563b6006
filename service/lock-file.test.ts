/**
 * Locks that know their holder: a real child process takes a lock, and is killed with SIGKILL (the
 * file stays behind) or left running. A dead holder's lock is taken over at once, with a warning
 * naming it; a live holder's is not, and is named to whoever is refused; a lock from another host
 * is judged by its age, which the holder's heartbeat keeps young.
 */
import type { ChildProcess } from "node:child_process";
import { mkdtemp, readFile, rm, stat, utimes, writeFile } from "node:fs/promises";
import { hostname, tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { killHard, lockHolder } from "../tests/lock-holder.ts";
import { takeLock } from "./lock-file.ts";

const HOUR = 3_600_000;
let dir: string;
const children: ChildProcess[] = [];

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "lock-file-"));
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});
afterAll(async () => {
  await Promise.all(children.map(killHard));
  await rm(dir, { recursive: true, force: true });
});

describe("a lock file", () => {
  it("is taken over at once when the process that holds it was killed, with a warning naming it", async () => {
    const file = path.join(dir, "killed.lock");
    const child = await lockHolder(file);
    children.push(child);
    const pid = child.pid;
    await killHard(child);
    const warn = vi.spyOn(console, "warn");
    // An hour's staleness would keep an age-only lock for an hour more.
    const turn = await takeLock(file, HOUR, "harvest");
    expect("release" in turn).toBe(true);
    expect(warn).toHaveBeenCalledWith(
      expect.stringMatching(new RegExp(`^harvest: removed the lock left by pid ${pid} on .+: that process is gone$`)),
    );
    expect(JSON.parse(await readFile(file, "utf8"))).toMatchObject({ pid: process.pid, host: hostname() });
    if ("release" in turn) await turn.release();
    await expect(stat(file)).rejects.toThrow();
  }, 60_000);

  it("is not taken while its process runs: the one refused is told who holds it", async () => {
    const file = path.join(dir, "live.lock");
    const child = await lockHolder(file);
    children.push(child);
    const turn = await takeLock(file, HOUR, "harvest");
    expect(turn).toEqual({ heldBy: { pid: child.pid, host: hostname(), since: expect.any(String) } });
  }, 60_000);

  it("of another host is judged by its age: taken over when it was not touched for the stale time", async () => {
    const file = path.join(dir, "elsewhere.lock");
    const holder = { pid: process.pid, host: `not-${hostname()}`, since: new Date().toISOString() };
    await writeFile(file, JSON.stringify(holder));
    expect(await takeLock(file, HOUR, "sync")).toEqual({ heldBy: holder });
    const old = new Date(Date.now() - 2 * HOUR);
    await utimes(file, old, old);
    const warn = vi.spyOn(console, "warn");
    const turn = await takeLock(file, HOUR, "sync");
    expect("release" in turn).toBe(true);
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/^sync: removed the lock left by pid \d+ on not-.+: not touched for 120 min$/));
    if ("release" in turn) await turn.release();
  });

  it("is touched while held, so that a long turn never looks stale", async () => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval", "Date"] });
    const file = path.join(dir, "long.lock");
    const turn = await takeLock(file, HOUR, "harvest");
    const taken = (await stat(file)).mtimeMs;
    vi.setSystemTime(Date.now() + 2 * HOUR);
    vi.advanceTimersByTime(HOUR / 4);
    // The touch is a file operation the timer starts: wait for it.
    while ((await stat(file)).mtimeMs < taken + HOUR) await new Promise((resolve) => setImmediate(resolve));
    expect((await stat(file)).mtimeMs).toBeGreaterThan(taken + HOUR);
    if ("release" in turn) await turn.release();
  });

  it("is not removed by a holder whose lock was taken over meanwhile", async () => {
    const file = path.join(dir, "taken-over.lock");
    const first = await takeLock(file, HOUR, "sync");
    // Judged stale elsewhere (a host asleep past the stale time), removed and taken by another.
    await rm(file);
    const second = await takeLock(file, HOUR, "sync");
    if ("release" in first) await first.release();
    expect(JSON.parse(await readFile(file, "utf8"))).toMatchObject({ pid: process.pid });
    expect(await takeLock(file, HOUR, "sync")).toMatchObject({ heldBy: { pid: process.pid } });
    if ("release" in second) await second.release();
  });
});
