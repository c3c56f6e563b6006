/**
 * A process of its own that takes a lock (service/lock-file.ts) and keeps running until it is
 * killed: what a worker that holds the harvest's or the content sync's lock looks like to the rest.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";

/** Starts the process; resolves once it holds the lock (rejects if it could not take it). */
export async function lockHolder(file: string): Promise<ChildProcess> {
  const script = `
    import { takeLock } from "./service/lock-file.ts";
    const turn = await takeLock(process.env.LOCK_FILE, 3_600_000, "lock holder");
    console.log("release" in turn ? "holding" : "refused");
    setInterval(() => {}, 60_000);
  `;
  const child = spawn(process.execPath, ["--input-type=module", "-e", script], {
    cwd: process.cwd(),
    env: { ...process.env, LOCK_FILE: file },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const [line] = (await once(child.stdout as NodeJS.ReadableStream, "data")) as [Buffer];
  if (line.toString().trim() !== "holding") {
    child.kill("SIGKILL");
    throw new Error(`the lock holder could not take ${file}`);
  }
  return child;
}

/** Kills it as kill -9 would, and waits until it is gone. */
export async function killHard(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, "exit");
  child.kill("SIGKILL");
  await exited;
}
