/**
 * Opens the content database the configuration names, migrates it, and on first start of an
 * empty database imports the demo content; content imported before the search index existed is
 * indexed once.
 */

import { importContent } from "../service/content/import.ts";
import { readContentFolder } from "../service/content/read-folder.ts";
import { fillMissingSearchIndex } from "../service/content/search-index.ts";
import { type DatabaseHandle, migrateToLatest, openDatabase } from "../service/db/database.ts";
import type { Config } from "./config.ts";

export async function openContentStore(config: Config): Promise<DatabaseHandle> {
  const handle = openDatabase(config.DATABASE_URL ?? config.SQLITE_FILE);
  await migrateToLatest(handle.db);
  const { count } = await handle.db
    .selectFrom("journal")
    .select((eb) => eb.fn.countAll().as("count"))
    .executeTakeFirstOrThrow();
  if (Number(count) === 0) {
    const rows = await importContent(handle.db, await readContentFolder(config.CONTENT_DIR));
    console.log(`empty database: imported ${rows} rows of content from ${config.CONTENT_DIR}`);
  }
  const indexed = await fillMissingSearchIndex(handle.db);
  if (indexed > 0) console.log(`search index was empty: indexed ${indexed} documents`);
  return handle;
}
