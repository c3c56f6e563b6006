/**
 * `npm run soak [-- --minutes 10] [--hosts] [--no-build]`: keeps the production server (the demo
 * catalogue, in a database of its own) at 80 % of the throughput it measures first, for 10 minutes,
 * over a mix of pages (kept by the page cache and rendered), the content API and searches, and
 * reports the errors, the answers that were not 2xx, the latency and the server's memory before,
 * during and after. With `--hosts` every request names a Host of its own (`n.localhost`, which a
 * process without PUBLIC_URL answers), so every page is rendered and kept anew, as a client forging
 * Host names would have it. The server starts with the environment's NODE_OPTIONS and
 * MALLOC_ARENA_MAX (docs/decisions/044-memory-bounded.md). Exits 1 when any request failed. Not part
 * of `npm test` (it takes the minutes it says); the report goes to bench-results/soak.md.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { ensureBuild, procStatusKb, sleep, startServer } from "../scripts/server-process.ts";
import { type AutocannonResult, autocannon } from "./autocannon.ts";

const root = path.resolve(import.meta.dirname, "..");
const CONNECTIONS = 32;
const MEASURE_S = 10;
const SHARE = 0.8;
const SAMPLE_MS = 10_000;

/**
 * Stands in the mix for a page nobody asked for yet (`/search?q=soak-n`: a parameter the page reads,
 * so a URL of its own for the page cache): rendered and kept, so the cache fills to its bound.
 */
const FRESH_PAGE = "fresh";
/** What visitors ask for, in turn: pages (the same few, so mostly from the cache), a fresh page, data, searches. */
const mix = [
  FRESH_PAGE,
  "/journals",
  "/journals/journal-of-social-inquiry/articles",
  "/tr/kitaplar",
  "/who-we-are",
  "/api/en/initial",
  "/api/journals/en",
  "/api/search/en?q=migration",
  "/search?q=istanbul",
  "/tr/dergiler?category=social-sciences",
];

function requests(hosts: boolean) {
  let n = 0;
  return mix.map((target) => ({
    setupRequest: (request: { path: string; headers?: Record<string, string> }) => {
      n++;
      const path = target === FRESH_PAGE ? `/search?q=soak-${n}` : target;
      return hosts ? { ...request, path, headers: { ...request.headers, host: `soak-${n}.localhost` } } : { ...request, path };
    },
  }));
}

const megabytes = (kb: number) => `${(kb / 1024).toFixed(1)} MB`;

async function main() {
  const { values } = parseArgs({
    options: { minutes: { type: "string", default: "10" }, hosts: { type: "boolean", default: false }, "no-build": { type: "boolean" } },
  });
  const minutes = Number(values.minutes);
  if (!(minutes > 0)) throw new Error(`--minutes wants a positive number, not "${values.minutes}"`);
  ensureBuild(values["no-build"]);

  const dir = mkdtempSync(path.join(os.tmpdir(), "soak-"));
  const server = await startServer({ SQLITE_FILE: path.join(dir, "soak.db"), DATABASE_URL: undefined });
  const pid = server.child.pid ?? 0;
  const started = procStatusKb(pid, "VmRSS");
  try {
    console.log(`measuring the throughput for ${MEASURE_S} s…`);
    const measured = await autocannon({ url: server.base, connections: CONNECTIONS, duration: MEASURE_S, requests: requests(values.hosts) });
    const rate = Math.floor(measured.requests.average * SHARE);
    await sleep(5000);
    const before = procStatusKb(pid, "VmRSS");
    console.log(`measured ${Math.round(measured.requests.average)} req/s; soaking at ${rate} req/s for ${minutes} min (RSS ${megabytes(before)})`);

    const samples: number[] = [];
    const soakStart = Date.now();
    const sampler = setInterval(() => {
      const rssKb = procStatusKb(pid, "VmRSS");
      samples.push(rssKb);
      console.log(`  ${((Date.now() - soakStart) / 60_000).toFixed(1)} min: RSS ${megabytes(rssKb)}`);
    }, SAMPLE_MS);
    let soak: AutocannonResult;
    try {
      soak = await autocannon({
        url: server.base,
        connections: CONNECTIONS,
        duration: minutes * 60,
        overallRate: rate,
        requests: requests(values.hosts),
      });
    } finally {
      clearInterval(sampler);
    }
    await sleep(10_000);
    const after = procStatusKb(pid, "VmRSS");
    const peak = procStatusKb(pid, "VmHWM");
    const health = await fetch(`${server.base}/healthz`).then(
      (r) => r.status,
      () => 0,
    );

    const failed = soak.errors + soak.timeouts + soak.non2xx;
    const report = [
      `# Soak ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC`,
      "",
      `Node ${process.version}, ${os.cpus().length} CPUs (autocannon on the same machine), ${CONNECTIONS} connections, the demo catalogue${values.hosts ? ", a Host of its own for every request" : ""}. NODE_OPTIONS=${process.env.NODE_OPTIONS ?? ""}, MALLOC_ARENA_MAX=${process.env.MALLOC_ARENA_MAX ?? ""}. Load average (1 min) at the end ${os.loadavg()[0].toFixed(2)}.`,
      "",
      "| measure | value |",
      "| --- | ---: |",
      `| measured throughput (${MEASURE_S} s, mix) | ${Math.round(measured.requests.average)} req/s |`,
      `| soak rate (${Math.round(SHARE * 100)} %) and length | ${rate} req/s for ${minutes} min |`,
      `| requests sent | ${soak.requests.sent} |`,
      `| achieved | ${Math.round(soak.requests.average)} req/s |`,
      `| errors / timeouts / non-2xx | ${soak.errors} / ${soak.timeouts} / ${soak.non2xx} |`,
      `| latency p50 / p99 | ${soak.latency.p50} / ${soak.latency.p99} ms |`,
      `| RSS once ready / before the soak / after (10 s idle) / peak | ${megabytes(started)} / ${megabytes(before)} / ${megabytes(after)} / ${megabytes(peak)} |`,
      // Every 10 s in a short run, every minute in a long one.
      `| RSS each ${minutes <= 2 ? "10 s" : "minute"} | ${samples
        .filter((_, i) => minutes <= 2 || i % 6 === 5)
        .map(megabytes)
        .join(", ")} |`,
      `| /healthz afterwards | ${health} |`,
      "",
    ].join("\n");
    console.log(`\n${report}`);
    mkdirSync(path.join(root, "bench-results"), { recursive: true });
    writeFileSync(path.join(root, "bench-results/soak.md"), report);
    if (failed > 0 || health !== 200) process.exitCode = 1;
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
