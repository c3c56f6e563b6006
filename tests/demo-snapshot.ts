/**
 * The demo catalogue read and imported once per test run, then copied by every test and test
 * server that needs it: reading content/demo (225 YAML files, 154 Markdown, 153 PDFs) costs 4 to
 * 19 s on this machine and importing it another 2 to 4 s, which ~30 Vitest files and ~30 test
 * servers used to pay each. The snapshot is the real reading's result (`readContentFolder`) and the
 * real import's database, made by tests/make-demo-snapshot.ts at the start of the run (Vitest's global
 * setup, Playwright's configuration) into a folder named by MERIDIAN_DEMO_SNAPSHOT. This module reads
 * it and stays light: Playwright's configuration, which every spec loads, imports it.
 */
import { randomUUID } from "node:crypto";
import { copyFileSync, existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { deserialize } from "node:v8";
import type { ContentBundle } from "../service/content/read-folder.ts";

export const SNAPSHOT_ENV = "MERIDIAN_DEMO_SNAPSHOT";
export const DEMO_FOLDER = path.resolve(import.meta.dirname, "../content/demo");
export const BUNDLE_FILE = "bundle.v8";
export const DATABASE_FILE = "demo.db";

function snapshotDir(): string {
  const dir = process.env[SNAPSHOT_ENV];
  if (!dir)
    throw new Error(`${SNAPSHOT_ENV} is not set: the demo snapshot is made by the test runners' setup (vitest.config.ts, playwright.config.ts)`);
  return dir;
}

/** What `readContentFolder("content/demo")` returns, a fresh copy for each call (a test may change it). */
export function demoBundle(): ContentBundle {
  return deserialize(readFileSync(path.join(snapshotDir(), BUNDLE_FILE)));
}

/** Writes the demo database to `file` (by default a new file in the run's snapshot folder), as an import would have left it. */
export function copyDemoDatabase(file = path.join(snapshotDir(), `${randomUUID()}.db`)): string {
  copyFileSync(path.join(snapshotDir(), DATABASE_FILE), file);
  return file;
}

/** The snapshot's database file itself, for a shell command that copies it (a Playwright web server's). */
export function demoDatabaseFile(): string {
  return path.join(snapshotDir(), DATABASE_FILE);
}

/** Whether `dir` holds a whole snapshot already (the test command makes one for both runners). */
export function isDemoSnapshot(dir: string): boolean {
  return existsSync(path.join(dir, BUNDLE_FILE)) && existsSync(path.join(dir, DATABASE_FILE));
}
