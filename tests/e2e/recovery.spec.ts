/**
 * Faults: a web process whose content service goes away keeps answering (pages say what could not
 * be loaded, /readyz says 503) and recovers by itself when the service is back; stopped (SIGTERM),
 * it finishes the requests in flight before it exits; a promise of its own that fails unawaited is
 * logged, and the process goes on answering.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { PORT } from "../../playwright.config.ts";
import { freePort, startServer } from "../../scripts/server-process.ts";

test("pages degrade while the content service is down, and recover when it returns", async ({ request }) => {
  test.setTimeout(180_000);
  const dir = mkdtempSync(path.join(os.tmpdir(), "recovery-"));
  const contentEnv = { SQLITE_FILE: path.join(dir, "content.db"), DATABASE_URL: undefined };
  const port = await freePort();
  let content = await startServer(contentEnv, { port });
  const web = await startServer({ API_URL: content.base, SQLITE_FILE: undefined, DATABASE_URL: undefined });
  // Each visit asks for a page of its own, so that no kept copy answers for the service.
  let visit = 0;
  const books = async () => {
    const response = await request.get(`${web.base}/tr/kitaplar?visit=${visit++}`);
    return { status: response.status(), html: await response.text() };
  };
  const ready = async () => (await request.get(`${web.base}/readyz`)).status();
  const unavailable = "Bu liste şu anda yüklenemedi.";
  try {
    expect(await ready()).toBe(200);
    expect((await books()).html).not.toContain(unavailable);

    await content.stop();
    expect(await ready()).toBe(503);
    const down = await books();
    expect(down.status).toBe(200);
    expect(down.html).toContain(unavailable);
    expect((await request.get(`${web.base}/healthz`)).status()).toBe(200);

    content = await startServer(contentEnv, { port });
    expect(await ready()).toBe(200);
    const back = await books();
    expect([back.status, back.html.includes(unavailable)]).toEqual([200, false]);
  } finally {
    await web.stop();
    await content.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});

test("on SIGTERM a web process finishes the request in flight, then exits", async ({ request }) => {
  test.setTimeout(60_000);
  // A content service that is ready but takes a second over each of its answers (503: unavailable).
  let reached = () => {};
  const pageAsked = new Promise<void>((resolve) => {
    reached = resolve;
  });
  const slow = createServer((req, res) => {
    if (req.url === "/readyz") return res.end("{}");
    // The books page asks for the books (other asks, such as the revision's, come from the process itself).
    if (req.url?.startsWith("/api/books/")) reached();
    setTimeout(() => {
      res.statusCode = 503;
      res.end();
    }, 1000);
  });
  await new Promise<void>((resolve) => slow.listen(0, "127.0.0.1", resolve));
  const web = await startServer({
    API_URL: `http://127.0.0.1:${(slow.address() as AddressInfo).port}`,
    SQLITE_FILE: undefined,
    DATABASE_URL: undefined,
  });
  try {
    const exited = new Promise<number | null>((resolve) => web.child.once("exit", resolve));
    const inFlight = request.get(`${web.base}/tr/kitaplar?stop=1`, { timeout: 30_000 });
    // The page is being rendered: it has asked the content service.
    await pageAsked;
    web.child.kill("SIGTERM");
    const response = await inFlight;
    expect(response.status()).toBe(200);
    expect(await response.text()).toContain("Bu liste şu anda yüklenemedi.");
    expect(await exited).toBe(0);
  } finally {
    await web.stop();
    slow.closeAllConnections();
    slow.close();
  }
});

test("a promise that fails with nobody awaiting it is logged, and the process goes on answering", async ({ request }) => {
  test.setTimeout(60_000);
  const preload = path.join(import.meta.dirname, "reject-when-listening.ts");
  const web = await startServer({
    NODE_OPTIONS: `--import=${preload}`,
    SQLITE_FILE: undefined,
    DATABASE_URL: undefined,
    // Its content service is the test server's: ready at once, with no database to load.
    API_URL: `http://127.0.0.1:${PORT}`,
  });
  try {
    await expect.poll(() => web.output()).toContain("a promise nobody awaited failed");
    const line = web
      .output()
      .split("\n")
      .find((l) => l.includes("a promise nobody awaited failed"));
    expect(JSON.parse(line ?? "{}")).toMatchObject({
      level: "error",
      message: expect.stringMatching(/^unhandled rejection: Error: a promise nobody awaited failed/),
    });
    expect((await request.get(`${web.base}/healthz`)).status()).toBe(200);
    expect(web.child.exitCode).toBeNull();
  } finally {
    await web.stop();
  }
});
