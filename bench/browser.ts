/**
 * `npm run bench:browser [-- --no-build] [--runs 3] [--only home,article]`: Lighthouse (mobile, its
 * default simulated throttling) against the production server on a fresh SQLite copy of the demo
 * catalogue, with Debian's Chromium, `--runs` times per page type (3 by default). Prints a Markdown
 * table of the medians and writes it to bench-results/lighthouse.md (each run's figures to
 * lighthouse.json beside it). `--only` takes page-type names (the table's first column, or a part of one);
 * `--reports` keeps each run's whole Lighthouse result in bench-results/lighthouse/; `--against <origin>`
 * measures another server too (another checkout's build on the same content), in turn with this
 * one, so that both see the same load on a busy machine, and prints a table for each.
 * `--throttling devtools` applies Lighthouse's mobile throttling to the browser (the network's
 * speed and latency, the CPU slowed 4×) instead of simulating it: slower to run, but requests
 * start when the page really makes them, where the simulation starts every request a script
 * made as soon as that script has run (docs/benchmarks.md). `--block "*.woff2,*.svg"` blocks the
 * requests matching those patterns (Lighthouse's `blockedUrlPatterns`), to see what they cost.
 *
 * The figures are only as steady as the machine: Lighthouse's simulated throttling scales what it
 * observes, so other processes on the CPUs still move TBT and the performance score. The load
 * average is reported with the table; compare medians, and runs made under similar load.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import lighthouse, { type Config, type Result } from "lighthouse";
import { ensureBuild, startServer } from "../scripts/server-process.ts";

const root = path.resolve(import.meta.dirname, "..");
const CHROMIUM = process.env.CHROMIUM ?? "/usr/bin/chromium";
/** A visitor's browser: the site treats headless Chromium's own user agent as a crawler. */
const USER_AGENT = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36";
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;

interface Page {
  name: string;
  path: string;
}

interface RunFigures {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Lighthouse's resource summary: script KiB transferred (headers included) until the page settled. */
  jsKb: number;
  jsRequests: number;
  /** Lighthouse's measure of the CPU at the run's start (higher is faster; its default throttling assumes about 1000+). */
  benchmarkIndex: number;
  /** Main-thread time as observed in the trace (not scaled by the throttling), and its script evaluation part. */
  mainThreadMs: number;
  scriptMs: number;
  /** The accessibility, best-practices and SEO audits that failed. */
  failed?: string[];
}

interface FirstVisit {
  /** The scripts and module preloads the HTML names, in KiB as the server sends them to a browser (Brotli). */
  kb: number;
  files: number;
}

async function getJson<T>(url: string): Promise<T> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`GET ${url}: ${response.status}`);
  return (await response.json()) as T;
}

/** Every page type, with real slugs from the content API: the first journal with an issue, its newest issue's first article, the first book and policy. */
async function pageTypes(base: string): Promise<Page[]> {
  type Items<T> = { Items: T[] };
  const journals = await getJson<Items<{ slug: string; id: string }>>(`${base}/api/journals/en`);
  let found: { slug: string; trSlug: string; issueId: string; articleId: string } | undefined;
  for (const journal of journals.Items) {
    const issues = await getJson<Items<{ id: string }>>(`${base}/api/journals/en/${journal.slug}/issues`);
    const issueId = issues.Items[0]?.id;
    if (!issueId) continue;
    const issue = await getJson<Items<{ id: string }>>(`${base}/api/journals/en/${journal.slug}/issues/${issueId}`);
    const articleId = issue.Items[0]?.id;
    if (!articleId) continue;
    const trJournals = await getJson<Items<{ slug: string; id: string }>>(`${base}/api/journals/tr`);
    const trSlug = trJournals.Items.find((j) => j.id === journal.id)?.slug ?? journal.slug;
    found = { slug: journal.slug, trSlug, issueId, articleId };
    break;
  }
  const [book] = (await getJson<Items<{ slug: string }>>(`${base}/api/books/en`)).Items;
  const [policy] = (await getJson<Items<{ slug: string }>>(`${base}/api/policies/en`)).Items;
  if (!found || !book || !policy) throw new Error("the catalogue needs a journal with an article, a book and a policy");
  const journal = `/journals/${encodeURIComponent(found.slug)}`;
  const trArticle = `/tr/dergiler/${encodeURIComponent(found.trSlug)}/makaleler/${found.issueId}/${found.articleId}`;
  return [
    { name: "home", path: "/" },
    { name: "home (tr)", path: "/tr" },
    { name: "journals", path: "/journals" },
    { name: "journal overview", path: journal },
    { name: "journal articles", path: `${journal}/articles` },
    { name: "issue", path: `${journal}/articles/${found.issueId}` },
    { name: "article", path: `${journal}/articles/${found.issueId}/${found.articleId}` },
    { name: "article (tr)", path: trArticle },
    { name: "books", path: "/books" },
    { name: "book", path: `/books/${encodeURIComponent(book.slug)}` },
    { name: "policy", path: `/policies/${encodeURIComponent(policy.slug)}` },
    { name: "search", path: "/search?q=migration" },
    { name: "contact form", path: "/contact-us/finance" },
    { name: "permission form (tr)", path: "/tr/form-permission" },
    { name: "about", path: "/who-we-are" },
    { name: "about (tr)", path: "/tr/biz-kimiz" },
  ];
}

/** The bytes of a response body as sent (not decompressed: fetch() would undo the Brotli). */
function rawLength(url: URL, headers: Record<string, string>): Promise<{ status: number; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks) }));
      response.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}

/** What a first visit's HTML makes the browser download before the page is interactive: every script and module preload, once each, as served. */
async function firstVisitJs(base: string, pagePath: string): Promise<FirstVisit> {
  const html = await (await fetch(base + pagePath, { headers: { "User-Agent": USER_AGENT } })).text();
  const urls = new Set<string>();
  for (const [, src] of html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)) urls.add(src);
  for (const [tag] of html.matchAll(/<link\b[^>]*>/g)) {
    const href = tag.match(/\bhref="([^"]+)"/)?.[1];
    if (href && /\brel="modulepreload"/.test(tag)) urls.add(href);
  }
  let bytes = 0;
  for (const url of urls) {
    const { status, body } = await rawLength(new URL(url, base), { "Accept-Encoding": "br, gzip", "User-Agent": USER_AGENT });
    if (status !== 200) throw new Error(`${url} answered ${status}`);
    bytes += body.length;
  }
  return { kb: bytes / 1024, files: urls.size };
}

/** Starts Chromium with a remote-debugging port of its choosing, for one Lighthouse run. */
async function launchChromium(): Promise<{ port: number; stop: () => Promise<void> }> {
  const profile = mkdtempSync(path.join(os.tmpdir(), "bench-browser-"));
  const child: ChildProcess = spawn(
    CHROMIUM,
    [
      "--headless=new",
      "--no-sandbox",
      "--remote-debugging-port=0",
      `--user-data-dir=${profile}`,
      "--no-first-run",
      "--no-default-browser-check",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-default-apps",
      "--disable-sync",
      "--mute-audio",
      "about:blank",
    ],
    { stdio: ["ignore", "ignore", "pipe"] },
  );
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
      if (child.exitCode === null) child.kill("SIGKILL");
    }
    // Chromium's helper processes may still be writing into the profile for a moment.
    rmSync(profile, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
  };
  const port = await new Promise<number>((resolve, reject) => {
    let output = "";
    const timer = setTimeout(() => reject(new Error(`Chromium did not start within 30 s:\n${output}`)), 30_000);
    child.stderr?.on("data", (data: Buffer) => {
      output += data;
      const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`Chromium exited (${code}):\n${output}`));
    });
  }).catch(async (error: Error) => {
    await stop();
    throw error;
  });
  return { port, stop };
}

type Throttling = "simulate" | "devtools";

async function lighthouseRun(url: string, throttlingMethod: Throttling, blockedUrlPatterns: string[], reportFile?: string): Promise<RunFigures> {
  const config: Config = { extends: "lighthouse:default", settings: { emulatedUserAgent: USER_AGENT, throttlingMethod, blockedUrlPatterns } };
  const chromium = await launchChromium();
  try {
    const result = await lighthouse(url, { port: chromium.port, output: "json", logLevel: "error", onlyCategories: [...CATEGORIES] }, config);
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    if (reportFile) writeFileSync(reportFile, JSON.stringify(lhr));
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const score = (id: (typeof CATEGORIES)[number]) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
    const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    const summary = (
      lhr.audits["resource-summary"]?.details as { items?: { resourceType: string; transferSize: number; requestCount: number }[] } | undefined
    )?.items;
    const scripts = summary?.find((item) => item.resourceType === "script");
    return {
      performance: score("performance"),
      accessibility: score("accessibility"),
      bestPractices: score("best-practices"),
      seo: score("seo"),
      lcpMs: numeric("largest-contentful-paint"),
      tbtMs: numeric("total-blocking-time"),
      cls: numeric("cumulative-layout-shift"),
      jsKb: (scripts?.transferSize ?? 0) / 1024,
      jsRequests: scripts?.requestCount ?? 0,
      benchmarkIndex: lhr.environment.benchmarkIndex,
      mainThreadMs: numeric("mainthread-work-breakdown"),
      scriptMs: scriptEvaluationMs(lhr),
      ...failedAudits(lhr),
    };
  } finally {
    await chromium.stop();
  }
}

/** The main thread's time evaluating scripts, from Lighthouse's breakdown by kind of work. */
function scriptEvaluationMs(lhr: Result): number {
  const items = (lhr.audits["mainthread-work-breakdown"]?.details as { items?: { group: string; duration: number }[] } | undefined)?.items ?? [];
  return items.find((item) => item.group === "scriptEvaluation")?.duration ?? 0;
}

/** The audits that cost points outside performance, so a score under 100 says why. */
function failedAudits(lhr: Result): Pick<RunFigures, "failed"> {
  const failed = new Set<string>();
  for (const id of ["accessibility", "best-practices", "seo"]) {
    for (const ref of lhr.categories[id]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1) failed.add(ref.id);
    }
  }
  return failed.size > 0 ? { failed: [...failed] } : {};
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

interface Row {
  page: Page;
  firstVisit: FirstVisit;
  runs: RunFigures[];
}

function table(rows: Row[]): string[] {
  const m = (figures: RunFigures[], key: keyof RunFigures) => median(figures.map((f) => f[key] as number));
  return [
    "| page | path | perf | a11y | best pr. | SEO | LCP s | TBT ms | CLS | JS KiB (requests) | first-visit JS KiB (files) | main thread / scripts ms | CPU index | audits failed (any run) |",
    "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |",
    ...rows.map(({ page, firstVisit, runs: figures }) => {
      const failed = [...new Set(figures.flatMap((f) => f.failed ?? []))];
      const cells = [
        page.name,
        `\`${page.path}\``,
        m(figures, "performance"),
        m(figures, "accessibility"),
        m(figures, "bestPractices"),
        m(figures, "seo"),
        (m(figures, "lcpMs") / 1000).toFixed(2),
        Math.round(m(figures, "tbtMs")),
        m(figures, "cls").toFixed(3),
        `${m(figures, "jsKb").toFixed(1)} (${m(figures, "jsRequests")})`,
        `${firstVisit.kb.toFixed(1)} (${firstVisit.files})`,
        `${Math.round(m(figures, "mainThreadMs"))} / ${Math.round(m(figures, "scriptMs"))}`,
        Math.round(m(figures, "benchmarkIndex")),
        failed.join(", ") || "–",
      ];
      return `| ${cells.join(" | ")} |`;
    }),
  ];
}

async function main() {
  const { values } = parseArgs({
    options: {
      "no-build": { type: "boolean" },
      runs: { type: "string", default: "3" },
      only: { type: "string" },
      reports: { type: "boolean" },
      against: { type: "string" },
      throttling: { type: "string", default: "simulate" },
      block: { type: "string" },
    },
  });
  const throttling = values.throttling as Throttling;
  if (throttling !== "simulate" && throttling !== "devtools") throw new Error("--throttling takes simulate or devtools");
  const blocked = values.block?.split(",").map((pattern) => pattern.trim()) ?? [];
  const runs = Number(values.runs);
  if (!Number.isInteger(runs) || runs < 1) throw new Error("--runs takes a positive whole number");
  ensureBuild(values["no-build"]);

  const loadAtStart = os.loadavg()[0];
  const dir = mkdtempSync(path.join(os.tmpdir(), "bench-browser-db-"));
  const server = await startServer({ SQLITE_FILE: path.join(dir, "demo.db"), DATABASE_URL: undefined });
  // --against: another server (another build, on the same content), measured in turn with this one, so both see the same load.
  const targets = [
    { name: "this build", base: server.base },
    ...(values.against ? [{ name: values.against, base: values.against.replace(/\/$/, "") }] : []),
  ];
  // --reports: each run's whole Lighthouse result, for its viewer (https://googlechrome.github.io/lighthouse/viewer/).
  const reports = values.reports ? path.join(root, "bench-results/lighthouse") : undefined;
  if (reports) mkdirSync(reports, { recursive: true });
  const rows = targets.map(() => [] as Row[]);
  try {
    const wanted = values.only?.split(",").map((name) => name.trim().toLowerCase());
    const pages = (await pageTypes(server.base)).filter((page) => !wanted || wanted.some((name) => page.name.includes(name)));
    for (const page of pages) {
      const measured: Row[] = [];
      for (const target of targets) {
        // The first render fills the server's page cache, as a visitor's request on a live site would find it.
        await fetch(target.base + page.path, { headers: { "User-Agent": USER_AGENT } });
        measured.push({ page, firstVisit: await firstVisitJs(target.base, page.path), runs: [] });
      }
      for (let i = 0; i < runs; i++) {
        for (const [t, target] of targets.entries()) {
          const report = reports && path.join(reports, `${page.name.replace(/\W+/g, "-")}${t ? `-against` : ""}-${i + 1}.json`);
          const run = await lighthouseRun(target.base + page.path, throttling, blocked, report);
          measured[t].runs.push(run);
          console.log(
            `  ${page.name.padEnd(22)} ${targets.length > 1 ? `${target.name} ` : ""}run ${i + 1}: performance ${run.performance}, CPU index ${Math.round(run.benchmarkIndex)}, TBT ${Math.round(run.tbtMs)} ms, LCP ${Math.round(run.lcpMs)} ms, JS ${run.jsKb.toFixed(1)} KiB`,
          );
        }
      }
      for (const [t, row] of measured.entries()) rows[t].push(row);
    }
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }

  const report = [
    `# Lighthouse ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC`,
    "",
    `Lighthouse mobile (${throttling === "simulate" ? "default simulated throttling" : "throttling applied to the browser"}), ${CHROMIUM} --headless=new, median of ${runs} run(s) per page, on ${os.cpus().length} CPUs shared with whatever else runs: the performance score and TBT move with the load. Load average (1 min) at the start ${loadAtStart.toFixed(2)}, at the end ${os.loadavg()[0].toFixed(2)}.`,
    "",
    "JS KiB (requests): script bytes Lighthouse saw transferred, headers included, until the page settled. First-visit JS: the scripts and module preloads the HTML names, bodies as served (Brotli). Main thread / scripts: the time the trace shows the main thread busy, and evaluating scripts, unthrottled. CPU index: Lighthouse's benchmarkIndex, lower when the machine is busy.",
    ...targets.flatMap((target, t) => ["", ...(targets.length > 1 ? [`## ${target.name} (${target.base})`, ""] : []), ...table(rows[t])]),
  ].join("\n");
  console.log(`\n${report}`);
  const out = path.join(root, "bench-results");
  mkdirSync(out, { recursive: true });
  writeFileSync(path.join(out, "lighthouse.md"), `${report}\n`);
  writeFileSync(
    path.join(out, "lighthouse.json"),
    `${JSON.stringify(Object.fromEntries(targets.map((target, t) => [target.name, rows[t]])), null, 2)}\n`,
  );
}

main().catch((error: Error) => {
  console.error(`bench:browser failed: ${error.stack ?? error.message}`);
  process.exit(1);
});
