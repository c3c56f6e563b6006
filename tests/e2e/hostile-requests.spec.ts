/**
 * Hostile and mistaken requests (issue 31: 29 of 89 error lines in one run were theirs): a form
 * posted without `?index`, CR-LF probes, malformed escapes, traversal. Each is answered 4xx, never
 * 5xx, and the server's log has no line at error and no stack for them: they are the client's doing.
 * The production server of the build, on a database of its own, its output read whole.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { request as httpRequest } from "node:http";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { startServer } from "../../scripts/server-process.ts";
import { copyDemoDatabase } from "../demo-snapshot.ts";

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36";
const CRAWLER = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

/** One request with its path sent as it is written (no client tidies it up), and the status it got. */
function send(base: string, method: string, target: string, userAgent: string, body?: string) {
  return new Promise<number>((resolve, reject) => {
    const headers: Record<string, string> = { "User-Agent": userAgent, Origin: base };
    if (body !== undefined) headers["Content-Type"] = "application/x-www-form-urlencoded";
    const req = httpRequest(`${base}/`, { method, path: target, headers, agent: false }, (res) => {
      res.resume();
      res.on("end", () => resolve(res.statusCode ?? 0));
    });
    req.on("error", reject);
    req.end(body);
  });
}

const HOSTILE: [method: string, target: string, body?: string][] = [
  ["POST", "/contact-us", "name=x&message=y"],
  ["POST", "/tr/iletisim", "name=x"],
  ["POST", "/contact-us/finance", "a=%&b"],
  ["GET", "/%0d%0a"],
  ["GET", "/%0D%0ASet-Cookie:%20x=1"],
  ["GET", "/%"],
  ["GET", "/tr/%c0%af"],
  ["GET", "/articles/%ZZ"],
  ["GET", "/..%2f..%2fetc/passwd"],
  ["GET", "/journals/%00"],
  ["GET", "/images/320/%25.png"],
  ["GET", "/_i18n/%/messages.json"],
];

test("hostile requests are answered 4xx and logged without an error line or a stack", async () => {
  test.setTimeout(120_000);
  const dir = mkdtempSync(path.join(os.tmpdir(), "hostile-"));
  const server = await startServer({ SQLITE_FILE: copyDemoDatabase(path.join(dir, "content.db")), DATABASE_URL: undefined, API_URL: undefined });
  try {
    const from = server.output().length;
    const answers: string[] = [];
    for (const userAgent of [BROWSER, CRAWLER]) {
      for (const [method, target, body] of HOSTILE) answers.push(`${method} ${target} ${await send(server.base, method, target, userAgent, body)}`);
    }
    for (const line of answers) expect(line).toMatch(/ 4\d\d$/);
    // Every request has its access line by now (written as it is answered): the log is complete. The
    // log is written asynchronously, so the line of startServer's last /readyz may come after `from`.
    const accessLines = () =>
      server
        .output()
        .slice(from)
        .split("\n")
        .filter((l) => l.includes('"message":"request"') && !l.includes('"path":"/readyz"'));
    await expect.poll(() => accessLines().length).toBe(answers.length);
    const lines = server.output().slice(from).split("\n").filter(Boolean);
    expect(lines.filter((l) => l.includes('"level":"error"'))).toEqual([]);
    expect(lines.filter((l) => /\\n\s+at /.test(l))).toEqual([]);
    // The probe's CR-LF stays escaped in what is logged of it.
    expect(lines.some((l) => l.includes("/%0D%0ASet-Cookie:%20x=1"))).toBe(true);
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});
