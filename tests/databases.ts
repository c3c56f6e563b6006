/**
 * The databases the data-layer tests run on: a fresh SQLite always, and a fresh database on the
 * PostgreSQL server of TEST_DATABASE_URL (the test command starts one). With `demo`, each holds the
 * demo catalogue already, copied from the run's snapshot (tests/demo-snapshot.ts): a file copy for
 * SQLite, a clone of a template database for PostgreSQL.
 */
import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { importContent } from "../service/content/import.ts";
import type { ContentBundle } from "../service/content/read-folder.ts";
import { type DatabaseHandle, migrateToLatest, openDatabase } from "../service/db/database.ts";
import { copyDemoDatabase } from "./demo-snapshot.ts";

export interface TestDatabase {
  dialect: "sqlite" | "postgres";
  open: () => Promise<DatabaseHandle>;
}

const DEMO_TEMPLATE = "meridian_demo_template";

/** A database of its own on the server of `url` (not a schema: Kysely's migrator looks for its tables in every schema). */
async function createPostgresDatabase(url: string, template?: string): Promise<string> {
  const name = `test_${randomUUID().replace(/-/g, "").slice(0, 16)}`;
  const admin = openDatabase(url);
  try {
    await (template ? sql`create database ${sql.id(name)} template ${sql.id(template)}` : sql`create database ${sql.id(name)}`).execute(admin.db);
  } finally {
    await admin.db.destroy();
  }
  return onServer(url, name);
}

/** The URL of database `name` on the server of `url`. */
function onServer(url: string, name: string): string {
  const target = new URL(url);
  target.pathname = `/${name}`;
  return target.toString();
}

/** The demo's template database on the server of `url` (to be copied to another server: tests/e2e/database-faults.spec.ts). */
export const demoTemplateUrl = (url: string): string => onServer(url, DEMO_TEMPLATE);

/** A new database on the server of `url` holding the demo catalogue: a clone of the template, no import (a test's web servers start on it). */
export function demoPostgresDatabase(url: string): Promise<string> {
  return createPostgresDatabase(url, DEMO_TEMPLATE);
}

/** The demo catalogue imported once into the template that `testDatabases({ demo: true })` and `demoPostgresDatabase` clone (tests/make-demo-snapshot.ts). */
export async function makeDemoPostgresTemplate(url: string, bundle: ContentBundle): Promise<void> {
  const admin = openDatabase(url);
  try {
    await sql`drop database if exists ${sql.id(DEMO_TEMPLATE)}`.execute(admin.db);
    await sql`create database ${sql.id(DEMO_TEMPLATE)}`.execute(admin.db);
  } finally {
    await admin.db.destroy();
  }
  const { db } = openDatabase(onServer(url, DEMO_TEMPLATE));
  try {
    await migrateToLatest(db);
    await importContent(db, bundle);
  } finally {
    await db.destroy();
  }
}

/**
 * `postgres: false` for code whose SQL is another module's, tested on both there: it runs on SQLite
 * alone (a PostgreSQL run would test that other module's queries again).
 */
export function testDatabases({ demo = false, postgres = true } = {}): TestDatabase[] {
  const list: TestDatabase[] = [
    {
      dialect: "sqlite",
      async open() {
        if (demo) return openDatabase(copyDemoDatabase());
        const handle = openDatabase(":memory:");
        await migrateToLatest(handle.db);
        return handle;
      },
    },
  ];
  const url = process.env.TEST_DATABASE_URL;
  if (!postgres) return list;
  if (url) {
    list.push({
      dialect: "postgres",
      async open() {
        const handle = openDatabase(await createPostgresDatabase(url, demo ? DEMO_TEMPLATE : undefined));
        await migrateToLatest(handle.db);
        return handle;
      },
    });
  } else if (process.env.CI) {
    throw new Error("TEST_DATABASE_URL is not set: the PostgreSQL suite cannot run (use npm test, which starts PostgreSQL)");
  }
  return list;
}
