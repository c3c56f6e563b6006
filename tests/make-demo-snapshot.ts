/**
 * `node tests/make-demo-snapshot.ts <dir>`: the demo snapshot (tests/demo-snapshot.ts) made into
 * `dir`, for the test command and Playwright's configuration, which cannot wait on a promise.
 */
import { rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { serialize } from "node:v8";
import { importContent } from "../service/content/import.ts";
import { readContentFolder } from "../service/content/read-folder.ts";
import { migrateToLatest, openDatabase } from "../service/db/database.ts";
import { BUNDLE_FILE, DATABASE_FILE, DEMO_FOLDER } from "./demo-snapshot.ts";

/** Reads the demo folder and imports it into a fresh SQLite file, both kept in `dir`. */
export async function makeDemoSnapshot(dir: string): Promise<void> {
  const bundle = await readContentFolder(DEMO_FOLDER);
  const database = path.join(dir, DATABASE_FILE);
  rmSync(database, { force: true });
  const { db } = openDatabase(database);
  try {
    await migrateToLatest(db);
    await importContent(db, bundle);
  } finally {
    // The last connection closed checkpoints the WAL: the one file holds everything.
    await db.destroy();
  }
  // Written last: a snapshot with its bundle is whole (isDemoSnapshot).
  writeFileSync(path.join(dir, BUNDLE_FILE), serialize(bundle));
}

if (import.meta.main) {
  const dir = process.argv[2];
  if (!dir) {
    console.error("usage: node tests/make-demo-snapshot.ts <dir>");
    process.exit(2);
  }
  await makeDemoSnapshot(dir);
}
