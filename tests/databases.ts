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
        // A database of its own (not a schema: Kysely's migrator looks for its tables in every schema).
        const name = `test_${randomUUID().replace(/-/g, "").slice(0, 16)}`;
        const admin = openDatabase(url);
        await sql`create database ${sql.id(name)}`.execute(admin.db);
        await admin.db.destroy();
        const target = new URL(url);
        target.pathname = `/${name}`;
        const handle = openDatabase(target.toString());
        await migrateToLatest(handle.db);
        return handle;
      },
    });
  } else if (process.env.CI) {
    throw new Error("TEST_DATABASE_URL is not set: the PostgreSQL suite cannot run (use npm test, which starts PostgreSQL)");
  }
  return list;
}
