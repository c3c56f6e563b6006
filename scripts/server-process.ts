/**
 * Runs the production server as a child process on a free loopback port, for the scripts that
 * need a real one (benchmark, prerendering); it is stopped when the script exits, whatever happens.
 * @example const server = await startServer({ SQLITE_FILE: "data/x.db" }); await fetch(`${server.base}/`); await server.stop();
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const children = new Set<ChildProcess>();
// A crash or Ctrl-C must not leave a server holding a port.
process.on("exit", () => {
  for (const child of children) child.kill();
});
process.on("SIGINT", () => process.exit(130));

/** Builds the site (`npm run build`), unless `reuse` is set and a build is there already. */
export function ensureBuild(reuse = false): void {
  if (reuse && existsSync(path.join(root, "build/server/index.js"))) return;
  if (spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" }).status !== 0) throw new Error("the build failed");
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A process's resident memory (VmRSS) or its peak (VmHWM), in kB; 0 when it has exited. */
export function procStatusKb(pid: number, field: "VmRSS" | "VmHWM"): number {
  try {
    const match = readFileSync(`/proc/${pid}/status`, "utf8").match(new RegExp(`^${field}:\\s+(\\d+) kB`, "m"));
    return match ? Number(match[1]) : 0;
  } catch {
    return 0;
  }
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

/**
 * Starts `node server/main.ts` with the environment plus `env`, on `port` or a free one; resolves
 * once it is ready (/readyz: its database, or the content service of its API_URL, answers). One
 * process serves (WEB_CONCURRENCY=1) unless `env` asks for more.
 */
export async function startServer(env: Record<string, string | undefined>, { port: wanted = 0 } = {}) {
  // Without a port wanted, the server takes a free one itself and says which: a port probed free
  // here could be taken meanwhile by a server another test starts, whose answers would then be taken for this one's.
  // Started as `npm start` and the Docker image start it (docs/decisions/044-memory-bounded.md).
  const child = spawn(process.execPath, ["--max-semi-space-size=16", "server/main.ts"], {
    cwd: root,
    // An `undefined` in `env` removes the variable (DATABASE_URL would take precedence over SQLITE_FILE).
    env: Object.fromEntries(
      // No load balancer waits for it to drain on SIGTERM, and one process serves, unless `env` says otherwise.
      Object.entries({
        ...process.env,
        MALLOC_ARENA_MAX: "2",
        SHUTDOWN_DRAIN_MS: "0",
        WEB_CONCURRENCY: "1",
        ...env,
        PORT: String(wanted),
        HOST: "127.0.0.1",
        NODE_ENV: "production",
      }).filter(([, v]) => v !== undefined),
    ),
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.add(child);
  // Its output, less what came before the last few megabytes: a benchmark's access lines would fill the memory.
  let output = "";
  const read = (d: Buffer) => {
    output += d;
    if (output.length > 8_000_000) output = output.slice(-4_000_000);
  };
  child.stdout?.on("data", read);
  child.stderr?.on("data", read);
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}):\n${output}`);
    const port = wanted || Number(/listening on http:\/\/localhost:(\d+)/.exec(output)?.[1] ?? 0);
    const base = `http://127.0.0.1:${port}`;
    const ok =
      port > 0 &&
      (await fetch(`${base}/readyz`).then(
        (r) => r.status === 200,
        () => false,
      ));
    if (ok) return { base, child, output: () => output, stop: () => stopServer(child) };
    await sleep(250);
  }
  throw new Error(`the server did not answer within 120 s:\n${output}`);
}

async function stopServer(child: ChildProcess) {
  if (child.exitCode === null) {
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    await Promise.race([exited, sleep(5000)]);
    if (child.exitCode === null) child.kill("SIGKILL");
  }
  children.delete(child);
}
