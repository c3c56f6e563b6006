/**
 * Opens the content database: SQLite (a file under data/) by default, PostgreSQL when a
 * `postgres://` URL is given. Both go through Kysely with the same schema and queries.
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import { CamelCasePlugin, Kysely, PostgresDialect } from "kysely";
import { Migrator } from "kysely/migration";
import * as contentMigration from "./migrations/2026-11-22-0001-content.ts";
import * as submissionsMigration from "./migrations/2026-11-23-0001-submissions.ts";
import * as searchMigration from "./migrations/2026-11-23-0002-search.ts";
import * as articleByDateMigration from "./migrations/2026-11-23-0003-article-by-date.ts";
import * as latestArticlesMigration from "./migrations/2026-11-23-0010-latest-articles.ts";
import * as searchGroupsMigration from "./migrations/2026-11-23-0011-search-groups.ts";
import * as postgresSearchIndexMigration from "./migrations/2026-11-23-0012-postgres-search-index.ts";
import * as contentRevisionMigration from "./migrations/2026-11-23-0013-content-revision.ts";
import * as rateLimitMigration from "./migrations/2026-11-23-0014-rate-limit.ts";
import * as searchStemsMigration from "./migrations/2026-11-23-0015-search-stems.ts";
import * as scholarlyRecordMigration from "./migrations/2026-11-25-0001-scholarly-record.ts";
import * as callsForPapersMigration from "./migrations/2026-11-26-0001-calls-for-papers.ts";
import * as newestArticlesMigration from "./migrations/2026-11-26-0002-newest-articles.ts";
import * as contentImagesMigration from "./migrations/2026-11-26-0020-content-images.ts";
import * as usageMigration from "./migrations/2026-11-26-0030-usage.ts";
import * as contentSyncMigration from "./migrations/2026-11-27-0001-content-sync.ts";
import * as importFormatMigration from "./migrations/2026-12-07-0001-import-format.ts";
import { openPostgresPool, type PoolTimeouts } from "./postgres-pool.ts";
import type { Database } from "./schema.ts";
import { createSqliteDialect, type SqliteOptions } from "./sqlite-dialect.ts";

export type ContentDb = Kysely<Database>;
export type Dialect = "sqlite" | "postgres";

export interface DatabaseHandle {
  db: ContentDb;
  dialect: Dialect;
}

/**
 * `location` is a postgres:// URL, a file path, or ":memory:". A web process says how long it waits
 * on its database before it answers 503 (`postgres`: postgres-pool.ts; `sqlite`: sqlite-dialect.ts);
 * commands and migrations, whose statements may rightly run long, give no statement timeout.
 */
export function openDatabase(location: string, { postgres, sqlite = {} }: { postgres?: PoolTimeouts; sqlite?: SqliteOptions } = {}): DatabaseHandle {
  if (/^postgres(ql)?:\/\//.test(location)) {
    // COUNT and SUM come back as bigint strings; the service converts them with Number().
    const pool = openPostgresPool(location, postgres);
    return { db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins: [new CamelCasePlugin()] }), dialect: "postgres" };
  }
  if (location !== ":memory:") mkdirSync(path.dirname(location), { recursive: true });
  return { db: new Kysely<Database>({ dialect: createSqliteDialect(location, sqlite), plugins: [new CamelCasePlugin()] }), dialect: "sqlite" };
}

const migrations = {
  "2026-11-22-0001-content": contentMigration,
  "2026-11-23-0001-submissions": submissionsMigration,
  "2026-11-23-0002-search": searchMigration,
  "2026-11-23-0003-article-by-date": articleByDateMigration,
  "2026-11-23-0010-latest-articles": latestArticlesMigration,
  "2026-11-23-0011-search-groups": searchGroupsMigration,
  "2026-11-23-0012-postgres-search-index": postgresSearchIndexMigration,
  "2026-11-23-0013-content-revision": contentRevisionMigration,
  "2026-11-23-0014-rate-limit": rateLimitMigration,
  "2026-11-23-0015-search-stems": searchStemsMigration,
  "2026-11-25-0001-scholarly-record": scholarlyRecordMigration,
  "2026-11-26-0001-calls-for-papers": callsForPapersMigration,
  "2026-11-26-0002-newest-articles": newestArticlesMigration,
  "2026-11-26-0020-content-images": contentImagesMigration,
  "2026-11-26-0030-usage": usageMigration,
  "2026-11-27-0001-content-sync": contentSyncMigration,
  "2026-12-07-0001-import-format": importFormatMigration,
};

/** Brings the schema up to date; throws with the failing migration's error. */
export async function migrateToLatest(db: ContentDb): Promise<void> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === "Error");
  if (!error) return;
  const reason = error instanceof Error ? error.message : String(error);
  // No migration ran: the database itself could not be reached or read.
  throw new Error(failed ? `database migration ${failed.migrationName} failed: ${reason}` : `the database cannot be used: ${reason}`, {
    cause: error,
  });
}
