/**
 * `npm run bench:harvest [-- --articles 100000 --journals 200]`: how long a pull of the generated
 * catalogue from this project's own /oai takes, and how much memory it holds. The catalogue is
 * generated (as content:generate does) into a fresh SQLite file, served by the production server
 * (its /oai, as harvesters see it), and pulled in JATS into an empty content folder whose
 * journals name that server as their source. The pulling process's memory is sampled every 200 ms:
 * while records stream in (which must not grow with their number), and during the folder's final
 * check (which reads every file, as content:check does). Figures go to docs/benchmarks.md by hand.
 */
import { cp, mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { stringify } from "yaml";
import { importContent } from "../service/content/import.ts";
import { migrateToLatest, openDatabase } from "../service/db/database.ts";
import { pullContent } from "../service/harvest/pull.ts";
import { generateCatalogue } from "./generate-catalogue.ts";
import { ensureBuild, startServer } from "./server-process.ts";

const { values } = parseArgs({ options: { articles: { type: "string", default: "100000" }, journals: { type: "string", default: "200" } } });
const work = await mkdtemp(path.join(tmpdir(), "harvest-bench-"));
const dbFile = path.join(work, "catalogue.db");
const root = path.join(work, "content");
const seconds = (from: number) => `${((performance.now() - from) / 1000).toFixed(1)} s`;
const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

try {
  let at = performance.now();
  const bundle = await generateCatalogue({ content: "content/demo", journals: Number(values.journals), articles: Number(values.articles), seed: 1 });
  const { db } = openDatabase(dbFile);
  await migrateToLatest(db);
  await importContent(db, bundle);
  await db.destroy();
  const total = bundle.journals.reduce((n, j) => n + j.issues.reduce((m, i) => m + i.articles.length, 0), 0);
  console.log(`generated and imported ${bundle.journals.length} journals, ${total} articles in ${seconds(at)}`);

  ensureBuild(true);
  const server = await startServer({ SQLITE_FILE: dbFile, DATABASE_URL: undefined });
  // The folder: the demo's other content, and each generated journal (with its board) naming the server as its source.
  await cp("content/demo", root, { recursive: true });
  await rm(path.join(root, "journals"), { recursive: true });
  for (const { journal, board } of bundle.journals) {
    const dir = path.join(root, "journals", journal.id);
    await mkdir(dir, { recursive: true });
    await writeFile(path.join(dir, "journal.yaml"), stringify({ ...journal, source: { oai: `${server.base}/oai`, set: `journal:${journal.id}`, format: "jats" } }));
    await writeFile(path.join(dir, "board.yaml"), stringify(board));
  }

  const phases = { streaming: { rss: 0, heap: 0 }, checking: { rss: 0, heap: 0 } };
  let phase: keyof typeof phases = "streaming";
  let records = 0;
  const sampler = setInterval(() => {
    const { rss, heapUsed } = process.memoryUsage();
    phases[phase].rss = Math.max(phases[phase].rss, rss);
    phases[phase].heap = Math.max(phases[phase].heap, heapUsed);
  }, 200);
  at = performance.now();
  let checkStarted = 0;
  const result = await pullContent({
    root,
    log: (line) => {
      if (line.startsWith("checking")) {
        phase = "checking";
        checkStarted = performance.now();
      }
    },
    client: { onRequest: () => void records++ },
  });
  clearInterval(sampler);
  await server.stop();
  const read = result.journals.reduce((n, j) => n + j.read, 0);
  const added = result.journals.reduce((n, j) => n + j.added, 0);
  console.log(
    [
      `pulled ${read} records (${added} added, ${result.journals.reduce((n, j) => n + j.rejected.length, 0)} rejected) with ${records} requests in ${seconds(at)}; ${result.files} files written; ok: ${result.ok}`,
      `  harvest and write: ${((checkStarted - at) / 1000).toFixed(1)} s, the folder's check: ${seconds(checkStarted)}`,
      `  memory while records streamed: peak RSS ${mb(phases.streaming.rss)}, heap ${mb(phases.streaming.heap)}`,
      `  memory during the check: peak RSS ${mb(phases.checking.rss)}, heap ${mb(phases.checking.heap)}`,
      ...result.problems.slice(0, 5),
    ].join("\n"),
  );
} finally {
  await rm(work, { recursive: true, force: true });
}
