/**
 * Vitest's global setup: the demo snapshot (tests/demo-snapshot.ts) made once for the run, in a
 * folder removed at its end, unless the test command made one already (with TEST_DATABASE_URL, the
 * same catalogue in the PostgreSQL template that tests/databases.ts clones: tests/make-demo-snapshot.ts).
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { isDemoSnapshot, SNAPSHOT_ENV } from "./demo-snapshot.ts";
import { makeDemoSnapshot } from "./make-demo-snapshot.ts";

export default async function setup() {
  const given = process.env[SNAPSHOT_ENV];
  const dir = given && isDemoSnapshot(given) ? given : mkdtempSync(path.join(os.tmpdir(), "meridian-demo-"));
  // Forked test workers inherit the environment.
  process.env[SNAPSHOT_ENV] = dir;
  if (dir !== given) await makeDemoSnapshot(dir);
  return () => {
    if (dir !== given) rmSync(dir, { recursive: true, force: true });
  };
}
