/**
 * `node tests/make-demo-snapshot.ts <dir>`: the demo snapshot (tests/demo-snapshot.ts) made into
 * `dir`, for the test command and Playwright's configuration, which cannot wait on a promise. With
 * TEST_DATABASE_URL, the same catalogue goes into the PostgreSQL template that tests/databases.ts
 * clones, so that both test runners start from it.
 */
import { rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { serialize } from "node:v8";
import { importContent } from "../service/content/import.ts";
import { readContentFolder } from "../service/content/read-folder.ts";
import { migrateToLatest, openDatabase } from "../service/db/database.ts";
import { makeDemoPostgresTemplate } from "./databases.ts";
import { BUNDLE_FILE, DATABASE_FILE, DEMO_FOLDER } from "./demo-snapshot.ts";

/** Reads the demo folder and imports it into a fresh SQLite file, both kept in `dir`, and into the PostgreSQL template if there is a server. */
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
  const url = process.env.TEST_DATABASE_URL;
  if (url) await makeDemoPostgresTemplate(url, bundle);
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
