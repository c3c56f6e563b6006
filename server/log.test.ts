import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";

/** Runs a script in a process of its own (the logs replace its console) and reads its output. */
function run(script: string) {
  const result = spawnSync(process.execPath, ["--input-type=module", "-e", script], { cwd: process.cwd(), encoding: "utf8" });
  const lines = (text: string) =>
    text
      .split("\n")
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, unknown>);
  return { stdout: lines(result.stdout), stderr: lines(result.stderr) };
}

describe("the structured logs", () => {
  it("write one JSON line per message, with the id of the request it was written for, sent back in X-Request-Id", () => {
    const { stdout, stderr } = run(`
      import { Hono } from "hono";
      import { requestIds, writeJsonLogs } from "./server/log.ts";
      writeJsonLogs();
      const app = new Hono();
      app.use(requestIds());
      app.get("/work", (c) => { console.warn("looked %s up", "it"); return c.text("ok"); });
      app.get("/fail", (c) => c.text("no", 500));
      console.log("starting");
      const mine = await app.request("/work", { headers: { "X-Request-Id": "proxy-id-0001" } });
      const fresh = await app.request("/work", { headers: { "X-Request-Id": "bad id with spaces" } });
      await app.request("/fail");
      console.log(JSON.stringify({ mine: mine.headers.get("x-request-id"), fresh: fresh.headers.get("x-request-id") }));
    `);
    expect(stdout[0]).toMatchObject({ level: "info", message: "starting" });
    expect(stdout[0].requestId).toBeUndefined();
    const ids = JSON.parse(stdout[1].message as string) as { mine: string; fresh: string };
    expect(ids.mine).toBe("proxy-id-0001");
    expect(ids.fresh).toMatch(/^[0-9a-f-]{36}$/);
    expect(stderr[0]).toMatchObject({ level: "warn", message: "looked it up", requestId: "proxy-id-0001" });
    expect(stderr[1]).toMatchObject({ level: "warn", message: "looked it up", requestId: ids.fresh });
    expect(stderr[2]).toMatchObject({ level: "error", message: "request", method: "GET", path: "/fail", status: 500 });
    expect(typeof stderr[2].time).toBe("string");
  });

  it("log a request whose client closed the connection before its answer as that, not as a 5xx", () => {
    const { stdout, stderr } = run(`
      import { createServer } from "node:http";
      import { connect } from "node:net";
      import { getRequestListener } from "@hono/node-server";
      import { Hono } from "hono";
      import { requestIds, writeJsonLogs } from "./server/log.ts";
      writeJsonLogs();
      let asked, logged;
      const reached = new Promise((resolve) => (asked = resolve));
      const done = new Promise((resolve) => (logged = resolve));
      const app = new Hono();
      app.use(async (_c, next) => { await next(); logged(); });
      app.use(requestIds());
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
    expect(stderr).toEqual([]);
    expect(stdout).toEqual([
      expect.objectContaining({ level: "info", message: "client closed the connection", requestId: "visitor-left-01", path: "/page", status: 499 }),
    ]);
  });
});
