import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { copyDemoDatabase } from "../../tests/demo-snapshot.ts";
import { copySmallCatalogue } from "../../tests/small-catalogue.ts";
import { readRevision } from "../api/revision.ts";
import { openDatabase } from "../db/database.ts";

const dir = mkdtempSync(path.join(tmpdir(), "import-command-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** `npm run content:import -- <folder>`, as an editor runs it, into a SQLite file of the test's own. */
const importFolder = (folder: string, file: string) =>
  spawnSync(process.execPath, ["service/content/import-command.ts", folder], {
    // An empty DATABASE_URL is no URL: the SQLite file is used.
    env: { ...process.env, SQLITE_FILE: file, DATABASE_URL: "" },
    encoding: "utf8",
  });

describe("content:import", () => {
  it("lists a broken folder's problems, exits 1 and creates no database", async () => {
    const folder = await copySmallCatalogue(path.join(dir, "broken"));
    writeFileSync(path.join(folder, "reference.yaml"), "categories: [");
    const file = path.join(dir, "broken.db");
    const result = importFolder(folder, file);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(`${folder}: nothing was imported; 1 problem(s):`);
    expect(result.stderr).toContain("reference.yaml");
    expect(existsSync(file)).toBe(false);
  });

  it("imports a good folder and says how long it held the write lock", async () => {
    const folder = await copySmallCatalogue(path.join(dir, "good"));
    const result = importFolder(folder, path.join(dir, "good.db"));
    expect(result.status).toBe(0);
    expect(result.stdout).toContain(`${folder}: imported `);
    expect(result.stdout).toMatch(/: imported \d+ rows \(the write lock was held for \d+\.\d s\)/m);
  });

  // A folder read and imported here, and one import command's process: more than the default 30 s on a busy machine.
  it("writes nothing from a folder whose call for papers names no journal, and names the call and the journal", async () => {
    // The demo, imported (a copy of the run's demo database).
    const file = copyDemoDatabase(path.join(dir, "calls.db"));
    const folder = path.join(dir, "unknown-journal");
    cpSync("content/demo", folder, { recursive: true });
    const call = path.join(folder, "calls/heat-climate-and-health.yaml");
    writeFileSync(call, readFileSync(call, "utf8").replace(/^journal: .*$/m, "journal: journal-of-alchemy"));
    // A deleted call, which a written import would remove.
    rmSync(path.join(folder, "calls/late-ottoman-port-cities.yaml"));
    const result = importFolder(folder, file);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(
      "calls/heat-climate-and-health.yaml: journal: unknown journal journal-of-alchemy: no journals/*/journal.yaml has this id",
    );
    const { db } = openDatabase(file);
    try {
      expect(await readRevision(db)).toBe(1);
      const calls = await db.selectFrom("callForPapers").select(["id", "journalId"]).orderBy("id").execute();
      expect(calls).toContainEqual({ id: "heat-climate-and-health", journalId: "health-sciences-research" });
      expect(calls.map((c) => c.id)).toContain("late-ottoman-port-cities");
    } finally {
      await db.destroy();
    }
  }, 90_000);
});
