/**
 * The benchmark's Markdown report (bench-results/latest.md): the machine, then per catalogue the
 * cached and the rendered targets against their ceilings, the overload scenario, first-visit
 * JavaScript, searches and memory; then every target the issue sets, met or not.
 */
import os from "node:os";
import type { AutocannonResult } from "./autocannon.ts";
import type { FirstVisit } from "./http.ts";
import type { LoadOutcome, LoadSettings, Measured, Overload, ServerErrors, Target } from "./load.ts";

export interface ServerRun {
  measured: Measured[];
  peakRssKb: number;
  hwmKb: number;
}
export interface CatalogueRun {
  name: string;
  journals: number;
  articles: number;
  /** The server with its page cache (absent with --search). */
  cached?: ServerRun & { overload: Overload };
  /** The server with PAGE_CACHE_SECONDS=0: every page rendered for every request. */
  rendered: ServerRun & { searches: { target: Target; result: AutocannonResult }[] };
  firstVisits: { name: string; path: string; form: boolean; visit: FirstVisit }[];
}

// Issue 18's targets that are not one target's (those, req/s and a share of the ceiling, come with
// the targets themselves: bench/bench.ts).
/** First-visit JavaScript, in bytes transferred (Brotli): content pages, and pages with a form. */
const JS_BUDGET = { content: 110_000, form: 140_000 };
/** The home page under overload keeps at least this share of its calm req/s, with p99 under 100 ms. */
const OVERLOAD_MIN_SHARE = 0.5;
const OVERLOAD_MAX_P99_MS = 100;

interface Check {
  what: string;
  figure: string;
  target: string;
  met: boolean;
}

const kB = (bytes: number) => (bytes / 1000).toFixed(1);
const MB = (kb: number) => `${Math.round(kb / 1024)} MB`;
const rps = (r: AutocannonResult) => Math.round(r.requests.average);
const percent = (share: number) => `${Math.round(share * 100)} %`;
/** A latency percentile, or "–" when no 2xx answer came (autocannon then says 0). */
const ms = (r: AutocannonResult, percentile: "p50" | "p97_5" | "p99") => (r["2xx"] > 0 ? String(r.latency[percentile]) : "–");
const shareOfCeiling = (m: Measured) => m.result.requests.average / m.ceiling.requests.average;
const table = (head: string[], align: string[], rows: string[][]) => [head, align, ...rows].map((cells) => `| ${cells.join(" | ")} |`).join("\n");

/** What the issue asks of a measured target, if anything. */
function targetCheck(m: Measured): Check | undefined {
  const what = m.target.name;
  if (m.target.minRps !== undefined) {
    return { what, figure: `${rps(m.result)} req/s`, target: `≥ ${m.target.minRps} req/s`, met: m.result.requests.average >= m.target.minRps };
  }
  if (m.target.minShareOfCeiling !== undefined) {
    const share = shareOfCeiling(m);
    return {
      what,
      figure: `${percent(share)} of its ceiling`,
      target: `≥ ${percent(m.target.minShareOfCeiling)}`,
      met: share >= m.target.minShareOfCeiling,
    };
  }
  return undefined;
}

function firstVisitCheck(v: CatalogueRun["firstVisits"][number]): Check {
  const budget = v.form ? JS_BUDGET.form : JS_BUDGET.content;
  return { what: `first-visit JS, ${v.name}`, figure: `${kB(v.visit.jsBr)} kB br`, target: `≤ ${kB(budget)} kB`, met: v.visit.jsBr <= budget };
}

/** Answers with a 2xx status per second: what the home page's visitors got (a quick 503 is no page). */
const okRps = (r: AutocannonResult) => r["2xx"] / r.duration;

/** A 5xx is a failure unless it is a 503 asking to come back later. */
const failures = (errors: ServerErrors) => Object.entries(errors).filter(([key]) => key !== "503 with Retry-After");

function overloadChecks(o: Overload): Check[] {
  const share = okRps(o.loaded.result) / okRps(o.calm.result);
  const failed = [o.calm, o.loaded, o.search].flatMap((load) => failures(load.serverErrors));
  return [
    {
      what: "home page under overload",
      figure: `${percent(share)} of its 2xx/s alone, p99 ${ms(o.loaded.result, "p99")} ms`,
      target: `≥ ${percent(OVERLOAD_MIN_SHARE)}, p99 < ${OVERLOAD_MAX_P99_MS} ms`,
      met: share >= OVERLOAD_MIN_SHARE && o.loaded.result.latency.p99 < OVERLOAD_MAX_P99_MS,
    },
    {
      what: "5xx under overload",
      figure: failed.length === 0 ? "none but 503 with Retry-After" : failed.map(([key, n]) => `${n} × ${key}`).join(", "),
      target: "only 503 with Retry-After",
      met: failed.length === 0,
    },
  ];
}

/** Every target the issue sets, for one catalogue, named with it. */
function checksOf(run: CatalogueRun): Check[] {
  const measured = [...(run.cached?.measured ?? []), ...run.rendered.measured];
  return [
    ...measured.flatMap((m) => targetCheck(m) ?? []),
    ...(run.cached ? overloadChecks(run.cached.overload) : []),
    ...run.firstVisits.map(firstVisitCheck),
  ].map((check) => ({ ...check, what: `${run.name}: ${check.what}` }));
}

const met = (check: Check | undefined) => (check ? `${check.target}: ${check.met ? "met" : "**not met**"}` : "");

function throughputTable(measured: Measured[]): string {
  return table(
    ["target", "path", "sent as", "req/s", "p50 ms", "p99 ms", "errors", "non-2xx", "ceiling req/s", "ceiling p99 ms", "vs ceiling", "target"],
    ["---", "---", "---", "---:", "---:", "---:", "---:", "---:", "---:", "---:", "---:", "---"],
    measured.map((m) => [
      m.target.name,
      `\`${m.target.path}\``,
      `${m.sent.status}, ${m.sent.encoding}, ${kB(m.sent.bytes)} kB`,
      String(rps(m.result)),
      ms(m.result, "p50"),
      ms(m.result, "p99"),
      `${m.result.errors}${m.result.timeouts ? ` (${m.result.timeouts} timeouts)` : ""}`,
      String(m.result.non2xx),
      String(rps(m.ceiling)),
      ms(m.ceiling, "p99"),
      percent(shareOfCeiling(m)),
      met(targetCheck(m)),
    ]),
  );
}

const statuses = (r: AutocannonResult) =>
  Object.entries(r.statusCodeStats)
    .map(([status, { count }]) => `${status}: ${count}`)
    .join(", ") || "none";
const errorsCell = (errors: ServerErrors) =>
  Object.entries(errors)
    .map(([key, n]) => `${n} × ${key}`)
    .join(", ") || "none";

function overloadSection(o: Overload, settings: LoadSettings): string {
  const row = (load: string, { result, serverErrors }: LoadOutcome) => [
    load,
    String(rps(result)),
    String(Math.round(okRps(result))),
    ms(result, "p50"),
    ms(result, "p99"),
    `${result.requests.total} / ${result.requests.sent}`,
    `${result.errors}${result.timeouts ? ` (${result.timeouts} timeouts)` : ""}`,
    statuses(result),
    errorsCell(serverErrors),
  ];
  return [
    `### Overload: the cached home page, alone and while ${o.searchConnections} connections search`,
    "",
    `The home page over ${settings.connections} connections, alone, then while a second autocannon (same process) sends \`/search?q=w…\` with a word of its own per request over ${o.searchConnections} connections. Latencies are of 2xx answers (autocannon leaves others out); "answered / sent" counts the measured run's requests, those still waiting at its end included; 5xx answers are checked for Retry-After on every answer, warm-up included.`,
    "",
    table(
      ["load", "req/s", "2xx/s", "p50 ms", "p99 ms", "answered / sent", "errors", "statuses", "5xx"],
      ["---", "---:", "---:", "---:", "---:", "---:", "---:", "---", "---"],
      [row("home, alone", o.calm), row("home, with the searches", o.loaded), row("the searches", o.search)],
    ),
    "",
    ...overloadChecks(o).map((c) => `- ${c.what}: ${c.figure} (${met(c)}).`),
  ].join("\n");
}

function firstVisitTable(visits: CatalogueRun["firstVisits"]): string {
  return table(
    ["page", "path", "JS as br kB", "JS as gzip kB", "HTML as sent kB", "target"],
    ["---", "---", "---:", "---:", "---:", "---"],
    visits.map((v) => [
      v.name,
      `\`${v.path}\``,
      kB(v.visit.jsBr),
      kB(v.visit.jsGzip),
      `${kB(v.visit.html.bytes)} (${v.visit.html.encoding})`,
      met(firstVisitCheck(v)),
    ]),
  );
}

function searchTable(searches: CatalogueRun["rendered"]["searches"]): string {
  return table(
    ["search", "path", "req/s", "p50 ms", "p97.5 ms", "p99 ms", "errors", "non-2xx"],
    ["---", "---", "---:", "---:", "---:", "---:", "---:", "---:"],
    searches.map(({ target, result: r }) => [
      target.name,
      `\`${decodeURIComponent(target.path)}\``,
      String(rps(r)),
      ms(r, "p50"),
      ms(r, "p97_5"),
      ms(r, "p99"),
      String(r.errors),
      String(r.non2xx),
    ]),
  );
}

function memoryLine(label: string, run: ServerRun) {
  return `- ${label}: peak RSS under load (VmRSS every 250 ms) ${MB(run.peakRssKb)}; VmHWM at the end (start-up included) ${MB(run.hwmKb)}.`;
}

export function catalogueSection(run: CatalogueRun, settings: LoadSettings): string {
  const { cached, rendered } = run;
  const parts = [`## ${run.name}: ${run.journals} journals, ${run.articles} articles`];
  if (cached) {
    parts.push(
      "### Cached pages and the build's files (page cache on, PAGE_CACHE_SECONDS unset: 10 s)",
      throughputTable(cached.measured),
      overloadSection(cached.overload, settings),
    );
  }
  if (rendered.measured.length > 0) {
    parts.push("### Rendered for every request (PAGE_CACHE_SECONDS=0)", throughputTable(rendered.measured));
  }
  if (run.firstVisits.length > 0) {
    parts.push(
      "### First-visit JavaScript, as transferred (the page's scripts and module preloads, each once; bodies without headers)",
      firstVisitTable(run.firstVisits),
    );
  }
  parts.push(
    "### Search (1 connection, on the server with PAGE_CACHE_SECONDS=0, so every search runs; autocannon gives no p95, p97.5 stands in for it)",
    searchTable(rendered.searches),
    "### Memory",
    [...(cached ? [memoryLine("with the page cache", cached)] : []), memoryLine("PAGE_CACHE_SECONDS=0", rendered)].join("\n"),
  );
  return parts.join("\n\n");
}

/** The large catalogue's figures over the demo's, target by target. */
export function ratioSection(demo: CatalogueRun, large: CatalogueRun): string {
  const rowsOf = (label: string, d: Measured[], l: Measured[]) =>
    d.flatMap((dm) => {
      const lm = l.find((m) => m.target.name === dm.target.name);
      if (!lm) return [];
      const ratio = (a: number, b: number) => (a / b).toFixed(2);
      return [
        [
          `${dm.target.name} (${label})`,
          ratio(lm.result.requests.average, dm.result.requests.average),
          ratio(lm.result.latency.p99, dm.result.latency.p99),
        ],
      ];
    });
  return [
    "## large / demo",
    "",
    table(
      ["target", "req/s ratio", "p99 ratio"],
      ["---", "---:", "---:"],
      [
        ...rowsOf("cached", demo.cached?.measured ?? [], large.cached?.measured ?? []),
        ...rowsOf("rendered", demo.rendered.measured, large.rendered.measured),
      ],
    ),
  ].join("\n");
}

export function targetsSection(runs: CatalogueRun[]): string {
  const checks = runs.flatMap(checksOf);
  const missed = checks.filter((c) => !c.met).length;
  return [
    `## Targets (issue 18): ${checks.length - missed} of ${checks.length} met`,
    "",
    table(
      ["target", "measured", "asked", "met"],
      ["---", "---", "---", "---"],
      checks.map((c) => [c.what, c.figure, c.target, c.met ? "yes" : "**no**"]),
    ),
  ].join("\n");
}

/** The machine, which the figures depend on: Node, the cores (shared with autocannon), the load before and after. */
export function machineSection(settings: LoadSettings, loadAtStart: number[]): string {
  const cpus = os.cpus();
  const loads = (l: number[]) => l.map((n) => n.toFixed(2)).join(" / ");
  return [
    `Node ${process.version}; ${cpus.length} cores (${cpus[0]?.model.trim() ?? "unknown"}), shared by the server, the ceiling and autocannon; ${Math.round(os.totalmem() / 2 ** 30)} GB of memory.`,
    `Load average (1 / 5 / 15 min) at the start ${loads(loadAtStart)}, at the end ${loads(os.loadavg())}.`,
    `${settings.connections} connections, ${settings.durationS} s per run after a ${settings.warmupS} s warm-up. Every request carries a browser's headers (Chrome 156's user agent, \`Accept-Encoding: gzip, deflate, br, zstd\`, and for pages its \`Accept\`). A target's ceiling is a bare node:http server in a process of its own answering the same status, headers and bytes from memory, loaded right after it the same way.`,
  ].join("\n");
}
