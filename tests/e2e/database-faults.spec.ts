/**
 * PostgreSQL faults, on a throwaway server of the test's own (scripts/postgres.sh): its sessions
 * terminated and the server restarted under load of pages and form posts on two web processes,
 * and the server frozen (SIGSTOP). The processes keep running, every answer is whole, a 503 or a
 * page that says what it could not load (and is kept by no cache), no acknowledged submission is
 * lost, and pages are whole again within 5 s of the database's return.
 * Runs where the test command provides PostgreSQL (TEST_DATABASE_URL); skipped elsewhere.
 */
import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { type APIRequestContext, expect, test } from "@playwright/test";
import { sql } from "kysely";
import { referenceOf } from "../../forms/reference.ts";
import { freePort, startServer } from "../../scripts/server-process.ts";
import { openDatabase } from "../../service/db/database.ts";
import { demoTemplateUrl } from "../databases.ts";

test.skip(!process.env.TEST_DATABASE_URL, "needs PostgreSQL (TEST_DATABASE_URL, set by the test command)");
test.describe.configure({ mode: "serial" });

const UNLOADED = ["could not be loaded", "yüklenemedi"];
/** Run asynchronously: the load goes on while PostgreSQL restarts. */
const postgres = (...args: string[]) => promisify(execFile)("sh", ["scripts/postgres.sh", ...args]);

/** A PostgreSQL server of this test's own, with its database: a copy of the demo's template (the web processes import nothing). */
async function ownPostgres() {
  const dir = mkdtempSync(path.join(os.tmpdir(), "meridian-pg-faults-"));
  const port = await freePort();
  await postgres("start", dir, String(port), demoTemplateUrl(process.env.TEST_DATABASE_URL as string));
  return { dir, url: `postgres://postgres@127.0.0.1:${port}/meridian_test`, stop: () => postgres("stop", dir) };
}

/** A connection reset or refused: no answer at all. */
const reset = () => ({ status: 0, degraded: false, cacheControl: "" });

/** A page, from a process that keeps none (PAGE_CACHE_SECONDS=0) or has not kept it: the database answers it. */
async function page(request: APIRequestContext, base: string, pathname: string) {
  const response = await request.get(`${base}${pathname}`, { timeout: 30_000, maxRedirects: 0 });
  const body = await response.text();
  return {
    status: response.status(),
    degraded: UNLOADED.some((text) => body.includes(text)),
    cacheControl: response.headers()["cache-control"] ?? "",
  };
}

test("PostgreSQL's sessions ended and the server restarted under load: both processes keep answering, nothing acknowledged is lost", async ({
  request,
}) => {
  test.setTimeout(180_000);
  const pg = await ownPostgres();
  const env = {
    DATABASE_URL: pg.url,
    FORM_SECRET: "f".repeat(40),
    FORM_MIN_FILL_MS: "0",
    FORM_RATE_LIMIT: "10000",
    TRUST_PROXY: "1",
    // Every page is rendered, so that the database answers each request.
    PAGE_CACHE_SECONDS: "0",
  };
  const processes = [await startServer(env), await startServer(env)];
  const { db } = openDatabase(pg.url);
  try {
    const results: { kind: "page" | "post"; status: number; degraded?: boolean; cacheControl?: string; reference?: string | null }[] = [];
    let loading = true;
    const pages = ["/books", "/tr/dergiler", "/journals/journal-of-social-inquiry", "/tr/hizmetler"];
    const pageLoad = async (worker: number) => {
      for (let i = 0; loading; i++) {
        const base = processes[(worker + i) % 2].base;
        results.push({ kind: "page", ...(await page(request, base, pages[i % pages.length]).catch(reset)) });
      }
    };
    const postLoad = async (worker: number) => {
      for (let i = 0; loading; i++) {
        const base = processes[(worker + i) % 2].base;
        const form = await request.get(`${base}/contact-us/finance`, { timeout: 30_000 }).catch(() => undefined);
        const token = (await form?.text())?.match(/name="formToken" value="([^"]+)"/)?.[1];
        if (!token) {
          results.push({ kind: "post", status: form?.status() ?? 0 });
          continue;
        }
        const sent = await request
          .post(`${base}/contact-us/finance`, {
            form: {
              name: `faults ${randomUUID()}`,
              email: "ayse.yilmaz@example.edu.tr",
              financeTopic: "invoice",
              message: "Sent while PostgreSQL restarts.",
              consent: "on",
              formToken: token,
            },
            headers: { "X-Forwarded-For": `203.0.113.${(worker * 50 + i) % 250}` },
            maxRedirects: 0,
            timeout: 30_000,
          })
          .catch(() => undefined);
        if (!sent) {
          results.push({ kind: "post", status: 0 });
          continue;
        }
        const location = sent.headers().location;
        results.push({ kind: "post", status: sent.status(), reference: location ? new URL(location, base).searchParams.get("sent") : null });
      }
    };
    const load = Promise.all([pageLoad(0), pageLoad(1), pageLoad(2), postLoad(0), postLoad(1)]);
    /** Waits until the load has had answers of both kinds since `results` held `mark` of them (a busy machine answers fewer a second). */
    const answeredSince = async (mark: number, pagesWanted: number, postsWanted: number) => {
      const since = (kind: "page" | "post") => results.slice(mark).filter((r) => r.kind === kind).length;
      await expect.poll(() => since("page"), { timeout: 30_000 }).toBeGreaterThanOrEqual(pagesWanted);
      await expect.poll(() => since("post"), { timeout: 30_000 }).toBeGreaterThanOrEqual(postsWanted);
    };

    // The load is under way, its pooled connections open.
    await answeredSince(0, 8, 2);
    // An administrator ends every session of the web processes (their idle pooled connections among them).
    await sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`.execute(db);
    // The load meets the ended sessions.
    await answeredSince(results.length, 8, 2);
    await postgres("restart", pg.dir);
    const back = Date.now();

    // Whole again within 5 s of the database's return (each process, a page the database must answer).
    await expect
      .poll(
        async () => {
          const answers = await Promise.all(processes.map(({ base }) => page(request, base, "/tr/kitaplar")));
          return answers.every((a) => a.status === 200 && !a.degraded);
        },
        { timeout: 5000, intervals: [100] },
      )
      .toBe(true);
    console.log(`pages whole again ${Date.now() - back} ms after PostgreSQL's restart`);
    // The load goes on against the database returned, until it has seen enough of both kinds.
    await answeredSince(results.length, 4, 1);
    await expect.poll(() => results.filter((r) => r.kind === "page").length, { timeout: 30_000 }).toBeGreaterThan(20);
    await expect.poll(() => results.filter((r) => r.kind === "post").length, { timeout: 30_000 }).toBeGreaterThan(3);
    loading = false;
    await load;

    for (const server of processes) expect(server.child.exitCode).toBeNull();
    const pagesSeen = results.filter((r) => r.kind === "page");
    const posts = results.filter((r) => r.kind === "post");
    expect(pagesSeen.length).toBeGreaterThan(20);
    expect(posts.length).toBeGreaterThan(3);
    // Every page is whole, or says what it could not load without being kept, or is a 503.
    for (const answer of pagesSeen) {
      expect([200, 503]).toContain(answer.status);
      if (answer.degraded || answer.status === 503) expect(answer.cacheControl).toBe("no-store");
    }
    // Every post is acknowledged (303 to its "sent" answer) or refused with 503 ("try again").
    for (const post of posts) expect([303, 503]).toContain(post.status);
    const count = (list: typeof results, status: number) => list.filter((r) => r.status === status).length;
    console.log(
      `pages: ${pagesSeen.length} (${count(pagesSeen, 200)} × 200, ${pagesSeen.filter((p) => p.degraded).length} of them degraded, ${count(pagesSeen, 503)} × 503); posts: ${posts.length} (${count(posts, 303)} acknowledged, ${count(posts, 503)} × 503)`,
    );
    const acknowledged = posts.filter((p) => p.status === 303).map((p) => p.reference as string);
    expect(acknowledged.length).toBeGreaterThan(0);
    const stored = new Set((await db.selectFrom("submission").select("id").execute()).map((s) => referenceOf(s.id)));
    for (const reference of acknowledged) expect(stored.has(reference), `submission ${reference} was acknowledged but not stored`).toBe(true);
  } catch (error) {
    for (const server of processes) console.log(`exit ${server.child.exitCode}:\n${server.output().slice(-3000)}`);
    throw error;
  } finally {
    await Promise.all(processes.map((p) => p.stop()));
    await db.destroy();
    await pg.stop();
  }
});

/** Every process of the PostgreSQL server in `dir` (the postmaster, whose pid its data folder holds, and its children). */
function serverPids(dir: string): number[] {
  const postmaster = Number(readFileSync(path.join(dir, "data/postmaster.pid"), "utf8").split("\n")[0]);
  const children = readdirSync("/proc")
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        return Number(readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ")[1]) === postmaster;
      } catch {
        return false; // gone meanwhile
      }
    })
    .map(Number);
  return [postmaster, ...children];
}

test("PostgreSQL frozen: kept pages keep their good content, others answer in seconds, degraded or 503 and kept by no cache", async ({ request }) => {
  test.setTimeout(120_000);
  const pg = await ownPostgres();
  const web = await startServer({ DATABASE_URL: pg.url, DATABASE_STATEMENT_TIMEOUT_MS: "1000", DATABASE_CONNECT_TIMEOUT_MS: "1000" });
  let frozen: number[] = [];
  try {
    const kept = `${web.base}/journals/journal-of-social-inquiry`;
    const good = await (await request.get(kept)).text();
    expect(good).toContain("Journal of Social Inquiry");

    frozen = serverPids(pg.dir);
    for (const pid of frozen) process.kill(pid, "SIGSTOP");
    const keptAgain = await request.get(kept);
    expect([keptAgain.status(), keptAgain.headers()["x-page-cache"]]).toEqual([200, "HIT"]);
    expect(await keptAgain.text()).toBe(good);

    const asked = Date.now();
    const [list, detail] = await Promise.all([
      page(request, web.base, "/tr/kitaplar"),
      request.get(`${web.base}/books/urban-transformation-and-the-neighbourhood`),
    ]);
    const waited = Date.now() - asked;
    console.log(`with PostgreSQL frozen, pages not kept answered in ${waited} ms`);
    expect(waited).toBeLessThan(10_000);
    expect([list.status, list.degraded, list.cacheControl]).toEqual([200, true, "no-store"]);
    expect(detail.status()).toBe(503);
    expect(detail.headers()["retry-after"]).toBe("5");
    expect(detail.headers()["cache-control"]).toBe("no-store");
    expect(await detail.text()).toContain("Temporarily Unavailable");
    expect((await request.get(`${web.base}/readyz`)).status()).toBe(503);
    // A harvester is told to come back (OAI-PMH 2.0 §3.1.2.2), not given a 500.
    const harvest = await request.get(`${web.base}/oai?verb=ListRecords&metadataPrefix=oai_dc`);
    expect([harvest.status(), harvest.headers()["retry-after"]]).toEqual([503, "5"]);

    for (const pid of frozen) process.kill(pid, "SIGCONT");
    frozen = [];
    const thawed = Date.now();
    await expect
      .poll(
        async () => {
          const answer = await page(request, web.base, "/tr/kitaplar");
          return answer.status === 200 && !answer.degraded;
        },
        { timeout: 5000, intervals: [100] },
      )
      .toBe(true);
    console.log(`pages whole again ${Date.now() - thawed} ms after PostgreSQL was thawed`);
    expect(web.child.exitCode).toBeNull();
  } finally {
    for (const pid of frozen) process.kill(pid, "SIGCONT");
    await web.stop();
    await pg.stop();
  }
});
