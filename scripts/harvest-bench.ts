/**
 * `npm run bench:harvest [-- --articles 100000 --journals 200]`: how long a pull of the generated
 * catalogue from this project's own /oai takes, and how much memory it holds. The catalogue is
 * generated (as content:generate does) into a fresh SQLite file, served by the production server
 * (its /oai, as harvesters see it), and pulled in JATS into an empty content folder whose
 * journals name that server as their source, by `npm run content:pull` in a process of its own,
 * whose memory (VmRSS) is sampled every 200 ms: while records stream in (which must not grow with
 * their number), and during the folder's final check (which reads every file, as content:check
 * does). `--keep` leaves the folder for a look. Figures go to docs/benchmarks.md by hand.
 */
import { spawn } from "node:child_process";
import { cp, mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { stringify } from "yaml";
import { importContent } from "../service/content/import.ts";
import { migrateToLatest, openDatabase } from "../service/db/database.ts";
import { generateCatalogue } from "./generate-catalogue.ts";
import { ensureBuild, procStatusKb, startServer } from "./server-process.ts";

const { values } = parseArgs({
  options: {
    articles: { type: "string", default: "100000" },
    journals: { type: "string", default: "200" },
    keep: { type: "boolean", default: false },
  },
});
const work = await mkdtemp(path.join(tmpdir(), "harvest-bench-"));
const dbFile = path.join(work, "catalogue.db");
const root = path.join(work, "content");
const seconds = (from: number) => `${((performance.now() - from) / 1000).toFixed(1)} s`;

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
    await writeFile(
      path.join(dir, "journal.yaml"),
      stringify({ ...journal, source: { oai: `${server.base}/oai`, set: `journal:${journal.id}`, format: "jats" } }),
    );
    await writeFile(path.join(dir, "board.yaml"), stringify(board));
  }

  const phases = { streaming: 0, checking: 0 };
  let phase: keyof typeof phases = "streaming";
  at = performance.now();
  let checkStarted = 0;
  const child = spawn(process.execPath, ["service/harvest/pull-command.ts", "--folder", root], { stdio: ["ignore", "pipe", "pipe"] });
  const sampler = setInterval(() => {
    phases[phase] = Math.max(phases[phase], procStatusKb(child.pid as number, "VmRSS"));
  }, 200);
  let summary = "";
  child.stdout.on("data", (chunk: Buffer) => {
    summary += chunk.toString();
  });
  child.stderr.on("data", (chunk: Buffer) => {
    if (phase === "streaming" && chunk.toString().includes("checking the folder")) {
      phase = "checking";
      checkStarted = performance.now();
    }
  });
  const code = await new Promise((resolve) => child.on("exit", resolve));
  clearInterval(sampler);
  await server.stop();
  const lines = summary.trim().split("\n");
  console.log(
    [
      `content:pull exited ${code} after ${seconds(at)}: harvest and write ${((checkStarted - at) / 1000).toFixed(1)} s, the folder's check ${seconds(checkStarted)}`,
      `  ${lines.filter((l) => / read, /.test(l)).length} journals; the last: ${lines.filter((l) => / read, /.test(l)).at(-1)}`,
      `  ${lines.at(-1)}`,
      `  memory (VmRSS) while records streamed: peak ${Math.round(phases.streaming / 1024)} MB; during the check: peak ${Math.round(phases.checking / 1024)} MB`,
    ].join("\n"),
  );
} finally {
  if (values.keep) console.log(`kept ${root}`);
  else await rm(work, { recursive: true, force: true });
}
