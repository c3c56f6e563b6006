import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import { configSchema } from "../server/config.ts";
import { configurationDoc, DOC_FILE } from "./configuration-docs.ts";

const root = path.resolve(import.meta.dirname, "..");
const dir = mkdtempSync(path.join(tmpdir(), "configuration-docs-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const variables = Object.entries<z.ZodType>(configSchema.shape);
const generator = (...args: string[]) => spawnSync(process.execPath, ["scripts/configuration-docs.ts", ...args], { cwd: root, encoding: "utf8" });

describe("docs/configuration.md", () => {
  it("gives every variable of the schema a description", () => {
    const undocumented = variables.filter(([, field]) => !field.meta()?.description?.trim()).map(([name]) => name);
    expect(undocumented, "variables without .meta({ description }) in server/config.ts").toEqual([]);
  });

  it("is what the schema writes (npm run docs:configuration)", () => {
    expect(readFileSync(path.join(root, DOC_FILE), "utf8"), `${DOC_FILE} is out of date: run npm run docs:configuration`).toBe(configurationDoc());
  });

  it("has a row for every variable the schema knows, with its default", () => {
    const page = readFileSync(path.join(root, DOC_FILE), "utf8");
    const missing = variables.map(([name]) => name).filter((name) => !page.includes(`\n| \`${name}\` | `));
    expect(missing).toEqual([]);
    expect(page).toContain("\n| `PORT` | `3000` | ");
    expect(page).toContain("\n| `ALLOWED_HOSTS` | — | ");
    expect(page).toContain("\n| `FORM_SECRET` | random per start | ");
  });

  it("says when a copy is out of date, and writes one that is not", () => {
    const copy = path.join(dir, "configuration.md");
    writeFileSync(copy, configurationDoc().replace("| `PORT` | `3000` |", "| `PORT` | `8080` |"));
    const stale = generator("--check", copy);
    expect(stale.status).toBe(1);
    expect(stale.stderr).toContain(`${copy} is out of date: run npm run docs:configuration`);

    expect(generator(copy).status).toBe(0);
    expect(readFileSync(copy, "utf8")).toBe(configurationDoc());
    expect(generator("--check", copy)).toMatchObject({ status: 0, stderr: "" });
  });
});
