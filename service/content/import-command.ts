/**
 * `npm run content:import -- <folder>`: validates a content folder and loads it into the
 * database the environment names (DATABASE_URL, else SQLITE_FILE, else data/content.db), in one
 * transaction. On any problem it lists them as `file: field: message` and writes nothing.
 */
import { migrateToLatest, openDatabase } from "../db/database.ts";
import { commandDatabaseLocation } from "../db/database-location.ts";
import { importContent } from "./import.ts";
import { progress } from "./progress.ts";
import { ContentError, readContentFolder } from "./read-folder.ts";

const folder = process.argv[2];
if (!folder) {
  console.error("usage: npm run content:import -- <folder>");
  process.exit(2);
}
const location = commandDatabaseLocation();

/** A folder with problems opens no database (and creates no empty file). */
async function readFolder() {
  try {
    return await readContentFolder(folder);
  } catch (error) {
    if (!(error instanceof ContentError)) throw error;
    console.error(`${folder}: nothing was imported; ${error.problems.length} problem(s):\n${error.message}`);
    process.exit(1);
  }
}

console.error(`reading and checking ${folder}…`);
const bundle = await readFolder();
for (const notice of bundle.notices) console.warn(`${notice.file}: ${notice.field}: ${notice.message}`);
// Not a web process: nothing stalls while it waits, so it waits up to a minute for the web's (short) writes.
const { db } = openDatabase(location, { sqlite: { busyDeadlineMs: 60_000 } });
try {
  await migrateToLatest(db);
  console.error("checked; preparing the rows, then writing them…");
  let lockedMs = 0;
  const rows = await importContent(db, bundle, { onCommitted: (ms) => (lockedMs = ms), onWritten: progress("writing", "statements") });
  console.log(`${folder}: imported ${rows} rows (the write lock was held for ${(lockedMs / 1000).toFixed(1)} s)`);
} catch (error) {
  console.error(`${folder}: nothing was imported: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await db.destroy();
}
