/**
 * The loads the benchmark puts on a server (autocannon, on the same machine): each target, each
 * followed by its ceiling (bench/ceiling.ts) with the same settings; the overload
 * scenario; one connection at a time for searches; and the server's memory meanwhile.
 */
import { fork } from "node:child_process";
import { once } from "node:events";
import path from "node:path";
import { href } from "../contract/route-table.ts";
import { procStatusKb } from "../scripts/server-process.ts";
import { type AutocannonRequest, type AutocannonResult, autocannon } from "./autocannon.ts";
import type { CeilingAnswer } from "./ceiling.ts";
import { encodingOf, pageHeaders, type RawResponse, rawGet } from "./http.ts";

export interface LoadSettings {
  connections: number;
  durationS: number;
  warmupS: number;
}

export interface Target {
  name: string;
  path: string;
  headers: Record<string, string>;
  /** What the issue asks of it, when it asks: requests per second, or a share of its ceiling's. */
  minRps?: number;
  minShareOfCeiling?: number;
}

export interface Measured {
  target: Target;
  /** How the server sent it to a browser's headers: status, Content-Encoding, body bytes. */
  sent: { status: number; encoding: string; bytes: number };
  result: AutocannonResult;
  ceiling: AutocannonResult;
}

function run(url: string, headers: Record<string, string>, { connections, durationS, warmupS }: LoadSettings, requests?: AutocannonRequest[]) {
  const warmup = warmupS > 0 ? { connections, duration: warmupS } : undefined;
  return autocannon({ url, headers, connections, duration: durationS, warmup, requests });
}

const summary = (r: AutocannonResult) => `${Math.round(r.requests.average)} req/s, p99 ${r.latency.p99} ms`;

/** Starts the ceiling in a process of its own with these answers; resolves once it listens. */
async function startCeiling(answers: CeilingAnswer[]) {
  const child = fork(path.join(import.meta.dirname, "ceiling.ts"), {
    serialization: "advanced",
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const listening = once(child, "message") as Promise<[{ port: number }]>;
  const exited = once(child, "exit").then(([code]) => Promise.reject(new Error(`the ceiling server exited (${code})`)));
  child.send(answers);
  const [{ port }] = await Promise.race([listening, exited]);
  return {
    base: `http://127.0.0.1:${port}`,
    stop: async () => {
      if (child.exitCode !== null) return;
      const gone = once(child, "exit");
      child.kill();
      await gone;
    },
  };
}

/**
 * What the server answers a target with, as a browser gets it: the second answer, so that on the
 * cached server it is the page cache's (as under load), not the render that filled it.
 */
async function captured(base: string, target: Target): Promise<RawResponse> {
  await rawGet(base + target.path, target.headers);
  const answer = await rawGet(base + target.path, target.headers);
  if (answer.status !== 200) console.warn(`warning: ${target.path} answered ${answer.status}`);
  return answer;
}

/**
 * Loads each target, then its ceiling right after: the two meet the machine in the same state,
 * which other work on it changes from one minute to the next.
 */
export async function measureTargets(base: string, targets: Target[], settings: LoadSettings): Promise<Measured[]> {
  const answers = new Map<string, RawResponse>();
  for (const target of targets) answers.set(target.path, await captured(base, target));
  const ceiling = await startCeiling([...answers].map(([answerPath, answer]) => ({ path: answerPath, ...answer })));
  try {
    const measured: Measured[] = [];
    for (const target of targets) {
      const answer = answers.get(target.path) as RawResponse;
      const result = await run(base + target.path, target.headers, settings);
      const ceilingResult = await run(ceiling.base + target.path, target.headers, settings);
      measured.push({
        target,
        sent: { status: answer.status, encoding: encodingOf(answer), bytes: answer.body.length },
        result,
        ceiling: ceilingResult,
      });
      console.log(`  ${target.name.padEnd(22)} ${summary(result)}; ceiling ${summary(ceilingResult)}`);
    }
    return measured;
  } finally {
    await ceiling.stop();
  }
}

/** One connection, one request at a time: the time a visitor waits for it, not the server's throughput. */
export async function measureOneByOne(base: string, target: Target, settings: LoadSettings): Promise<AutocannonResult> {
  const result = await run(base + target.path, target.headers, { ...settings, connections: 1 });
  console.log(`  ${target.name.padEnd(32)} p50 ${result.latency.p50} ms, p97.5 ${result.latency.p97_5} ms`);
  return result;
}

/** The server answers 5xx with, by status and whether Retry-After came with it (e.g. `{ "503 with Retry-After": 12 }`). */
export type ServerErrors = Record<string, number>;

/** Counts the 5xx answers a load gets, to tell a 503 asking to come back (Retry-After) from a failure. */
function serverErrorCounter(): { counts: ServerErrors; onResponse: AutocannonRequest["onResponse"] } {
  const counts: ServerErrors = {};
  return {
    counts,
    onResponse: (status, _body, _context, headers) => {
      if (status < 500) return;
      const retryAfter = Object.keys(headers).some((name) => name.toLowerCase() === "retry-after");
      const key = `${status}${retryAfter ? " with Retry-After" : ""}`;
      counts[key] = (counts[key] ?? 0) + 1;
    },
  };
}

export interface LoadOutcome {
  result: AutocannonResult;
  serverErrors: ServerErrors;
}
export interface Overload {
  searchConnections: number;
  calm: LoadOutcome;
  loaded: LoadOutcome;
  search: LoadOutcome;
}

const SEARCH_CONNECTIONS = 48;

/**
 * The cached home page alone, then again while 48 more connections search, each request for a word
 * of its own (so neither the page cache nor the search's own work is ever spared): what a visitor
 * to the home page meets while the server is asked more than it can do.
 */
export async function overload(base: string, settings: LoadSettings): Promise<Overload> {
  const homePath = href("home");
  const calmErrors = serverErrorCounter();
  console.log("  overload: the home page alone");
  const calm = await run(base + homePath, pageHeaders, settings, [{ onResponse: calmErrors.onResponse }]);
  console.log(`    ${summary(calm)}`);

  console.log(`  overload: the home page with ${SEARCH_CONNECTIONS} connections searching`);
  const homeErrors = serverErrorCounter();
  const searchErrors = serverErrorCounter();
  const searchPath = href("search");
  // The searches start with the home page's warm-up and last a second past its measurement.
  const searching = { connections: SEARCH_CONNECTIONS, durationS: settings.warmupS + settings.durationS + 1, warmupS: 0 };
  const [loaded, search] = await Promise.all([
    run(base + homePath, pageHeaders, settings, [{ onResponse: homeErrors.onResponse }]),
    run(base + searchPath, pageHeaders, searching, [
      {
        setupRequest: (request) => ({ ...request, path: `${searchPath}?q=w${Math.random().toString(36).slice(2)}` }),
        onResponse: searchErrors.onResponse,
      },
    ]),
  ]);
  console.log(`    home ${summary(loaded)}; search ${summary(search)}`);
  return {
    searchConnections: SEARCH_CONNECTIONS,
    calm: { result: calm, serverErrors: calmErrors.counts },
    loaded: { result: loaded, serverErrors: homeErrors.counts },
    search: { result: search, serverErrors: searchErrors.counts },
  };
}

/** Samples a process's resident memory every 250 ms until stopped; `stop` gives the highest seen, in kB. */
export function sampleRss(pid: number) {
  let peakKb = 0;
  const timer = setInterval(() => {
    peakKb = Math.max(peakKb, procStatusKb(pid, "VmRSS"));
  }, 250);
  return {
    stop: () => {
      clearInterval(timer);
      return peakKb;
    },
  };
}
