/**
 * `npm run bench [-- --demo | --large] [--no-build] [--quick] [--search]`: load-tests the production
 * server on the demo catalogue (a fresh SQLite file seeded from CONTENT_DIR, content/demo by
 * default) and on the generated 100 000-article one (data/large.db, generated first when missing);
 * both unless one is named. Each catalogue gets two server starts: with the page cache (cached
 * pages, the build's files, the overload scenario) and with PAGE_CACHE_SECONDS=0 (every page
 * rendered, the form pages, the searches). Every target is read against its ceiling
 * (bench/ceiling.ts). Prints a Markdown report and writes it to bench-results/latest.md.
 * `--quick`: 5 s runs, for working on the benchmark itself. `--search`: only the searches.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { href } from "../contract/route-table.ts";
import { ensureBuild, procStatusKb, startServer } from "../scripts/server-process.ts";
import { assetHeaders, decodedBody, firstVisit, frameworkScriptOf, pageHeaders, rawGet } from "./http.ts";
import { type LoadSettings, measureOneByOne, measureTargets, overload, sampleRss, type Target } from "./load.ts";
import { type CatalogueRun, catalogueSection, machineSection, ratioSection, targetsSection } from "./report.ts";

const FULL: LoadSettings = { connections: 32, durationS: 10, warmupS: 2 };
const QUICK: LoadSettings = { ...FULL, durationS: 5 };

/** What issue 18 asks of pages rendered for every request, in req/s. */
const RENDERED_MIN_RPS: Record<string, number> = { home: 400, article: 250, "journals list": 250 };
/** A hashed script of the build, sent in its precompressed form, is to reach this share of its ceiling (issue 18). */
const SCRIPT_MIN_SHARE = 0.4;

const root = path.resolve(import.meta.dirname, "..");
const largeDb = path.join(root, "data/large.db");

async function getJson<T>(url: string): Promise<T> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`GET ${url}: ${response.status}`);
  return (await response.json()) as T;
}

/** Real pages to load, found through the content API: the first journal with an issue, that issue's first article, the first book. */
async function contentPages(base: string): Promise<Target[]> {
  type Items<T> = { Items: T[] };
  const journals = await getJson<Items<{ slug: string }>>(`${base}/api/journals/en`);
  let found: { slug: string; issueId: string; articleSlug: string } | undefined;
  for (const { slug } of journals.Items) {
    const issueId = (await getJson<Items<{ id: string }>>(`${base}/api/journals/en/${slug}/issues`)).Items[0]?.id;
    const articleSlug = issueId && (await getJson<Items<{ id: string }>>(`${base}/api/journals/en/${slug}/issues/${issueId}`)).Items[0]?.id;
    if (issueId && articleSlug) {
      found = { slug, issueId, articleSlug };
      break;
    }
  }
  const book = (await getJson<Items<{ slug: string }>>(`${base}/api/books/en`)).Items[0];
  if (!found || !book) throw new Error("the catalogue needs a journal with an article in an issue, and a book");
  const { slug, issueId } = found;
  return [
    { name: "home", path: href("home") },
    { name: "home, Turkish", path: href("home", {}, "tr") },
    { name: "journals list", path: href("journals") },
    { name: "journal articles", path: href("journal-articles", { slug }) },
    { name: "issue articles", path: href("journal-issue", { slug, issueId }) },
    { name: "article", path: href("journal-article", found) },
    { name: "book", path: href("book", { slug: book.slug }) },
  ].map((page) => ({ ...page, headers: pageHeaders }));
}

/** Pages with a form: never cached (each carries a token signed for the visit), so measured rendered. */
const formPages: Target[] = [
  { name: "contact form", path: href("contact-finance") },
  { name: "permission form, Turkish", path: href("permission-form", {}, "tr") },
].map((page) => ({ ...page, headers: pageHeaders }));

/**
 * Searches (docs/benchmarks.md): a common word, a Turkish word with a capital İ, a rare word, a word
 * in nearly every document, and a common word under two filters; each on the content API and on
 * the results page.
 */
const searches: Target[] = [
  { name: "common word", locale: "en", query: "q=migration" },
  { name: "Turkish word with İ", locale: "tr", query: `q=${encodeURIComponent("İstanbul")}` },
  { name: "rare word", locale: "en", query: `q=${encodeURIComponent("Kadıköy")}` },
  { name: "in every document", locale: "en", query: "q=the" },
  { name: "common word, 2 filters", locale: "tr", query: `q=${encodeURIComponent("göç")}&type=article&year=2024` },
].flatMap(({ name, locale, query }) => [
  { name: `${name} (API)`, path: `/api/search/${locale}?${query}`, headers: assetHeaders },
  { name: `${name} (page)`, path: `${href("search", {}, locale === "tr" ? "tr" : "en")}?${query}`, headers: pageHeaders },
]);

async function firstVisits(base: string, pages: Target[], form: boolean) {
  const visits: CatalogueRun["firstVisits"] = [];
  for (const page of pages) visits.push({ name: page.name, path: page.path, form, visit: await firstVisit(base, page.path) });
  return visits;
}

/** Starts the server on the catalogue with `env`, does `work` on it, and adds the server's memory. */
async function onServer<T extends object>(
  label: string,
  sqliteFile: string,
  env: Record<string, string | undefined>,
  work: (base: string) => Promise<T>,
) {
  console.log(`\n${label}: starting the server on ${sqliteFile.startsWith(root) ? path.relative(root, sqliteFile) : sqliteFile}`);
  const server = await startServer({ SQLITE_FILE: sqliteFile, DATABASE_URL: undefined, ...env });
  const pid = server.child.pid ?? 0;
  const rss = sampleRss(pid);
  try {
    const done = await work(server.base);
    return { ...done, peakRssKb: rss.stop(), hwmKb: procStatusKb(pid, "VmHWM") };
  } finally {
    rss.stop();
    await server.stop();
  }
}

/** The cached pages, the framework script and a small static file, then the overload scenario. */
function cachedWork(settings: LoadSettings) {
  return async (base: string) => {
    const pages = await contentPages(base);
    const home = decodedBody(await rawGet(base + href("home"), pageHeaders)).toString("utf8");
    const targets: Target[] = [
      ...pages,
      { name: "framework script", path: frameworkScriptOf(home), headers: assetHeaders, minShareOfCeiling: SCRIPT_MIN_SHARE },
      { name: "favicon", path: "/favicon.svg", headers: assetHeaders },
    ];
    const visits = await firstVisits(base, pages, false);
    const measured = await measureTargets(base, targets, settings);
    return { measured, visits, overload: await overload(base, settings) };
  };
}

/** Every page rendered for every request, the form pages, and the searches (which the page cache would otherwise answer). */
function renderedWork(settings: LoadSettings, onlySearch: boolean) {
  return async (base: string) => {
    const stats = await getJson<{ journalCount: number; articleCount: number }>(`${base}/api/en/initial`);
    const pages = onlySearch ? [] : (await contentPages(base)).map((page) => ({ ...page, minRps: RENDERED_MIN_RPS[page.name] }));
    const visits = onlySearch ? [] : await firstVisits(base, formPages, true);
    const measured = onlySearch ? [] : await measureTargets(base, [...pages, ...formPages], settings);
    const searched = [];
    for (const target of searches) searched.push({ target, result: await measureOneByOne(base, target, settings) });
    return { stats, measured, visits, searches: searched };
  };
}

async function benchCatalogue(name: string, sqliteFile: string, settings: LoadSettings, onlySearch: boolean): Promise<CatalogueRun> {
  const cached = onlySearch
    ? undefined
    : await onServer(`${name}, page cache on`, sqliteFile, { PAGE_CACHE_SECONDS: undefined }, cachedWork(settings));
  const rendered = await onServer(`${name}, PAGE_CACHE_SECONDS=0`, sqliteFile, { PAGE_CACHE_SECONDS: "0" }, renderedWork(settings, onlySearch));
  return {
    name,
    journals: rendered.stats.journalCount,
    articles: rendered.stats.articleCount,
    cached,
    rendered,
    firstVisits: [...(cached?.visits ?? []), ...rendered.visits],
  };
}

function run(command: string, args: string[]) {
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit" });
  if (result.status !== 0) throw new Error(`${command} ${args.join(" ")} failed`);
}

async function main() {
  const { values } = parseArgs({
    options: {
      demo: { type: "boolean" },
      large: { type: "boolean" },
      "no-build": { type: "boolean" },
      quick: { type: "boolean" },
      search: { type: "boolean" },
    },
  });
  const both = !values.demo && !values.large;
  const settings = values.quick ? QUICK : FULL;
  const onlySearch = values.search ?? false;

  ensureBuild(values["no-build"]);

  // Other processes on the machine skew the figures; the load average says how much.
  const loadAtStart = os.loadavg();
  const runs: CatalogueRun[] = [];
  if (values.demo || both) {
    const dir = mkdtempSync(path.join(os.tmpdir(), "bench-demo-"));
    try {
      runs.push(await benchCatalogue("demo", path.join(dir, "demo.db"), settings, onlySearch));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  if (values.large || both) {
    if (!existsSync(largeDb)) run(process.execPath, ["scripts/generate-catalogue.ts", "--out", largeDb]);
    runs.push(await benchCatalogue("large", largeDb, settings, onlySearch));
  }

  const [demo, large] = [runs.find((r) => r.name === "demo"), runs.find((r) => r.name === "large")];
  const report = [
    `# Benchmark ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC${values.quick ? " (--quick)" : ""}`,
    machineSection(settings, loadAtStart),
    ...runs.map((r) => catalogueSection(r, settings)),
    ...(demo && large ? [ratioSection(demo, large)] : []),
    ...(onlySearch ? [] : [targetsSection(runs)]),
  ].join("\n\n");
  console.log(`\n${report}`);
  mkdirSync(path.join(root, "bench-results"), { recursive: true });
  writeFileSync(path.join(root, "bench-results/latest.md"), `${report}\n`);
}

main().catch((error: Error) => {
  console.error(`bench failed: ${error.message}`);
  process.exit(1);
});
