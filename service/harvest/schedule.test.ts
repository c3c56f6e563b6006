/**
 * The server's own pulls: a content folder imported into SQLite, one of its journals naming a
 * source (an OJS 3.5 repository's answers, tests/fixtures/oai/ojs-3.5, served over HTTP). A turn
 * pulls and imports in one go (the revision moves, the articles are readable); a second process
 * waits its turn while the first holds the lock and skips it just after; a failing source leaves
 * files and database as they were, and /api/harvest tells what happened. A lock left by a killed
 * process (a real one, killed with SIGKILL) is taken over at once; turns skipped for a live holder
 * are logged and shown at /api/harvest.
 */
import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { hostname, tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { parse, stringify } from "yaml";
import { killHard, lockHolder } from "../../tests/lock-holder.ts";
import { copySmallCatalogue } from "../../tests/small-catalogue.ts";
import { createApiApp } from "../api/app.ts";
import { createContentService } from "../api/content-service.ts";
import { readRevision } from "../api/revision.ts";
import { importContent } from "../content/import.ts";
import { readContentFolder } from "../content/read-folder.ts";
import { type DatabaseHandle, migrateToLatest, openDatabase } from "../db/database.ts";
import { readLastTurn, scheduleHarvest } from "./schedule.ts";
import { harvestStatus, stateDir } from "./state.ts";

const fixtures = path.resolve(import.meta.dirname, "../../tests/fixtures/oai/ojs-3.5");
const JOURNAL = "journal-of-social-inquiry";
let failing = false;
let server: Server;
let root: string;
let handle: DatabaseHandle;

beforeAll(async () => {
  server = createServer(async (req, res) => {
    if (failing) return void res.writeHead(500).end();
    const url = new URL(req.url ?? "/", "http://x");
    const verb = url.searchParams.get("verb");
    const file = verb === "ListRecords" ? `ListRecords-jats-${url.searchParams.has("resumptionToken") ? 2 : 1}.xml` : `${verb}.xml`;
    res.writeHead(200, { "Content-Type": "text/xml" }).end(await readFile(path.join(fixtures, file)));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  root = await mkdtemp(path.join(tmpdir(), "schedule-"));
  await copySmallCatalogue(root);
  const file = path.join(root, "journals", JOURNAL, "journal.yaml");
  const journal = parse(await readFile(file, "utf8"));
  journal.source = { oai: `http://127.0.0.1:${(server.address() as AddressInfo).port}/oai` };
  await writeFile(file, stringify(journal));
  handle = openDatabase(":memory:");
  await migrateToLatest(handle.db);
  await importContent(handle.db, await readContentFolder(root));
});
afterEach(() => {
  vi.restoreAllMocks();
});
afterAll(async () => {
  server.close();
  await handle.db.destroy();
  await rm(root, { recursive: true, force: true });
});

const articleCount = async () =>
  Number(
    (
      await handle.db
        .selectFrom("article")
        .where("journalId", "=", JOURNAL)
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );
const schedule = () => scheduleHarvest({ db: handle.db, contentDir: root, intervalMs: 3_600_000, galleys: false });

describe("the server's scheduled pull", () => {
  it("pulls and imports in one turn; another process waits for the lock, then skips a turn just taken", async () => {
    const before = { articles: await articleCount(), revision: await readRevision(handle.db) };
    const first = schedule();
    const second = schedule();
    try {
      const [a, b] = await Promise.all([first.runOnce(), second.runOnce()]);
      expect([a, b].sort()).toEqual(["locked", "pulled"]);
      expect(await articleCount()).toBe(before.articles + 4);
      expect(await readRevision(handle.db)).toBeGreaterThan(before.revision);
      const title = await handle.db
        .selectFrom("articleText")
        .where("journalId", "=", JOURNAL)
        .where("locale", "=", "tr")
        .where("title", "like", "Kırsal Göç%")
        .select("title")
        .executeTakeFirst();
      expect(title?.title).toBe("Kırsal Göçün Kentsel Mekânda Dönüştürdüğü Gündelik Yaşam: Şanlıurfa Örneği");
      expect(await second.runOnce()).toBe("recent");
      // The lock is let go after each turn.
      expect(await readdir(stateDir(root))).not.toContain("lock");
    } finally {
      await Promise.all([first.stop(), second.stop()]);
    }
  });

  it("leaves content and database as they were when the source fails, and says so at /api/harvest", async () => {
    const issues = path.join(root, "journals", JOURNAL, "issues");
    const files = await Promise.all((await readdir(issues)).map((f) => readFile(path.join(issues, f), "utf8")));
    const before = { articles: await articleCount(), revision: await readRevision(handle.db) };
    const api = createApiApp(createContentService(handle.db), {
      harvestStatus: async () => ({ intervalMinutes: 60, ...(await harvestStatus(root)) }),
    });
    const {
      journals: [ok],
    } = (await (await api.request("/api/harvest")).json()) as { journals: { lastSuccess: string }[] };
    failing = true;
    // A turn after the interval's half: the state says the last attempt was long ago.
    const state = path.join(stateDir(root), `${JOURNAL}.json`);
    const saved = JSON.parse(await readFile(state, "utf8"));
    await writeFile(state, JSON.stringify({ ...saved, lastAttempt: "2026-01-01T00:00:00.000Z" }));
    const turn = scheduleHarvest({ db: handle.db, contentDir: root, intervalMs: 3_600_000, galleys: false, client: { backoffMs: 10, retries: 1 } });
    try {
      expect(await turn.runOnce()).toBe("pulled");
    } finally {
      failing = false;
      await turn.stop();
    }
    expect(await Promise.all((await readdir(issues)).map((f) => readFile(path.join(issues, f), "utf8")))).toEqual(files);
    expect({ articles: await articleCount(), revision: await readRevision(handle.db) }).toEqual(before);
    const response = await api.request("/api/harvest");
    expect(response.headers.get("cache-control")).toBe("no-store");
    const status = (await response.json()) as {
      intervalMinutes: number;
      journals: { journalId: string; lastSuccess: string; last: { error: string } }[];
    };
    expect(status.intervalMinutes).toBe(60);
    expect(status.journals).toHaveLength(1);
    expect(status.journals[0]).toMatchObject({ journalId: JOURNAL, lastSuccess: ok.lastSuccess });
    expect(status.journals[0].last.error).toMatch(/HTTP 500/);
  });

  /** /api/harvest as start.ts answers it: the journals' states and the schedule's last turn. */
  const harvestApi = () =>
    createApiApp(createContentService(handle.db), {
      harvestStatus: async () => ({ intervalMinutes: 60, ...(await harvestStatus(root)), lastTurn: await readLastTurn(root) }),
    });
  const lastTurn = async () => ((await (await harvestApi().request("/api/harvest")).json()) as { lastTurn: Record<string, unknown> }).lastTurn;
  const lockFile = () => path.join(stateDir(root), "lock");

  it("takes over at once the lock of a pull whose process was killed, and says so", async () => {
    const holder = await lockHolder(lockFile());
    await killHard(holder);
    const warn = vi.spyOn(console, "warn");
    const turn = schedule();
    try {
      // Not "locked": an age-only lock would have kept every turn for an hour.
      expect(await turn.runOnce()).toBe("recent");
    } finally {
      await turn.stop();
    }
    expect(warn).toHaveBeenCalledWith(
      expect.stringMatching(new RegExp(`^harvest: removed the lock left by pid ${holder.pid} on .+: that process is gone$`)),
    );
    expect(await lastTurn()).toMatchObject({ outcome: "recent", missed: 0 });
  }, 60_000);

  it("logs each turn skipped for a live holder and shows it at /api/harvest, with a warning once the lock is held past the interval", async () => {
    const holder = await lockHolder(lockFile());
    const log = vi.spyOn(console, "log");
    const turn = schedule();
    try {
      expect(await turn.runOnce()).toBe("locked");
      expect(await turn.runOnce()).toBe("locked");
      expect(log).toHaveBeenCalledWith(
        expect.stringMatching(new RegExp(`^harvest: turn skipped: the lock is held by pid ${holder.pid} on .+ since `)),
      );
      expect(await lastTurn()).toMatchObject({ outcome: "locked", heldBy: { pid: holder.pid, host: hostname() }, missed: 2 });
      // A live holder since two hours, over an hour's interval: a pull that does not end.
      await writeFile(lockFile(), JSON.stringify({ pid: holder.pid, host: hostname(), since: new Date(Date.now() - 7_200_000).toISOString() }));
      const warn = vi.spyOn(console, "warn");
      expect(await turn.runOnce()).toBe("locked");
      expect(warn).toHaveBeenCalledWith(
        expect.stringMatching(/^harvest: turn skipped: the lock has been held by .+, longer than the interval: is that pull stuck\?$/),
      );
      expect(await lastTurn()).toMatchObject({ outcome: "locked", missed: 3 });
      await killHard(holder);
      expect(await turn.runOnce()).toBe("recent");
      expect(await lastTurn()).toMatchObject({ outcome: "recent", missed: 0 });
    } finally {
      await killHard(holder);
      await turn.stop();
    }
  }, 60_000);
});
