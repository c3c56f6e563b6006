import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const dir = mkdtempSync(path.join(tmpdir(), "generate-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("content:generate", () => {
  it("names the SQLite file it imported into, given with --database", () => {
    const file = path.join(dir, "small.db");
    const result = spawnSync(process.execPath, ["scripts/generate-catalogue.ts", "--journals", "1", "--articles", "1", "--database", file], {
      encoding: "utf8",
    });
    expect(result.status).toBe(0);
    expect(result.stdout).toContain(` rows into ${file} in `);
    expect(result.stdout).not.toContain("PostgreSQL");
  });
});
