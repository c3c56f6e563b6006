/**
 * `node scripts/import-under-load.ts [--no-build]`: what visitors notice while a large import runs
 * on SQLite (docs/benchmarks.md, docs/decisions/017-sqlite-writes.md). Starts the production server
 * on a copy of data/large.db (generated first when missing), replaces its content with another
 * 100 000-article catalogue in a second process (`content:generate --database`), and meanwhile asks
 * /healthz every 20 ms and sends a form post (rate limit, then the submission, as a web process
 * does with API_TOKEN) every 250 ms. Prints /healthz's latency, the posts' outcomes and the WAL's
 * size afterwards. Loopback only; gives up after 5 minutes.
 */
import { spawn, spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdtempSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { newSubmissionId } from "../forms/reference.ts";
import { ensureBuild, sleep, startServer } from "./server-process.ts";

const root = path.resolve(import.meta.dirname, "..");
const largeDb = path.join(root, "data/large.db");
const API_TOKEN = "import-under-load-token-of-32-characters-or-more";
const LIMIT_MS = 5 * 60_000;

const { values: flags } = parseArgs({ options: { "no-build": { type: "boolean", default: false } } });

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
const ms = (value: number) => `${Math.round(value)} ms`;

/** One form post as the site's action makes it: the rate limit first, then the submission. */
async function formPost(base: string): Promise<{ outcome: string; ms: number }> {
  const started = performance.now();
  const post = (route: string, body: unknown) =>
    fetch(`${base}/api/${route}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${API_TOKEN}` },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    });
  try {
    const limit = await post("rate-limit", { key: "198.51.100.7", limit: 10_000, windowMs: 600_000 });
    let outcome = limit.ok ? "ok" : `rate limit ${limit.status}`;
    if (limit.ok) {
      const stored = await post("submissions", {
        id: newSubmissionId(),
        form: "finance",
        locale: "en",
        values: {
          name: "Load Test",
          email: "load@example.org",
          phone: "",
          phoneCountry: "TR",
          organization: "Example University",
          financeTopic: "invoice",
          invoiceNumber: "MAP-2026-0001",
          message: "Sent while an import runs.",
          consent: "on",
        },
      });
      if (!stored.ok) outcome = `submission ${stored.status}`;
    }
    return { outcome, ms: performance.now() - started };
  } catch (error) {
    return { outcome: `no answer (${(error as Error).name})`, ms: performance.now() - started };
  }
}

async function main() {
  ensureBuild(flags["no-build"]);
  if (!existsSync(largeDb)) {
    const generated = spawnSync("npm", ["run", "content:generate"], { cwd: root, stdio: "inherit" });
    if (generated.status !== 0) throw new Error("content:generate failed");
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), "import-under-load-"));
  const file = path.join(dir, "content.db");
  copyFileSync(largeDb, file);
  const server = await startServer({ SQLITE_FILE: file, DATABASE_URL: undefined, API_URL: undefined, API_TOKEN, SMTP_URL: undefined });
  try {
    const health: { at: number; ms: number }[] = [];
    const posts: { at: number; outcome: string; ms: number }[] = [];
    const pending: Promise<unknown>[] = [];
    const probe = setInterval(() => {
      const at = performance.now();
      const answered = fetch(`${server.base}/healthz`, { signal: AbortSignal.timeout(30_000) }).then(
        (r) => r.arrayBuffer(),
        () => undefined,
      );
      pending.push(answered.then(() => health.push({ at, ms: performance.now() - at })));
    }, 20);
    const poster = setInterval(() => {
      const at = performance.now();
      pending.push(formPost(server.base).then((p) => posts.push({ at, ...p })));
    }, 250);

    await sleep(2000);
    // Another catalogue of the same size (seed 2), written into the server's file as an import does.
    const importer = spawn(process.execPath, ["scripts/generate-catalogue.ts", "--database", file, "--seed", "2"], {
      cwd: root,
      stdio: ["ignore", "pipe", "inherit"],
    });
    let output = "";
    importer.stdout.on("data", (d) => (output += d));
    const importStarted = performance.now();
    const timeout = setTimeout(() => importer.kill(), LIMIT_MS);
    const code = await new Promise<number | null>((resolve) => importer.once("exit", resolve));
    clearTimeout(timeout);
    const importEnded = performance.now();
    await sleep(2000);
    clearInterval(probe);
    clearInterval(poster);
    await Promise.allSettled(pending);
    if (code !== 0) throw new Error(`the import failed (${code}):\n${output}`);

    const during = health.filter((h) => h.at >= importStarted && h.at <= importEnded).map((h) => h.ms);
    const sorted = [...during].sort((a, b) => a - b);
    const outcomes = new Map<string, number>();
    for (const p of posts.filter((p) => p.at >= importStarted && p.at <= importEnded)) outcomes.set(p.outcome, (outcomes.get(p.outcome) ?? 0) + 1);
    const postMs = posts.map((p) => p.ms).sort((a, b) => a - b);
    const wal = existsSync(`${file}-wal`) ? statSync(`${file}-wal`).size : 0;
    console.log(
      [
        "",
        `Node ${process.version}, ${os.cpus().length} CPUs, load average (1 min) at the end ${os.loadavg()[0].toFixed(2)}`,
        `import: ${((importEnded - importStarted) / 1000).toFixed(1)} s in all; ${output.trim().split("\n").at(-2) ?? ""}`,
        `/healthz during the import: ${during.length} answers, p50 ${ms(percentile(sorted, 50))}, p99 ${ms(percentile(sorted, 99))}, max ${ms(sorted.at(-1) ?? 0)}`,
        `form posts during the import: ${[...outcomes].map(([outcome, n]) => `${n} ${outcome}`).join(", ")}`,
        `form posts' time (all ${postMs.length}): p50 ${ms(percentile(postMs, 50))}, p99 ${ms(percentile(postMs, 99))}, max ${ms(postMs.at(-1) ?? 0)}`,
        `database ${(statSync(file).size / 1e6).toFixed(0)} MB, WAL ${(wal / 1e6).toFixed(1)} MB after the import`,
      ].join("\n"),
    );
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
