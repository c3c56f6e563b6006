/**
 * A database blip while a cluster starts (issue 31): two workers on PostgreSQL, the database going
 * away just as the first worker listens and the second starts. The second waits for it
 * (DATABASE_START_WAIT_MS), then dies; the primary replaces it instead of stopping everything, the
 * first worker answers throughout, and once the database is back the replacement serves too.
 * PostgreSQL is reached through a proxy the test switches off and on (tests/switchable-proxy.ts).
 * Runs where the test command starts PostgreSQL (TEST_DATABASE_URL); skipped elsewhere.
 */
import { spawn } from "node:child_process";
import { request as httpRequest } from "node:http";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { demoPostgresDatabase } from "../databases.ts";
import { switchableProxy } from "../switchable-proxy.ts";

const adminUrl = process.env.TEST_DATABASE_URL;
test.skip(!adminUrl, "needs PostgreSQL (TEST_DATABASE_URL, set by the test command)");

const root = path.resolve(import.meta.dirname, "../..");
type Line = { message?: string; pid?: number; requestId?: string };

/** /healthz on a connection of its own, so that the primary hands it to the next worker (which one, its access line says by the request id). */
function health(base: string, requestId: string) {
  return new Promise<number>((resolve, reject) => {
    const req = httpRequest(`${base}/healthz`, { agent: false, headers: { "X-Request-Id": requestId } }, (res) => {
      res.resume();
      res.on("end", () => resolve(res.statusCode ?? 0));
    });
    req.on("error", reject);
    req.end();
  });
}

test("a worker that cannot reach the database as the cluster starts is replaced, and the one serving goes on", async () => {
  test.setTimeout(150_000);
  // A clone of the demo's template: the first worker starts without importing.
  const target = new URL(await demoPostgresDatabase(adminUrl as string));
  const proxy = await switchableProxy({ host: target.hostname, port: Number(target.port) });
  target.host = `127.0.0.1:${proxy.port}`;

  const child = spawn(process.execPath, ["server/main.ts"], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: "0",
      WEB_CONCURRENCY: "2",
      DATABASE_URL: target.toString(),
      // Short, so that the second worker gives up while the database is away and the primary's replacement is seen.
      DATABASE_START_WAIT_MS: "2000",
      SHUTDOWN_DRAIN_MS: "0",
      SHUTDOWN_TIMEOUT_MS: "5000",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const lines: Line[] = [];
  const read = (stream: NodeJS.ReadableStream) => {
    let partial = "";
    stream.on("data", (chunk: Buffer) => {
      const parts = (partial + chunk.toString("utf8")).split("\n");
      partial = parts.pop() ?? "";
      for (const part of parts) {
        let line: Line;
        try {
          line = JSON.parse(part) as Line;
        } catch {
          continue;
        }
        lines.push(line);
        // The database goes away as the first worker listens: the primary forks the second now.
        if (
          line.message?.startsWith("Meridian site listening on") &&
          lines.filter((l) => l.message?.startsWith("Meridian site listening")).length === 1
        )
          proxy.down();
      }
    });
  };
  read(child.stdout);
  read(child.stderr);
  const exited = new Promise<number | null>((resolve) => child.once("close", (code) => resolve(code)));
  const said = (pattern: RegExp) => lines.some((l) => pattern.test(l.message ?? ""));
  try {
    await expect.poll(() => said(/^Meridian site listening on/) || child.exitCode !== null, { timeout: 60_000 }).toBe(true);
    const first = lines.find((l) => l.message?.startsWith("Meridian site listening on")) as Line;
    const port = /localhost:(\d+)/.exec(first.message ?? "")?.[1];
    const base = `http://127.0.0.1:${port}`;

    // The second worker waits for the database, says so, gives up; the primary starts another.
    await expect.poll(() => said(/^database not reachable at start \(try 1\)/), { timeout: 30_000 }).toBe(true);
    await expect.poll(() => said(/^primary: worker 2 \(pid \d+\) exited with code 1; starting another in \d+ ms$/), { timeout: 30_000 }).toBe(true);
    expect(said(/stopping \(exit 1\)/)).toBe(false);
    expect(child.exitCode).toBeNull();
    // The first worker answers meanwhile.
    for (let i = 0; i < 3; i++) expect(await health(base, `blip-during-${i}`)).toBe(200);
    const answeredBy = (prefix: string) => new Set(lines.filter((l) => l.message === "request" && l.requestId?.startsWith(prefix)).map((l) => l.pid));
    await expect.poll(() => answeredBy("blip-during-")).toEqual(new Set([first.pid]));

    // The replacement waits too; the database comes back; it serves.
    await expect
      .poll(() => lines.filter((l) => /^database not reachable at start \(try 1\)/.test(l.message ?? "")).length, { timeout: 30_000 })
      .toBe(2);
    proxy.up();
    await expect.poll(() => said(/^primary: 2 worker processes serving$/), { timeout: 60_000 }).toBe(true);
    const listening = lines.filter((l) => l.message?.startsWith("Meridian site listening on")).map((l) => l.pid);
    expect(listening).toHaveLength(2);
    expect(listening[0]).toBe(first.pid);
    expect(child.exitCode).toBeNull();
    for (let i = 0; i < 4; i++) expect(await health(base, `blip-after-${i}`)).toBe(200);
    await expect.poll(() => answeredBy("blip-after-")).toEqual(new Set(listening));

    child.kill("SIGTERM");
    expect(await exited).toBe(0);
  } finally {
    if (child.exitCode === null) child.kill("SIGKILL");
    await proxy.close();
  }
});
