import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";

/** Runs a script in a process of its own (the logs take its console over) and reads what it printed. */
function run(script: string) {
  const result = spawnSync(process.execPath, ["--input-type=module", "-e", script], { cwd: process.cwd(), encoding: "utf8" });
  return { stdout: result.stdout, stderr: result.stderr, status: result.status };
}
const jsonLines = (text: string) =>
  text
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>);

/**
 * A Hono app behind `requestLog()`, with a page that logs, one that fails, and one that is slow: it
 * moves the clock the access line reads (performance.now) on by 1.1 s rather than waiting for it.
 */
const app = `
  import { Hono } from "hono";
  import { requestLog, startLogs } from "./server/log.ts";
  const app = new Hono();
  app.use(requestLog());
  app.get("/work", (c) => { console.warn("looked %s up", "it"); return c.text("ok"); });
  app.all("/fail", (c) => c.text("no", 500));
  const clock = performance.now.bind(performance);
  let taken = 0;
  performance.now = () => clock() + taken;
  app.get("/slow", (c) => { taken += 1100; return c.text("late"); });
`;

describe("the logs", () => {
  it("are JSON lines in production, each carrying the id of the request it was written for, sent back in X-Request-Id", () => {
    const { stdout, stderr } = run(`${app}
      await startLogs();
      console.log("starting");
      const mine = await app.request("/work", { headers: { "X-Request-Id": "proxy-id-0001" } });
      const fresh = await app.request("/work", { headers: { "X-Request-Id": "bad id with spaces" } });
      console.log(JSON.stringify({ mine: mine.headers.get("x-request-id"), fresh: fresh.headers.get("x-request-id") }));
    `);
    const lines = jsonLines(stdout);
    expect(lines[0]).toEqual({ level: "info", time: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/), message: "starting" });
    const ids = JSON.parse(lines.at(-1)?.message as string) as { mine: string; fresh: string };
    expect(ids.mine).toBe("proxy-id-0001");
    expect(ids.fresh).toMatch(/^[0-9a-f-]{36}$/);
    expect(lines.slice(1, -1)).toEqual([
      expect.objectContaining({ level: "info", message: "request", requestId: "proxy-id-0001", method: "GET", path: "/work", status: 200 }),
      expect.objectContaining({ level: "info", message: "request", requestId: ids.fresh, method: "GET", path: "/work", status: 200 }),
    ]);
    // Warnings and errors go to standard error.
    expect(jsonLines(stderr)).toEqual([
      expect.objectContaining({ level: "warn", message: "looked it up", requestId: "proxy-id-0001" }),
      expect.objectContaining({ level: "warn", message: "looked it up", requestId: ids.fresh }),
    ]);
  });

  it("have one access line per request, with its status and duration: an error for a 5xx, a warning for a slow one", () => {
    const { stdout, stderr } = run(`${app}
      await startLogs();
      await app.request("/work?page=2", { headers: { "X-Request-Id": "access-0001" } });
      await app.request("/fail", { method: "POST", headers: { "X-Request-Id": "access-0002" } });
      await app.request("/slow", { headers: { "X-Request-Id": "access-0003" } });
      await app.request("/nowhere", { headers: { "X-Request-Id": "access-0004" } });
    `);
    const access = jsonLines(stdout + stderr)
      .filter((line) => line.message === "request")
      .sort((a, b) => String(a.requestId).localeCompare(String(b.requestId)));
    expect(access.map(({ level, requestId, method, path, status }) => ({ level, requestId, method, path, status }))).toEqual([
      { level: "info", requestId: "access-0001", method: "GET", path: "/work", status: 200 },
      { level: "error", requestId: "access-0002", method: "POST", path: "/fail", status: 500 },
      { level: "warn", requestId: "access-0003", method: "GET", path: "/slow", status: 200 },
      { level: "info", requestId: "access-0004", method: "GET", path: "/nowhere", status: 404 },
    ]);
    for (const line of access) expect(line.ms).toEqual(expect.any(Number));
    expect(access[2].ms).toBeGreaterThanOrEqual(1000);
  });

  it("are written out before the process exits, even when it exits at once", () => {
    const { stdout, stderr, status } = run(`
      import { startLogs } from "./server/log.ts";
      await startLogs();
      for (let i = 0; i < 1000; i++) console.log("line %d", i);
      console.error("failed to start: port in use");
      process.exit(1);
    `);
    expect(status).toBe(1);
    expect(jsonLines(stdout)).toHaveLength(1000);
    expect(jsonLines(stderr)).toEqual([expect.objectContaining({ level: "error", message: "failed to start: port in use" })]);
  });

  it("are lines for a person in development, an answered request as its method, path, status and duration", () => {
    const { stdout, stderr } = run(`${app}
      await startLogs({ pretty: true });
      console.log("listening");
      await app.request("/work", { headers: { "X-Request-Id": "pretty-0001" } });
      await app.request("/fail", { headers: { "X-Request-Id": "pretty-0002" } });
    `);
    const time = String.raw`^\[\d\d:\d\d:\d\d\.\d{3}\]`;
    expect(stdout.trim().split("\n")).toEqual([
      expect.stringMatching(new RegExp(`${time} INFO: listening$`)),
      expect.stringMatching(new RegExp(`${time} INFO: GET /work 200 \\d+ ms$`)),
    ]);
    expect(stderr.trim().split("\n")).toEqual([
      expect.stringMatching(new RegExp(`${time} WARN: looked it up$`)),
      expect.stringMatching(new RegExp(`${time} ERROR: GET /fail 500 \\d+ ms$`)),
    ]);
  });

  it("log a request whose client closed the connection before its answer as that, not as a 5xx", () => {
    const { stdout, stderr } = run(`
      import { createServer } from "node:http";
      import { connect } from "node:net";
      import { getRequestListener } from "@hono/node-server";
      import { Hono } from "hono";
      import { requestLog, startLogs } from "./server/log.ts";
      await startLogs();
      let asked, logged;
      const reached = new Promise((resolve) => (asked = resolve));
      const done = new Promise((resolve) => (logged = resolve));
      const app = new Hono();
      app.use(async (_c, next) => { await next(); logged(); });
      app.use(requestLog());
      // As React Router answers a page whose request was aborted while its loaders ran.
      app.get("/page", async (c) => {
        asked();
        await new Promise((resolve) => c.req.raw.signal.addEventListener("abort", resolve));
        return c.body(null, 500);
      });
      const server = createServer(getRequestListener(app.fetch));
      await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
      const socket = connect(server.address().port, "127.0.0.1");
      socket.write("GET /page HTTP/1.1\\r\\nHost: localhost\\r\\nX-Request-Id: visitor-left-01\\r\\n\\r\\n");
      await reached;
      socket.destroy();
      await done;
      server.close();
    `);
    expect(stderr).toBe("");
    expect(jsonLines(stdout)).toEqual([
      expect.objectContaining({ level: "info", message: "client closed the connection", requestId: "visitor-left-01", path: "/page", status: 499 }),
    ]);
  });
});
