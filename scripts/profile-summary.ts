/**
 * `node scripts/profile-summary.ts <file.cpuprofile> [--top 25] [--from-uptime <s> | --skip-ms <ms>] [--callers <function>]`:
 * what a V8 CPU profile (`node --cpu-prof`) spent its time on, as Markdown tables: self time and
 * inclusive time summed by function and file, and self time by package, each in ms and in % of
 * the busy time (idle left out). `--callers` prints instead the stacks (eight frames) that lead to
 * a function, with their time.
 *
 * To leave out the process's start and warm-up (a first article page formats its citations with
 * a cold citeproc for seconds): read `cut -d' ' -f1 /proc/uptime` when the measured load starts,
 * and pass it as `--from-uptime` (the profile's clock is the system's monotonic clock, in µs).
 *
 * A profile of a page under load, the page cache off (docs/benchmarks.md):
 *   PORT=4401 NODE_ENV=production PAGE_CACHE_SECONDS=0 node --cpu-prof --cpu-prof-dir=/tmp/prof server/main.ts &
 *   bench/node_modules/.bin/autocannon -c 16 -d 10 http://127.0.0.1:4401/   # warm-up
 *   start=$(cut -d' ' -f1 /proc/uptime); bench/node_modules/.bin/autocannon -c 16 -d 15 http://127.0.0.1:4401/
 *   kill -INT %1; node scripts/profile-summary.ts /tmp/prof/*.cpuprofile --from-uptime $start
 */
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
}

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    top: { type: "string", default: "25" },
    "from-uptime": { type: "string" },
    "skip-ms": { type: "string", default: "0" },
    callers: { type: "string" },
  },
});
const file = positionals[0];
if (!file) {
  console.error("usage: node scripts/profile-summary.ts <file.cpuprofile> [--top 25] [--from-uptime <s> | --skip-ms <ms>] [--callers <function>]");
  process.exit(2);
}
const top = Number(values.top);
const profile = JSON.parse(readFileSync(file, "utf8")) as Profile;
const skipUs = values["from-uptime"] ? Number(values["from-uptime"]) * 1e6 - profile.startTime : Number(values["skip-ms"]) * 1000;

const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const parent = new Map<number, number>();
for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);

/** Microseconds of samples per node, after the skipped start. */
const selfUs = new Map<number, number>();
let clock = 0;
profile.samples.forEach((id, i) => {
  clock += profile.timeDeltas[i] ?? 0;
  if (clock >= skipUs) selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
});

/** node_modules' packages and this checkout's files by their path from the root. */
const shortUrl = (url: string) => url.replace(/^file:\/\/.*?node_modules\//, "").replace(`file://${process.cwd()}/`, "");
const frame = (node: ProfileNode) => {
  const { functionName, url, lineNumber } = node.callFrame;
  return { name: functionName || "(anonymous)", where: url ? `${shortUrl(url)}:${lineNumber + 1}` : "" };
};
const key = (node: ProfileNode) => {
  const { name, where } = frame(node);
  return `${name}\t${where}`;
};
const stack = (id: number) => {
  const frames: ProfileNode[] = [];
  for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) frames.push(byId.get(at) as ProfileNode);
  return frames;
};

const self = new Map<string, number>();
const inclusive = new Map<string, number>();
const packages = new Map<string, number>();
let total = 0;
let idle = 0;
for (const [id, us] of selfUs) {
  const node = byId.get(id) as ProfileNode;
  total += us;
  if (node.callFrame.functionName === "(idle)") idle += us;
  self.set(key(node), (self.get(key(node)) ?? 0) + us);
  const where = frame(node).where;
  // Node's own JavaScript, a package or a folder of this checkout, V8's entries such as "(garbage collector)", or native code.
  const fn = node.callFrame.functionName;
  const name = where.startsWith("node:")
    ? "node:internal"
    : where
      ? (where.match(/^(@[^/]+\/[^/]+|[^/:]+)/)?.[1] ?? where)
      : fn.startsWith("(")
        ? fn
        : "(native)";
  packages.set(name, (packages.get(name) ?? 0) + us);
  const seen = new Set<string>();
  for (const caller of stack(id)) {
    const k = key(caller);
    if (seen.has(k)) continue; // recursion counts once
    seen.add(k);
    inclusive.set(k, (inclusive.get(k) ?? 0) + us);
  }
}
const busy = total - idle;
const ms = (us: number) => (us / 1000).toFixed(0);
const percent = (us: number) => ((100 * us) / busy).toFixed(1);
const notShown = (k: string) => k.startsWith("(idle)") || k.startsWith("(root)") || k.startsWith("(program)\t");

if (values.callers) {
  const stacks = new Map<string, number>();
  for (const [id, us] of selfUs) {
    const frames = stack(id).map((node) => key(node).replace("\t", " "));
    const at = frames.findIndex((f) => f.startsWith(`${values.callers} `));
    if (at < 0) continue;
    const path = frames.slice(at, at + 8).join(" < ");
    stacks.set(path, (stacks.get(path) ?? 0) + us);
  }
  console.log(`Callers of ${values.callers}:`);
  for (const [path, us] of [...stacks].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${ms(us)} ms: ${path}`);
} else {
  console.log(`${ms(total)} ms sampled: ${ms(busy)} ms busy, ${ms(idle)} ms idle.`);
  const table = (title: string, rows: Map<string, number>) => {
    console.log(`\n${title}\n\n| ms | % | function | file |\n|---:|---:|---|---|`);
    for (const [k, us] of [...rows]
      .filter(([k]) => !notShown(k))
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)) {
      const [name, where] = k.split("\t");
      console.log(`| ${ms(us)} | ${percent(us)} | ${name} | ${where ? `\`${where}\`` : ""} |`);
    }
  };
  table("Self time (of busy):", self);
  table("Inclusive time (of busy):", inclusive);
  console.log("\nSelf time by package (of busy):\n\n| ms | % | package |\n|---:|---:|---|");
  for (const [name, us] of [...packages]
    .filter(([name]) => !notShown(`${name}\t`))
    .sort((a, b) => b[1] - a[1])
    .slice(0, top))
    console.log(`| ${ms(us)} | ${percent(us)} | ${name} |`);
}
