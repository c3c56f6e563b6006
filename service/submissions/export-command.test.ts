import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabases } from "../../tests/databases.ts";
import { type ContentDb, migrateToLatest, openDatabase } from "../db/database.ts";
import type { SubmissionTable } from "../db/schema.ts";
import { findSubmissions, parseCommand, runCommand, type SubmissionRecord, submissionsCsv, submissionsTable, UsageError } from "./export-command.ts";

interface Sample extends Omit<SubmissionTable, "fields"> {
  fields: Record<string, unknown>;
  outbox?: { attempts: number; nextAttemptAt: string; deliveredAt: string | null; lastError: string | null };
}

const samples: Sample[] = [
  {
    id: "MP-0001",
    form: "contact",
    locale: "tr",
    departmentId: "editorial-office",
    name: "Çağrı Öztürk",
    email: "cagri@example.org",
    phone: "+90 212 555 01 01",
    fields: { organization: "Boğaziçi, İstanbul", subject: "=cmd|' /C calc'!A0", message: 'Line 1\nHe said "hi"', consent: "on" },
    createdAt: "2026-11-20T09:00:00.000Z",
    outbox: { attempts: 1, nextAttemptAt: "2026-11-20T09:00:00.000Z", deliveredAt: "2026-11-20T09:00:05.000Z", lastError: null },
  },
  {
    id: "MP-0002",
    form: "quote",
    locale: "en",
    departmentId: "partnerships",
    name: "Jane Doe",
    email: "jane@example.com",
    phone: null,
    fields: { organization: "Acme", services: ["copyediting", "typesetting"], timeline: "flexible", message: "A quote, please.", consent: "on" },
    createdAt: "2026-11-22T14:30:00.000Z",
    outbox: {
      attempts: 3,
      nextAttemptAt: "2026-11-22T14:33:30.000Z",
      deliveredAt: null,
      lastError: "ECONNECTION: connect ECONNREFUSED 127.0.0.1:25",
    },
  },
  {
    id: "MP-0003",
    form: "contact",
    locale: "en",
    departmentId: "editorial-office",
    name: "Mallory\u001b[2J\nEvil",
    email: "mallory@example.net",
    phone: null,
    fields: { subject: "Hi", message: "Hello", consent: "on" },
    createdAt: "2026-11-23T08:00:00.000Z",
    outbox: { attempts: 0, nextAttemptAt: "2026-11-23T08:00:00.000Z", deliveredAt: null, lastError: null },
  },
  {
    id: "MP-0004",
    form: "permission",
    locale: "tr",
    departmentId: "permissions",
    name: "Ayşe Kaya",
    email: "ayse@example.org",
    phone: "+90 312 000 00 00",
    fields: { work: "Figure 2", material: "A chart", intendedUse: "thesis", message: "May I?", consent: "on" },
    createdAt: "2026-11-23T12:00:00.000Z",
  },
];

async function insertSamples(db: ContentDb) {
  for (const { outbox, fields, ...submission } of samples) {
    await db
      .insertInto("submission")
      .values({ ...submission, fields: JSON.stringify(fields) })
      .execute();
    if (outbox) {
      await db
        .insertInto("outbox")
        .values({
          submissionId: submission.id,
          recipient: "dept@meridianpress.example",
          replyTo: submission.email,
          subject: "s",
          body: "b",
          lockedUntil: null,
          ...outbox,
        })
        .execute();
    }
  }
}

const ids = (rows: SubmissionRecord[]) => rows.map((row) => row.id);

/** RFC 4180 read back, to check the records' shape independently of the writer. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ",") {
      record.push(field);
      field = "";
    } else if (char === "\r" && text[i + 1] === "\n") {
      record.push(field);
      records.push(record);
      record = [];
      field = "";
      i++;
    } else field += char;
  }
  expect(field).toBe("");
  return records;
}

const EXPECTED_HEADER = [
  "id",
  "created_at",
  "form",
  "locale",
  "department",
  "name",
  "email",
  "phone",
  "organization",
  "subject",
  "message",
  "consent",
  "services",
  "timeline",
  "work",
  "material",
  "intendedUse",
  "delivered_at",
  "attempts",
];

for (const database of testDatabases()) {
  describe(`submissions command on ${database.dialect}`, () => {
    let db: ContentDb;
    beforeAll(async () => {
      db = (await database.open()).db;
      await insertSamples(db);
    });
    afterAll(() => db.destroy());

    it("selects submissions by form, day and delivery, oldest first", async () => {
      expect(ids(await findSubmissions(db, {}))).toEqual(["MP-0001", "MP-0002", "MP-0003", "MP-0004"]);
      expect(ids(await findSubmissions(db, { form: "contact" }))).toEqual(["MP-0001", "MP-0003"]);
      expect(ids(await findSubmissions(db, { since: "2026-11-22" }))).toEqual(["MP-0002", "MP-0003", "MP-0004"]);
      expect(ids(await findSubmissions(db, { since: "2026-11-24" }))).toEqual([]);
      // Undelivered: failing, never tried, and the one without an e-mail at all.
      expect(ids(await findSubmissions(db, { undelivered: true }))).toEqual(["MP-0002", "MP-0003", "MP-0004"]);
      expect(ids(await findSubmissions(db, { form: "contact", since: "2026-11-21", undelivered: true }))).toEqual(["MP-0003"]);
      const [first] = await findSubmissions(db, {});
      expect(first).toMatchObject({ attempts: 1, deliveredAt: "2026-11-20T09:00:05.000Z", outboxId: "MP-0001" });
    });

    it("exports CSV with a column per field key, lists joined, values quoted and defused", async () => {
      const csv = submissionsCsv(await findSubmissions(db, {}));
      const records = parseCsv(csv);
      expect(records[0]).toEqual(EXPECTED_HEADER);
      expect(records).toHaveLength(samples.length + 1);
      expect(records.every((record) => record.length === EXPECTED_HEADER.length)).toBe(true);
      const byColumn = (record: string[]) => Object.fromEntries(EXPECTED_HEADER.map((key, i) => [key, record[i]]));
      expect(byColumn(records[1])).toEqual({
        ...Object.fromEntries(EXPECTED_HEADER.map((key) => [key, ""])),
        id: "MP-0001",
        created_at: "2026-11-20T09:00:00.000Z",
        form: "contact",
        locale: "tr",
        department: "editorial-office",
        name: "Çağrı Öztürk",
        email: "cagri@example.org",
        phone: "'+90 212 555 01 01",
        organization: "Boğaziçi, İstanbul",
        subject: "'=cmd|' /C calc'!A0",
        message: 'Line 1\nHe said "hi"',
        consent: "on",
        delivered_at: "2026-11-20T09:00:05.000Z",
        attempts: "1",
      });
      expect(byColumn(records[2])).toMatchObject({
        services: "copyediting; typesetting",
        timeline: "flexible",
        phone: "",
        delivered_at: "",
        attempts: "3",
      });
      // No outbox row: no delivery and no attempts.
      expect(byColumn(records[4])).toMatchObject({ work: "Figure 2", intendedUse: "thesis", delivered_at: "", attempts: "" });
      // The raw text, as a spreadsheet will get it (the LF inside a quoted field does not end the record).
      expect(csv.split("\r\n")[1]).toBe(
        "MP-0001,2026-11-20T09:00:00.000Z,contact,tr,editorial-office,Çağrı Öztürk,cagri@example.org,'+90 212 555 01 01," +
          '"Boğaziçi, İstanbul",\'=cmd|\' /C calc\'!A0,"Line 1\nHe said ""hi""",on,,,,,,2026-11-20T09:00:05.000Z,1',
      );
      expect(csv.endsWith("\r\n")).toBe(true);
      expect(submissionsCsv([])).toBe("id,created_at,form,locale,department,name,email,phone,delivered_at,attempts\r\n");
    });

    it("lists submissions with their delivery state", async () => {
      const table = submissionsTable(await findSubmissions(db, {}));
      const lines = table.trimEnd().split("\n");
      expect(lines[0]).toMatch(/^reference\s+date \(UTC\)\s+form\s+department\s+name\s+e-mail\s+delivery$/);
      expect(lines).toHaveLength(2 + samples.length + 1);
      expect(lines[2]).toMatch(
        /^MP-0001\s+2026-11-20 09:00\s+contact\s+editorial-office\s+Çağrı Öztürk\s+cagri@example.org\s+delivered 2026-11-20 09:00$/,
      );
      expect(lines[3]).toMatch(/\s3 attempts, next 2026-11-22 14:33; last error: ECONNECTION: connect ECONNREFUSED 127.0.0.1:25$/);
      expect(lines[4]).toMatch(/\snot sent \(no SMTP\)$/);
      expect(lines[5]).toMatch(/^MP-0004\s.*\sno e-mail$/);
      // Typed control characters never reach the terminal.
      expect(lines[4]).toContain("Mallory [2J Evil");
      expect(table).not.toContain("\u001b");
      expect(lines.at(-1)).toBe("4 submissions");
      // Columns line up.
      for (const line of lines.slice(2, -1)) expect(line.search(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}/)).toBe(lines[0].indexOf("date (UTC)"));
      expect(lines[2].indexOf("delivered")).toBe(lines[0].indexOf("delivery"));
      expect(lines[5].indexOf("no e-mail")).toBe(lines[0].indexOf("delivery"));
      expect(submissionsTable([])).toBe("no submissions\n");
    });

    it("runs list and export on the database", async () => {
      let out = "";
      await runCommand(db, parseCommand(["list", "--undelivered", "--form", "quote"]), (text) => {
        out += text;
      });
      expect(out).toContain("MP-0002");
      expect(out).not.toContain("MP-0001");
      out = "";
      await runCommand(db, parseCommand(["export", "--since", "2026-11-23"]), (text) => {
        out += text;
      });
      expect(parseCsv(out).map((record) => record[0])).toEqual(["id", "MP-0003", "MP-0004"]);
    });
  });
}

describe("submissions command line", () => {
  it("reads the commands and their options", () => {
    expect(parseCommand(["list"])).toEqual({ name: "list", filter: {} });
    expect(parseCommand(["list", "--form", "contact", "--since", "2026-11-01", "--undelivered"])).toEqual({
      name: "list",
      filter: { form: "contact", since: "2026-11-01", undelivered: true },
    });
    expect(parseCommand(["export", "--form=quote", "--out", "x.csv"])).toEqual({ name: "export", filter: { form: "quote" }, out: "x.csv" });
  });

  it.each([
    [[], /no command/],
    [["show"], /unknown command "show"/],
    [["list", "--form", "contcat"], /unknown form "contcat"/],
    [["list", "--form"], /--form/],
    [["list", "--since", "23.11.2026"], /YYYY-MM-DD/],
    [["list", "--since", "2026-02-30"], /YYYY-MM-DD/],
    [["list", "--out", "x.csv"], /--out/],
    [["export", "--undelivered"], /--undelivered/],
    [["export", "extra"], /extra/],
    [["export", "--out="], /--out/],
  ])("rejects %j", (argv, message) => {
    expect(() => parseCommand(argv)).toThrow(UsageError);
    expect(() => parseCommand(argv)).toThrow(message);
  });

  describe("as a process", () => {
    const run = promisify(execFile);
    const script = path.resolve("service/submissions/export-command.ts");
    let dir: string;
    let env: NodeJS.ProcessEnv;
    const command = async (...args: string[]) => {
      try {
        const { stdout, stderr } = await run(process.execPath, [script, ...args], { env });
        return { code: 0, stdout, stderr };
      } catch (error) {
        const failed = error as { code: number; stdout: string; stderr: string };
        return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
      }
    };

    beforeAll(async () => {
      dir = mkdtempSync(path.join(tmpdir(), "submissions-"));
      const file = path.join(dir, "content.db");
      const { db } = openDatabase(file);
      await migrateToLatest(db);
      await insertSamples(db);
      await db.destroy();
      env = { ...process.env, SQLITE_FILE: file, INIT_CWD: dir };
      delete env.DATABASE_URL;
    });
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    it("lists, and exports to stdout or to a file relative to where npm was run", async () => {
      const list = await command("list", "--form", "contact");
      expect(list).toMatchObject({ code: 0, stderr: "" });
      expect(list.stdout).toContain("MP-0003");
      expect(list.stdout.trimEnd().split("\n").at(-1)).toBe("2 submissions");

      const stdout = await command("export", "--form", "quote");
      expect(stdout.code).toBe(0);
      expect(parseCsv(stdout.stdout).map((record) => record[0])).toEqual(["id", "MP-0002"]);

      const file = await command("export", "--out", "all.csv");
      expect(file.code).toBe(0);
      expect(file.stderr).toContain("4 submission(s)");
      const written = readFileSync(path.join(dir, "all.csv"), "utf8");
      expect(written.startsWith("\uFEFFid,")).toBe(true);
      expect(parseCsv(written.slice(1))).toHaveLength(5);
    });

    it("exits with 2 and the usage on bad arguments", async () => {
      const bad = await command("list", "--since", "yesterday");
      expect(bad.code).toBe(2);
      expect(bad.stdout).toBe("");
      expect(bad.stderr).toContain("--since wants a date as YYYY-MM-DD");
      expect(bad.stderr).toContain("usage:");
      expect((await command()).code).toBe(2);
      const help = await command("--help");
      expect(help.code).toBe(0);
      expect(help.stdout).toContain("usage:");
    });
  });
});
