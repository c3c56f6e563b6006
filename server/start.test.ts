/**
 * A failure while starting is logged with a clear message and the process exits non-zero: the
 * real server command, run with a bad configuration, an unreachable database, a port in use.
 */
import { spawn } from "node:child_process";
import { createServer, type Server, type Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

function start(env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    // One process (tests/e2e/workers.spec.ts starts several); in production, several would build the site first when it is not built.
    const child = spawn(process.execPath, ["server/main.ts"], {
      env: { ...process.env, WEB_CONCURRENCY: "1", ...env },
      stdio: ["ignore", "ignore", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    child.on("exit", (code) => resolve({ code, stderr }));
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

  it("says the database cannot be reached, refused or silent, and exits 1", async () => {
    const refused = await start({ DATABASE_URL: "postgres://meridian@127.0.0.1:9/meridian" });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/failed to start: .*ECONNREFUSED/);
    const silent = await start({ DATABASE_URL: `postgres://meridian@127.0.0.1:${busyPort}/meridian` });
    expect(silent.code).toBe(1);
    expect(silent.stderr).toMatch(/failed to start: .*timeout/i);
  });

  it("says the port is taken and exits 1", async () => {
    const { code, stderr } = await start({ NODE_ENV: "development", HOST: "127.0.0.1", PORT: String(busyPort), SQLITE_FILE: ":memory:" });
    expect(code).toBe(1);
    expect(stderr).toContain(`failed to start: listen EADDRINUSE: address already in use 127.0.0.1:${busyPort}`);
  });
});
