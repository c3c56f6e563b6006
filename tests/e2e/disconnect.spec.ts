/**
 * A visitor who closes the connection while the page is being rendered saw no answer: the
 * production server logs that as the client's doing (info, 499), never as a failed request (5xx).
 */
import { createServer } from "node:http";
import { type AddressInfo, connect } from "node:net";
import { expect, test } from "@playwright/test";
import { startServer } from "../../scripts/server-process.ts";

test("a request whose client went away mid-render is logged as closed by the client, not as an error", async () => {
  test.setTimeout(60_000);
  // A content service that is ready but takes a second over each of its answers, so the page is
  // still being rendered when the visitor leaves.
  let reached = () => {};
  const pageAsked = new Promise<void>((resolve) => {
    reached = resolve;
  });
  const slow = createServer((req, res) => {
    if (req.url === "/readyz") return res.end("{}");
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
  const requestId = "visitor-left-0001";
  try {
    const socket = connect(Number(new URL(web.base).port), "127.0.0.1");
    socket.write(`GET /tr/kitaplar?left=1 HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Request-Id: ${requestId}\r\n\r\n`);
    await pageAsked;
    socket.destroy();

    const lines = () =>
      web
        .output()
        .split("\n")
        .filter((line) => line.includes(requestId))
        .map((line) => JSON.parse(line) as Record<string, unknown>);
    await expect.poll(() => lines().length, { timeout: 30_000 }).toBeGreaterThan(0);
    expect(lines()).toEqual([expect.objectContaining({ level: "info", message: "client closed the connection", path: "/tr/kitaplar", status: 499 })]);
  } finally {
    await web.stop();
    slow.closeAllConnections();
    slow.close();
  }
});
