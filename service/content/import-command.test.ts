import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

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
  it("lists a broken folder's problems, exits 1 and creates no database", () => {
    const folder = path.join(dir, "broken");
    cpSync("content/demo", folder, { recursive: true });
    writeFileSync(path.join(folder, "reference.yaml"), "categories: [");
    const file = path.join(dir, "broken.db");
    const result = importFolder(folder, file);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(`${folder}: nothing was imported; 1 problem(s):`);
    expect(result.stderr).toContain("reference.yaml");
    expect(existsSync(file)).toBe(false);
  });

  it("imports a good folder and says how long it held the write lock", () => {
    const result = importFolder("content/demo", path.join(dir, "good.db"));
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/^content\/demo: imported \d+ rows \(the write lock was held for \d+\.\d s\)/m);
  });
});
