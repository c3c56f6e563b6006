/**
 * Several worker processes on one port (WEB_CONCURRENCY=2, server/primary.ts), on one SQLite file
 * with an SMTP sink: requests are answered by both, a form opened in one is sent through the other,
 * each submission is e-mailed exactly once though both workers run the outbox, a worker killed is
 * replaced while the other answers, and SIGTERM to the primary stops both after the requests in
 * flight, with exit 0. A worker that cannot start stops the primary with exit 1 and the reason.
 * Which process answered is read from the JSON access lines (each says its worker and pid).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { connect, createServer as createTcpServer, type Server } from "node:net";
import os from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { expect, test } from "@playwright/test";
import { SMTPServer } from "smtp-server";
import { E2E_DATABASE } from "../../playwright.config.ts";

const root = path.resolve(import.meta.dirname, "../..");
type Line = { message?: string; pid?: number; worker?: number; requestId?: string; method?: string; path?: string; status?: number };

/** `node server/main.ts` as `npm start` runs it, its outputs read as JSON lines. */
function startPrimary(env: Record<string, string | undefined>) {
  const child = spawn(process.execPath, ["server/main.ts"], {
    cwd: root,
    env: Object.fromEntries(
      Object.entries({ ...process.env, DATABASE_URL: undefined, API_URL: undefined, ...env, HOST: "127.0.0.1", NODE_ENV: "production" }).filter(
        ([, v]) => v !== undefined,
      ),
    ),
    stdio: ["ignore", "pipe", "pipe"],
  });
  // Both outputs as JSON lines (warnings and errors are on standard error); standard error as text too.
  const lines: Line[] = [];
  let stderr = "";
  const readLines = (stream: NodeJS.ReadableStream | null, text?: (chunk: string) => void) => {
    let partial = "";
    stream?.on("data", (chunk: Buffer) => {
      text?.(chunk.toString("utf8"));
      const parts = (partial + chunk.toString("utf8")).split("\n");
      partial = parts.pop() ?? "";
      for (const part of parts) {
        try {
          lines.push(JSON.parse(part) as Line);
        } catch {
          // The build's output, when it builds first.
        }
      }
    });
  };
  readLines(child.stdout);
  readLines(child.stderr, (chunk) => {
    stderr += chunk;
  });
  // Once its outputs are read to their end too.
  const exited = new Promise<number | null>((resolve) => child.once("close", (code) => resolve(code)));
  return { child, lines, stderr: () => stderr, exited };
}

/** The pids of the workers that said they listen. */
const listeningPids = (lines: Line[]) => lines.filter((l) => l.message?.startsWith("Meridian site listening on")).map((l) => l.pid as number);

/** One request on a connection of its own (no keep-alive), so that the primary hands each to the next worker. */
function call(
  base: string,
  urlPath: string,
  { method = "GET", headers = {}, body }: { method?: string; headers?: Record<string, string>; body?: string } = {},
) {
  return new Promise<{ status: number; location?: string; text: string }>((resolve, reject) => {
    const req = httpRequest(`${base}${urlPath}`, { method, headers, agent: false }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => {
        text += chunk;
      });
      res.on("end", () => resolve({ status: res.statusCode ?? 0, location: res.headers.location, text }));
    });
    req.on("error", reject);
    req.end(body);
  });
}

const parentOf = (pid: number) => Number(readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ")[1]);
const running = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Whether a new connection to `base` is refused: no process accepts on its port any more. */
const refused = (base: string) =>
  new Promise<boolean>((resolve) => {
    const { hostname, port } = new URL(base);
    const socket = connect(Number(port), hostname, () => {
      socket.destroy();
      resolve(false);
    });
    socket.once("error", () => resolve(true));
  });

const FORM = "/contact-us/finance";
const formBody = (token: string, marker: string) =>
  new URLSearchParams({
    name: marker,
    email: "ayse.yilmaz@example.edu.tr",
    financeTopic: "invoice",
    message: `Sent to one of two workers (${marker}).`,
    consent: "on",
    formToken: token,
  }).toString();
const formHeaders = (body: string, requestId: string) => ({
  "Content-Type": "application/x-www-form-urlencoded",
  "Content-Length": String(Buffer.byteLength(body)),
  "X-Request-Id": requestId,
});
const tokenOf = (html: string) => /name="formToken" value="([^"]+)"/.exec(html)?.[1] as string;

test("two worker processes share the port and the outbox, one killed is replaced, and SIGTERM stops both after the requests in flight", async () => {
  // About 30 s on a quiet machine (mostly the workers' starts); the margin is for a shared, loaded one.
  test.setTimeout(120_000);
  const dir = mkdtempSync(path.join(os.tmpdir(), "workers-"));
  const received: string[] = [];
  const sink = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onData(stream, _session, callback) {
      let raw = "";
      stream.on("data", (chunk: Buffer) => {
        raw += chunk.toString("utf8");
      });
      stream.on("end", () => {
        received.push(raw);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => sink.listen(0, "127.0.0.1", resolve));
  const smtpPort = (sink.server.address() as { port: number }).port;
  // An empty file: the first worker seeds it (checked below).
  const database = path.join(dir, "content.db");
  const server = startPrimary({
    WEB_CONCURRENCY: "2",
    PORT: "0",
    SQLITE_FILE: database,
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    OUTBOX_RETRY_MS: "300",
    FORM_SECRET: undefined,
    FORM_MIN_FILL_MS: "0",
    FORM_RATE_LIMIT: "100",
    SHUTDOWN_DRAIN_MS: "2000",
    SHUTDOWN_TIMEOUT_MS: "10000",
  });
  const { lines } = server;
  try {
    await expect
      .poll(() => lines.some((l) => l.message === "primary: 2 worker processes serving") || server.child.exitCode !== null, { timeout: 60_000 })
      .toBe(true);
    expect(server.child.exitCode, server.stderr()).toBeNull();
    // The fresh file was migrated and seeded once, by the first worker, before the second started.
    expect(lines.filter((l) => l.message?.startsWith("empty database: imported")).map((l) => l.worker)).toEqual([1]);
    const workers = listeningPids(lines);
    expect(workers).toHaveLength(2);
    // The workers are the primary's children; it serves nothing itself.
    for (const pid of workers) expect(parentOf(pid)).toBe(server.child.pid);
    const port = /listening on http:\/\/localhost:(\d+)/.exec(lines.find((l) => l.message?.includes("listening on"))?.message ?? "")?.[1];
    const base = `http://127.0.0.1:${port}`;
    const answeredBy = (requestId: string) => lines.find((l) => l.requestId === requestId && l.message === "request")?.pid;

    // (a) Requests on connections of their own are answered by both workers.
    for (let i = 0; i < 6; i++) expect((await call(base, `/books?workers=${i}`, { headers: { "X-Request-Id": `workers-a-${i}` } })).status).toBe(200);
    await expect.poll(() => new Set(Array.from({ length: 6 }, (_, i) => answeredBy(`workers-a-${i}`))).size).toBe(2);
    expect(new Set(Array.from({ length: 6 }, (_, i) => answeredBy(`workers-a-${i}`)))).toEqual(new Set(workers));

    // (b) Forms opened one after the other, sent all at once: each e-mailed exactly once, whichever worker's outbox took it.
    // An odd number: the primary hands connections to the workers in turn, so with an even number
    // each form's post could go back, every time, to the worker that made the form (a clean-clone
    // run saw it), and the check below that a form made by one worker is taken by the other fails.
    const N = 9;
    const tokens: string[] = [];
    for (let i = 0; i < N; i++) tokens.push(tokenOf((await call(base, FORM, { headers: { "X-Request-Id": `workers-form-${i}` } })).text));
    const markers = Array.from({ length: N }, (_, i) => `workers${i}x${Date.now().toString(36)}`);
    const posts = await Promise.all(
      markers.map((marker, i) => {
        const body = formBody(tokens[i] as string, marker);
        return call(base, FORM, { method: "POST", headers: formHeaders(body, `workers-post-${i}`), body });
      }),
    );
    expect(posts.map((p) => [p.status, /\?sent=/.test(p.location ?? "")])).toEqual(markers.map(() => [303, true]));
    const outbox = () => {
      const stored = new DatabaseSync(database, { readOnly: true });
      try {
        return stored
          .prepare(
            `select o.attempts, o.delivered_at is not null as delivered from outbox o join submission s on s.id = o.submission_id where s.name like 'workers%'`,
          )
          .all();
      } finally {
        stored.close();
      }
    };
    // Every message recorded as delivered: none can be claimed again, and every sending follows a
    // claim of its own, which counts an attempt.
    await expect.poll(() => outbox().filter((row) => row.delivered === 1).length, { timeout: 20_000 }).toBe(N);
    // One claim each, so one delivery each.
    expect(outbox()).toEqual(markers.map(() => ({ attempts: 1, delivered: 1 })));
    expect(markers.map((m) => received.filter((raw) => raw.includes(m)).length)).toEqual(markers.map(() => 1));
    // The posts went to both workers, and some form was sent to another worker than the one that made it (one FORM_SECRET).
    const postedBy = markers.map((_, i) => answeredBy(`workers-post-${i}`));
    expect(new Set(postedBy).size).toBe(2);
    expect(markers.some((_, i) => answeredBy(`workers-form-${i}`) !== postedBy[i])).toBe(true);

    // (d) A worker killed is replaced; the other answers meanwhile.
    const [killed, survivor] = workers as [number, number];
    process.kill(killed, "SIGKILL");
    await expect.poll(() => lines.some((l) => l.message?.includes(`(pid ${killed}) was killed by SIGKILL; starting another in`))).toBe(true);
    // A page asked each time expect.poll looks whether the replacement listens, until it does.
    const during: number[] = [];
    await expect
      .poll(
        async () => {
          if (listeningPids(lines).length < 3) {
            const headers = { "X-Request-Id": `workers-gap-${during.length}` };
            during.push((await call(base, `/books?gap=${during.length}`, { headers })).status);
          }
          return listeningPids(lines).length;
        },
        { message: "the replacement should listen within 40 s", timeout: 40_000 },
      )
      .toBe(3);
    expect(during.length).toBeGreaterThan(0);
    expect(during).toEqual(during.map(() => 200));
    const replacement = listeningPids(lines)[2] as number;
    expect(parentOf(replacement)).toBe(server.child.pid);
    for (let i = 0; i < 4; i++)
      expect((await call(base, `/books?after=${i}`, { headers: { "X-Request-Id": `workers-after-${i}` } })).status).toBe(200);
    await expect.poll(() => new Set(Array.from({ length: 4 }, (_, i) => answeredBy(`workers-after-${i}`)))).toEqual(new Set([survivor, replacement]));

    // (c) SIGTERM: a post whose body is still arriving, and pages asked as the signal comes, are answered; then every process is gone, exit 0.
    const token = tokenOf((await call(base, FORM)).text);
    const body = formBody(token, `workers-sigterm-${Date.now().toString(36)}`);
    let begun = () => {};
    const slowPostBegun = new Promise<void>((resolve) => {
      begun = resolve;
    });
    let finishSlowPost = () => {};
    const slow = new Promise<{ status: number; location?: string }>((resolve, reject) => {
      const req = httpRequest(`${base}${FORM}`, { method: "POST", headers: formHeaders(body, "workers-sigterm-post"), agent: false }, (res) => {
        res.resume();
        res.on("end", () => resolve({ status: res.statusCode ?? 0, location: res.headers.location }));
      });
      req.on("error", reject);
      // The rest after the drain (2 s; the pages below are asked within it), once the workers have
      // stopped accepting (a new connection is refused) and wait for what is in flight.
      finishSlowPost = () => req.end(body.slice(20));
      req.write(body.slice(0, 20), () => begun());
    });
    await slowPostBegun;
    const pages = Array.from({ length: 8 }, (_, i) => call(base, `/tr/kitaplar?sigterm=${i}`).then((r) => r.status));
    const signalled = Date.now();
    server.child.kill("SIGTERM");
    expect(await Promise.all(pages)).toEqual(Array.from({ length: 8 }, () => 200));
    await expect.poll(() => refused(base), { timeout: 10_000 }).toBe(true);
    finishSlowPost();
    const answer = await slow;
    expect([answer.status, /\?sent=/.test(answer.location ?? "")]).toEqual([303, true]);
    expect(await server.exited).toBe(0);
    expect(Date.now() - signalled).toBeLessThan(10_000);
    for (const pid of [survivor, replacement]) expect(running(pid)).toBe(false);
    expect(lines.filter((l) => l.message?.startsWith("SIGTERM: not ready any more")).map((l) => l.pid)).toEqual(
      expect.arrayContaining([survivor, replacement]),
    );
    await expect(call(base, "/healthz")).rejects.toThrow(/ECONNREFUSED/);
  } finally {
    if (server.child.exitCode === null) killAll(server.child, lines);
    await new Promise<void>((resolve) => sink.close(() => resolve()));
    rmSync(dir, { recursive: true, force: true });
  }
});

test("a worker that cannot start (its port is taken) stops the primary: exit 1, the reason said once, no restarts", async () => {
  test.setTimeout(60_000);
  const taken: Server = createTcpServer();
  await new Promise<void>((resolve) => taken.listen(0, "127.0.0.1", resolve));
  // On the test run's database, seeded already: the worker gets to its listen in seconds.
  const busy = startPrimary({ WEB_CONCURRENCY: "2", PORT: String((taken.address() as { port: number }).port), SQLITE_FILE: E2E_DATABASE });
  try {
    expect(await busy.exited).toBe(1);
    // In a worker the port is bound by the primary, for all of them: the error is bind's.
    expect(busy.stderr().match(/failed to start: bind EADDRINUSE/g)).toHaveLength(1);
    expect(busy.stderr()).toMatch(/primary: worker 1 \(pid \d+\) exited with code 1 before it was serving: stopping \(exit 1\)/);
    // The first worker failed alone: the second was never started.
    expect(new Set(busy.lines.map((l) => l.worker).filter(Boolean))).toEqual(new Set([1]));
  } finally {
    if (busy.child.exitCode === null) killAll(busy.child, busy.lines);
    taken.close();
  }
});

/** After a failure: the primary and every worker it started, by pid. */
function killAll(primary: ChildProcess, lines: Line[]) {
  for (const pid of listeningPids(lines)) if (running(pid)) process.kill(pid, "SIGKILL");
  primary.kill("SIGKILL");
}
