/**
 * Vitest's global setup: the demo snapshot (tests/demo-snapshot.ts) made once for the run, in a
 * folder removed at its end; with TEST_DATABASE_URL, the same catalogue in a PostgreSQL template
 * database that tests/databases.ts clones.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { makeDemoPostgresTemplate } from "./databases.ts";
import { demoBundle, makeDemoSnapshot, SNAPSHOT_ENV } from "./demo-snapshot.ts";

export default async function setup() {
  const dir = mkdtempSync(path.join(os.tmpdir(), "meridian-demo-"));
  // Forked test workers inherit the environment.
  process.env[SNAPSHOT_ENV] = dir;
  await makeDemoSnapshot(dir);
  const url = process.env.TEST_DATABASE_URL;
  if (url) await makeDemoPostgresTemplate(url, demoBundle());
  return () => rmSync(dir, { recursive: true, force: true });
}
