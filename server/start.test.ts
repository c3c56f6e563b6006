/**
 * A failure while starting is logged with a clear message and the process exits non-zero: the
 * real server command, run with a bad configuration, an unreachable database, a port in use. A
 * database that is only restarting is waited for (on the PostgreSQL of TEST_DATABASE_URL, behind a
 * proxy that refuses and then passes its connections).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { createServer, type Server, type Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoPostgresDatabase } from "../tests/databases.ts";
import { copyDemoDatabase } from "../tests/demo-snapshot.ts";
import { switchableProxy } from "../tests/switchable-proxy.ts";

/** `node server/main.ts`, one process (tests/e2e/workers.spec.ts starts several), its outputs collected. */
function launch(env: Record<string, string>) {
  const child = spawn(process.execPath, ["server/main.ts"], {
    env: { ...process.env, WEB_CONCURRENCY: "1", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const output = { stdout: "", stderr: "" };
  child.stdout.on("data", (chunk) => {
    output.stdout += chunk;
  });
  child.stderr.on("data", (chunk) => {
    output.stderr += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.on("close", (code) => resolve(code)));
  return { child, output, exited };
}

function start(env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  const { output, exited } = launch(env);
  return exited.then((code) => ({ code, stderr: output.stderr }));
}

/** Resolves with the match once the process has written it; rejects if the process exits first. */
function written(process: { child: ChildProcess; output: { stdout: string; stderr: string } }, pattern: RegExp): Promise<RegExpMatchArray> {
  return new Promise((resolve, reject) => {
    const look = () => {
      const match = (process.output.stdout + process.output.stderr).match(pattern);
      if (!match) return false;
      process.child.stdout?.off("data", look);
      process.child.stderr?.off("data", look);
      process.child.off("exit", exited);
      resolve(match);
      return true;
    };
    const exited = () => setImmediate(() => look() || reject(new Error(`exited before writing ${pattern}:\n${process.output.stderr}`)));
    if (look()) return;
    process.child.stdout?.on("data", look);
    process.child.stderr?.on("data", look);
    process.child.on("exit", exited);
  });
}

describe("a failed start", () => {
  /** Takes a port, accepts connections and never answers: a database that hangs. */
  let blocker: Server;
  let busyPort: number;
  const sockets: Socket[] = [];
  beforeAll(async () => {
    blocker = createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => blocker.listen(0, "127.0.0.1", resolve));
    busyPort = (blocker.address() as { port: number }).port;
  });
  afterAll(() => {
    for (const socket of sockets) socket.destroy();
    return new Promise((resolve) => blocker.close(resolve));
  });

  it("names the bad setting and exits 1", async () => {
    const { code, stderr } = await start({ PORT: "eighty", ROOT_REDIRECT_STATUS: "200", WEB_CONCURRENCY: "0" });
    expect(code).toBe(1);
    expect(stderr).toContain("failed to start: invalid configuration:");
    expect(stderr).toContain("ROOT_REDIRECT_STATUS: one of 301, 302, 303, 307, 308");
    expect(stderr).toContain("WEB_CONCURRENCY: a whole number from 1 to 64");
    expect(stderr).not.toMatch(/\n\s+at /);
  });

  it("says the database cannot be reached, refused or silent, tries again within DATABASE_START_WAIT_MS, and exits 1", async () => {
    const refused = await start({ DATABASE_URL: "postgres://meridian@127.0.0.1:9/meridian", DATABASE_START_WAIT_MS: "1500" });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/database not reachable at start \(try 1\): .*ECONNREFUSED.*; trying again in 500 ms/);
    expect(refused.stderr).toMatch(/database not reachable at start \(try 2\): .*ECONNREFUSED.*; trying again in \d+ ms/);
    expect(refused.stderr).toMatch(/failed to start: .*ECONNREFUSED/);
    const silent = await start({ DATABASE_URL: `postgres://meridian@127.0.0.1:${busyPort}/meridian`, DATABASE_START_WAIT_MS: "0" });
    expect(silent.code).toBe(1);
    expect(silent.stderr).not.toContain("database not reachable at start");
    expect(silent.stderr).toMatch(/failed to start: .*timeout/i);
  });

  it("says the port is taken and exits 1", async () => {
    // On a copy of the demo database: nothing to import before it tries the port.
    const { code, stderr } = await start({ NODE_ENV: "development", HOST: "127.0.0.1", PORT: String(busyPort), SQLITE_FILE: copyDemoDatabase() });
    expect(code).toBe(1);
    expect(stderr).toContain(`failed to start: listen EADDRINUSE: address already in use 127.0.0.1:${busyPort}`);
  });
});

const adminUrl = process.env.TEST_DATABASE_URL;
describe.skipIf(!adminUrl)("a database restarting while the process starts", () => {
  it("is waited for, each try said, and the process serves once the database answers", { timeout: 120_000 }, async () => {
    // A clone of the demo's template: the process has nothing to import once the database answers.
    const target = new URL(await demoPostgresDatabase(adminUrl as string));
    const proxy = await switchableProxy({ host: target.hostname, port: Number(target.port) }, { up: false });
    target.host = `127.0.0.1:${proxy.port}`;
    // Development serves from the sources: no build is needed for the process to listen.
    const server = launch({ NODE_ENV: "development", HOST: "127.0.0.1", PORT: "0", DATABASE_URL: target.toString() });
    try {
      await written(server, /database not reachable at start \(try 2\)/);
      proxy.up();
      const [, port] = await written(server, /listening on http:\/\/localhost:(\d+)/);
      const ready = await fetch(`http://127.0.0.1:${port}/readyz`);
      expect(ready.status).toBe(200);
      expect(server.output.stderr).not.toContain("failed to start");
    } finally {
      server.child.kill("SIGINT");
      await server.exited;
      await proxy.close();
    }
  });
});
