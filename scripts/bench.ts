/**
 * `npm run bench [-- --demo | --large] [--no-build] [--search]`: load-tests the production server on the demo
 * catalogue (a fresh SQLite file seeded from CONTENT_DIR, content/demo by default) and on the generated
 * 100 000-article one (data/large.db, generated first when missing); both unless one is named. Prints a
 * Markdown report and writes it to bench-results/latest.md. `--search` measures only the searches.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";
import { type AutocannonResult, autocannon } from "./autocannon.ts";
import { ensureBuild, procStatusKb, startServer } from "./server-process.ts";

const CONNECTIONS = 32;
const DURATION_S = 10;
const WARMUP_S = 2;

const root = path.resolve(import.meta.dirname, "..");
const largeDb = path.join(root, "data/large.db");

interface Measure {
  page: string;
  path: string;
  result: AutocannonResult;
  /** First-visit JavaScript and the HTML itself, gzipped, in bytes (pages only). */
  jsGzip?: number;
  htmlGzip?: number;
}
interface CatalogueRun {
  name: string;
  journals: number;
  articles: number;
  measures: Measure[];
  searches: Measure[];
  peakRssKb: number;
  hwmKb: number;
}

async function getJson<T>(url: string): Promise<T> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`GET ${url}: ${response.status}`);
  return (await response.json()) as T;
}

/** Real paths to load: the first journal that has issues, its newest issue, the first book. */
async function pickTargets(base: string) {
  type Items<T> = { Items: T[] };
  const journals = await getJson<Items<{ slug: string }>>(`${base}/api/journals/en`);
  let journal: { slug: string; issueId: string } | undefined;
  for (const { slug } of journals.Items) {
    const issues = await getJson<Items<{ id: string }>>(`${base}/api/journals/en/${slug}/issues`);
    if (issues.Items[0]) {
      journal = { slug, issueId: issues.Items[0].id };
      break;
    }
  }
  const books = await getJson<Items<{ slug: string }>>(`${base}/api/books/en`);
  if (!journal || !books.Items[0]) throw new Error("the catalogue needs a journal with an issue and a book");
  const pages = [
    { page: "home", path: "/" },
    { page: "journals list", path: "/journals" },
    { page: "journal articles", path: `/journals/${journal.slug}/articles` },
    { page: "issue articles", path: `/journals/${journal.slug}/articles/${journal.issueId}` },
    { page: "book", path: `/books/${books.Items[0].slug}` },
  ];
  return [
    ...pages,
    // Each request with a query of its own misses the page cache: what rendering a page costs.
    ...pages.map((p) => ({ ...p, page: `${p.page} (rendered)`, bypassCache: true })),
    // A page with a form is never cached (it carries a token signed per visit): always rendered.
    { page: "contact form", path: "/contact-us/finance" },
    // The cheapest answer the same server gives: a small static file, no rendering, no database.
    { page: "static (ceiling)", path: "/favicon.svg", static: true },
  ];
}

/**
 * Searches (docs/benchmarks.md): a common word, a Turkish word with a capital İ, a rare word, a word
 * in nearly every document, and a common word under two filters. Each is measured on the content
 * API and on the rendered results page (a query of its own per request, so the page cache never
 * answers), over one connection: the time one visitor waits, not the server's throughput.
 */
const searches = [
  { name: "common word", locale: "en", query: "q=migration" },
  { name: "Turkish word with İ", locale: "tr", query: `q=${encodeURIComponent("İstanbul")}` },
  { name: "rare word", locale: "en", query: `q=${encodeURIComponent("Kadıköy")}` },
  { name: "in every document", locale: "en", query: "q=the" },
  { name: "common word, 2 filters", locale: "tr", query: `q=${encodeURIComponent("göç")}&type=article&year=2024` },
].flatMap(({ name, locale, query }) => [
  { page: `${name} (API)`, path: `/api/search/${locale}?${query}` },
  { page: `${name} (page)`, path: `${locale === "tr" ? "/tr/arama" : "/search"}?${query}` },
]);

/** What a first visit downloads: the HTML, then every script and module preload it names, once each. */
async function firstVisitGzip(base: string, pagePath: string) {
  const response = await fetch(base + pagePath);
  const html = await response.text();
  if (!response.ok) console.warn(`warning: ${pagePath} answered ${response.status}`);
  const urls = new Set<string>();
  for (const [, src] of html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)) urls.add(src);
  for (const [tag] of html.matchAll(/<link\b[^>]*>/g)) {
    const href = tag.match(/\bhref="([^"]+)"/)?.[1];
    if (href && /\brel="modulepreload"/.test(tag)) urls.add(href);
  }
  let js = 0;
  for (const url of urls) {
    const body = Buffer.from(await (await fetch(new URL(url, base))).arrayBuffer());
    js += gzipSync(body).length;
  }
  return { jsGzip: js, htmlGzip: gzipSync(html).length };
}

async function benchCatalogue(name: string, sqliteFile: string, onlySearch = false): Promise<CatalogueRun> {
  console.log(`\n${name}: starting the server on ${sqliteFile.startsWith(root) ? path.relative(root, sqliteFile) : sqliteFile}`);
  const server = await startServer({ SQLITE_FILE: sqliteFile, DATABASE_URL: undefined });
  const pid = server.child.pid ?? 0;
  try {
    const stats = await getJson<{ journalCount: number; articleCount: number }>(`${server.base}/api/en/initial`);
    const measures: Measure[] = [];
    let peakRssKb = 0;
    for (const target of onlySearch ? [] : await pickTargets(server.base)) {
      const sizes = "static" in target || "bypassCache" in target ? {} : await firstVisitGzip(server.base, target.path);
      const sampler = setInterval(() => {
        peakRssKb = Math.max(peakRssKb, procStatusKb(pid, "VmRSS"));
      }, 250);
      try {
        let n = 0;
        const result = await autocannon({
          url: server.base + target.path,
          connections: CONNECTIONS,
          duration: DURATION_S,
          warmup: { connections: CONNECTIONS, duration: WARMUP_S },
          requests: "bypassCache" in target ? [{ setupRequest: (request) => ({ ...request, path: `${target.path}?bench=${n++}` }) }] : undefined,
        });
        measures.push({ page: target.page, path: target.path, result, ...sizes });
        console.log(`  ${target.page.padEnd(18)} ${Math.round(result.requests.average)} req/s, p99 ${result.latency.p99} ms`);
      } finally {
        clearInterval(sampler);
      }
    }
    const searchMeasures: Measure[] = [];
    for (const target of searches) {
      let n = 0;
      const result = await autocannon({
        url: server.base + target.path,
        connections: 1,
        duration: DURATION_S,
        warmup: { connections: 1, duration: WARMUP_S },
        requests: [{ setupRequest: (request) => ({ ...request, path: `${target.path}&bench=${n++}` }) }],
      });
      searchMeasures.push({ page: target.page, path: target.path, result });
      console.log(`  ${target.page.padEnd(32)} p50 ${result.latency.p50} ms, p97.5 ${result.latency.p97_5} ms`);
    }
    return {
      name,
      journals: stats.journalCount,
      articles: stats.articleCount,
      measures,
      searches: searchMeasures,
      peakRssKb,
      hwmKb: procStatusKb(pid, "VmHWM"),
    };
  } finally {
    await server.stop();
  }
}

const kB = (bytes: number | undefined) => (bytes === undefined ? "–" : (bytes / 1000).toFixed(1));
const MB = (kb: number) => `${Math.round(kb / 1024)} MB`;
const fixed = (n: number, digits = 0) => n.toFixed(digits);

function catalogueTable(run: CatalogueRun): string {
  const ceiling = run.measures.find((m) => m.page.startsWith("static"))?.result.requests.average ?? Number.NaN;
  const rows = run.measures.map((m) => {
    const r = m.result;
    return `| ${m.page} | \`${m.path}\` | ${fixed(r.requests.average)} | ${r.latency.p50} | ${r.latency.p99} | ${r.errors}${r.timeouts ? ` (${r.timeouts} timeouts)` : ""} | ${r.non2xx} | ${fixed(r.requests.average / ceiling, 2)} | ${kB(m.jsGzip)} | ${kB(m.htmlGzip)} |`;
  });
  return [
    `## ${run.name}: ${run.journals} journals, ${run.articles} articles`,
    "",
    ...(rows.length === 0
      ? []
      : [
          "| page | path | req/s | p50 ms | p99 ms | errors | non-2xx | vs static | first-visit JS gzip kB | HTML gzip kB |",
          "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
          ...rows,
          "",
        ]),
    `### ${run.name}: search (1 connection; autocannon gives no p95, so p97.5 stands in for it)`,
    "",
    "| search | path | req/s | p50 ms | p97.5 ms | p99 ms | errors | non-2xx |",
    "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |",
    ...run.searches.map(
      (m) =>
        `| ${m.page} | \`${decodeURIComponent(m.path)}\` | ${fixed(m.result.requests.average)} | ${m.result.latency.p50} | ${m.result.latency.p97_5} | ${m.result.latency.p99} | ${m.result.errors} | ${m.result.non2xx} |`,
    ),
    "",
    ...(rows.length === 0
      ? []
      : [`Server peak RSS under load (VmRSS sampled every 250 ms): ${MB(run.peakRssKb)}; VmHWM at the end (start-up included): ${MB(run.hwmKb)}.`]),
  ].join("\n");
}

function ratioTable(demo: CatalogueRun, large: CatalogueRun): string {
  const rows = demo.measures.map((d) => {
    const l = large.measures.find((m) => m.page === d.page);
    if (!l) return `| ${d.page} | – | – |`;
    return `| ${d.page} | ${fixed(l.result.requests.average / d.result.requests.average, 2)} | ${fixed(l.result.latency.p99 / d.result.latency.p99, 2)} |`;
  });
  return ["## large / demo", "", "| page | req/s ratio | p99 ratio |", "| --- | ---: | ---: |", ...rows].join("\n");
}

function run(command: string, args: string[]) {
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit" });
  if (result.status !== 0) throw new Error(`${command} ${args.join(" ")} failed`);
}

async function main() {
  const { values } = parseArgs({
    options: { demo: { type: "boolean" }, large: { type: "boolean" }, "no-build": { type: "boolean" }, search: { type: "boolean" } },
  });
  const both = !values.demo && !values.large;

  ensureBuild(values["no-build"]);

  // Other processes on the machine skew the figures; the load average says how much.
  const loadAtStart = os.loadavg()[0];
  const runs: CatalogueRun[] = [];
  if (values.demo || both) {
    const dir = mkdtempSync(path.join(os.tmpdir(), "bench-demo-"));
    try {
      runs.push(await benchCatalogue("demo", path.join(dir, "demo.db"), values.search));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  if (values.large || both) {
    if (!existsSync(largeDb)) run(process.execPath, ["scripts/generate-catalogue.ts", "--out", largeDb]);
    runs.push(await benchCatalogue("large", largeDb, values.search));
  }

  const [demo, large] = [runs.find((r) => r.name === "demo"), runs.find((r) => r.name === "large")];
  const report = [
    `# Benchmark ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC`,
    "",
    `Node ${process.version}, ${os.cpus().length} CPUs (autocannon runs on the same machine), ${CONNECTIONS} connections, ${DURATION_S} s per target after a ${WARMUP_S} s warm-up. Requests carry no Accept-Encoding, so responses are not compressed; the kB columns are gzip sizes as a browser would download them.`,
    `Load average (1 min) at the start ${loadAtStart.toFixed(2)}, at the end ${os.loadavg()[0].toFixed(2)}.`,
    "",
    ...runs.map(catalogueTable).flatMap((t) => [t, ""]),
    ...(demo && large ? [ratioTable(demo, large), ""] : []),
  ].join("\n");
  console.log(`\n${report}`);
  mkdirSync(path.join(root, "bench-results"), { recursive: true });
  writeFileSync(path.join(root, "bench-results/latest.md"), report);
}

main().catch((error: Error) => {
  console.error(`bench failed: ${error.message}`);
  process.exit(1);
});
