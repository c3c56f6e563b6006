/**
 * Opens the content database the configuration names, migrates it, and on first start of an
 * empty database imports the demo content; content imported before the search index existed is
 * indexed once. That work runs on a connection of its own without statement timeouts (a
 * migration may rightly take long); the process then serves through one with them.
 */

import { importContent, importIsCurrent } from "../service/content/import.ts";
import { readContentFolder } from "../service/content/read-folder.ts";
import { type DatabaseHandle, migrateToLatest, openDatabase } from "../service/db/database.ts";
import { fillMissingSearchIndex } from "../service/search/write-index.ts";
import type { Config } from "./config.ts";

export async function openContentStore(config: Config): Promise<DatabaseHandle> {
  const location = config.DATABASE_URL ?? config.SQLITE_FILE;
  const setup = openDatabase(location);
  try {
    await prepare(setup, config.CONTENT_DIR);
  } finally {
    await setup.db.destroy();
  }
  return openDatabase(location, {
    postgres: { connectTimeoutMs: config.DATABASE_CONNECT_TIMEOUT_MS, statementTimeoutMs: config.DATABASE_STATEMENT_TIMEOUT_MS },
    // A write waits this long for another process's write lock (an import's), on timers.
    sqlite: { busyDeadlineMs: config.DATABASE_STATEMENT_TIMEOUT_MS },
  });
}

async function prepare(handle: DatabaseHandle, contentDir: string) {
  await migrateToLatest(handle.db);
  const { count } = await handle.db
    .selectFrom("journal")
    .select((eb) => eb.fn.countAll().as("count"))
    .executeTakeFirstOrThrow();
  if (Number(count) === 0) {
    const rows = await importContent(handle.db, await readContentFolder(contentDir));
    console.log(`empty database: imported ${rows} rows of content from ${contentDir}`);
  } else if (!(await importIsCurrent(handle.db))) {
    // Not imported again here: the rows may have come from another folder than CONTENT_DIR (content:import).
    console.warn(
      "the database's content was imported by an older import format (docs/decisions/049-sanitised-at-import.md): import it again with `npm run content:import -- <folder>`; the content sync does so at its next run",
    );
  }
  const indexed = await fillMissingSearchIndex(handle.db);
  if (indexed > 0) console.log(`search index was empty: indexed ${indexed} documents`);
}
