/**
 * Vitest's global setup: the demo snapshot (tests/demo-snapshot.ts) made once for the run, in a
 * folder removed at its end, unless the test command made one already; with TEST_DATABASE_URL, the same catalogue in a PostgreSQL template
 * database that tests/databases.ts clones.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { makeDemoPostgresTemplate } from "./databases.ts";
import { demoBundle, isDemoSnapshot, SNAPSHOT_ENV } from "./demo-snapshot.ts";
import { makeDemoSnapshot } from "./make-demo-snapshot.ts";

export default async function setup() {
  const given = process.env[SNAPSHOT_ENV];
  const dir = given && isDemoSnapshot(given) ? given : mkdtempSync(path.join(os.tmpdir(), "meridian-demo-"));
  // Forked test workers inherit the environment.
  process.env[SNAPSHOT_ENV] = dir;
  if (dir !== given) await makeDemoSnapshot(dir);
  const url = process.env.TEST_DATABASE_URL;
  if (url) await makeDemoPostgresTemplate(url, demoBundle());
  return () => {
    if (dir !== given) rmSync(dir, { recursive: true, force: true });
  };
}
