/**
 * The databases the data-layer tests run on: a fresh in-memory SQLite always, and a fresh
 * schema on the PostgreSQL server of TEST_DATABASE_URL (the test command starts one).
 */
import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { type DatabaseHandle, migrateToLatest, openDatabase } from "../service/db/database.ts";

export interface TestDatabase {
  dialect: "sqlite" | "postgres";
  open: () => Promise<DatabaseHandle>;
}

export function testDatabases(): TestDatabase[] {
  const list: TestDatabase[] = [
    {
      dialect: "sqlite",
      async open() {
        const handle = openDatabase(":memory:");
        await migrateToLatest(handle.db);
        return handle;
      },
    },
  ];
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    list.push({
      dialect: "postgres",
      async open() {
        const schema = `test_${randomUUID().replace(/-/g, "").slice(0, 12)}`;
        const admin = openDatabase(url);
        await sql`create schema ${sql.id(schema)}`.execute(admin.db);
        await admin.db.destroy();
        const separator = url.includes("?") ? "&" : "?";
        const handle = openDatabase(`${url}${separator}options=${encodeURIComponent(`-c search_path=${schema}`)}`);
        await migrateToLatest(handle.db);
        return handle;
      },
    });
  } else if (process.env.CI) {
    throw new Error("TEST_DATABASE_URL is not set: the PostgreSQL suite cannot run (use npm test, which starts PostgreSQL)");
  }
  return list;
}
