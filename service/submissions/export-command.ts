/**
 * `npm run submissions -- list|export …`: the stored form submissions, for the staff. `list` prints
 * a table with each e-mail's delivery state; `export` writes CSV (to stdout, or to --out FILE).
 * It reads the database the environment names (DATABASE_URL, else SQLITE_FILE, else
 * data/content.db), migrating it first. Bad arguments print the usage and exit with 2.
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { formKinds, isFormKind } from "../../forms/definitions.ts";
import { referenceOf } from "../../forms/reference.ts";
import { isDay } from "../calendar-day.ts";
import { type ContentDb, migrateToLatest, openDatabase } from "../db/database.ts";
import { commandDatabaseLocation } from "../db/database-location.ts";
import type { SubmissionTable } from "../db/schema.ts";
import { type CsvValue, csvRow } from "./csv.ts";

export const USAGE = `usage:
  npm run submissions -- list   [--form KIND] [--since YYYY-MM-DD] [--undelivered]
  npm run submissions -- export [--form KIND] [--since YYYY-MM-DD] [--out FILE]

  --form KIND      only this form: ${formKinds.join(", ")}
  --since DATE     only submissions from this day on (UTC)
  --undelivered    only those whose e-mail has not reached the SMTP server
  --out FILE       write the CSV to FILE instead of stdout`;

export class UsageError extends Error {}

export interface SubmissionFilter {
  form?: string;
  /** YYYY-MM-DD, the first day included (UTC). */
  since?: string;
  undelivered?: boolean;
}

export type Command = { name: "list"; filter: SubmissionFilter } | { name: "export"; filter: SubmissionFilter; out?: string };

/** Reads the command line (without `node` and the script); throws UsageError when it is not valid. */
export function parseCommand(argv: readonly string[]): Command {
  const [name, ...rest] = argv;
  if (name !== "list" && name !== "export") throw new UsageError(name ? `unknown command "${name}"` : "no command given");
  const common = { form: { type: "string" }, since: { type: "string" } } as const;
  let values: { form?: string; since?: string; undelivered?: boolean; out?: string };
  try {
    values =
      name === "list"
        ? parseArgs({ args: rest, options: { ...common, undelivered: { type: "boolean" } }, strict: true }).values
        : parseArgs({ args: rest, options: { ...common, out: { type: "string" } }, strict: true }).values;
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  if (values.form !== undefined && !isFormKind(values.form)) throw new UsageError(`unknown form "${values.form}"`);
  if (values.since !== undefined && !isDay(values.since)) throw new UsageError(`--since wants a date as YYYY-MM-DD, not "${values.since}"`);
  if (values.out === "") throw new UsageError("--out wants a file name");
  const filter: SubmissionFilter = { form: values.form, since: values.since, undelivered: values.undelivered };
  return name === "list" ? { name, filter } : { name, filter, out: values.out };
}

/** A submission with its e-mail's state (the outbox fields are null when it has no outbox row). */
export interface SubmissionRecord extends SubmissionTable {
  outboxId: string | null;
  attempts: number | null;
  nextAttemptAt: string | null;
  deliveredAt: string | null;
  lastError: string | null;
}

/** The submissions the filter selects, oldest first. */
export async function findSubmissions(db: ContentDb, filter: SubmissionFilter): Promise<SubmissionRecord[]> {
  let query = db
    .selectFrom("submission")
    .leftJoin("outbox", "outbox.submissionId", "submission.id")
    .select([
      "submission.id",
      "submission.createdAt",
      "submission.form",
      "submission.locale",
      "submission.departmentId",
      "submission.name",
      "submission.email",
      "submission.phone",
      "submission.fields",
      "outbox.submissionId as outboxId",
      "outbox.attempts",
      "outbox.nextAttemptAt",
      "outbox.deliveredAt",
      "outbox.lastError",
    ]);
  if (filter.form) query = query.where("submission.form", "=", filter.form);
  // Times are ISO strings, so the day's first instant compares as text.
  if (filter.since) query = query.where("submission.createdAt", ">=", `${filter.since}T00:00:00.000Z`);
  if (filter.undelivered) query = query.where("outbox.deliveredAt", "is", null);
  const rows = await query.orderBy("submission.createdAt").orderBy("submission.id").execute();
  return rows.map((row) => ({ ...row, attempts: row.attempts === null ? null : Number(row.attempts) }));
}

const FIXED_COLUMNS = ["id", "created_at", "form", "locale", "department", "name", "email", "phone"];
const TRAILING_COLUMNS = ["delivered_at", "attempts"];

/**
 * The CSV of the submissions: the fixed columns, then one column per key found in any row's
 * `fields` (in the order first seen, which is the forms' field order), then the delivery.
 */
export function submissionsCsv(rows: readonly SubmissionRecord[]): string {
  const parsed = rows.map((row) => readFields(row.fields));
  const keys: string[] = [];
  const taken = new Set([...FIXED_COLUMNS, ...TRAILING_COLUMNS]);
  for (const fields of parsed) {
    for (const key of Object.keys(fields)) {
      if (!taken.has(key)) {
        taken.add(key);
        keys.push(key);
      }
    }
  }
  let csv = csvRow([...FIXED_COLUMNS, ...keys, ...TRAILING_COLUMNS]);
  rows.forEach((row, index) => {
    const fields = parsed[index];
    csv += csvRow([
      row.id,
      row.createdAt,
      row.form,
      row.locale,
      row.departmentId,
      row.name,
      row.email,
      row.phone,
      ...keys.map((key) => fieldText(fields[key])),
      row.deliveredAt,
      row.attempts,
    ]);
  });
  return csv;
}

/** A row's fields; text that is not a JSON object is kept whole, under "fields", rather than lost. */
function readFields(json: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(json);
    if (value && typeof value === "object" && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // kept below
  }
  return { fields: json };
}

function fieldText(value: unknown): CsvValue {
  if (value === undefined || value === null) return "";
  if (Array.isArray(value)) return value.map((item) => (typeof item === "string" ? item : JSON.stringify(item))).join("; ");
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

/** The delivery state as the list shows it. */
export function deliveryState(row: SubmissionRecord): string {
  if (row.outboxId === null) return "no e-mail";
  if (row.deliveredAt) return `delivered ${shortTime(row.deliveredAt)}`;
  if (!row.attempts) return "not sent (no SMTP)";
  const tries = `${row.attempts} attempt${row.attempts === 1 ? "" : "s"}`;
  const next = row.nextAttemptAt ? `, next ${shortTime(row.nextAttemptAt)}` : "";
  return `${tries}${next}${row.lastError ? `; last error: ${row.lastError}` : ""}`;
}

/** The readable table of `list`, with a count line. */
export function submissionsTable(rows: readonly SubmissionRecord[]): string {
  if (rows.length === 0) return "no submissions\n";
  const header = ["reference", "date (UTC)", "form", "department", "name", "e-mail", "delivery"];
  const lines = rows.map((row) =>
    [referenceOf(row.id), shortTime(row.createdAt), row.form, row.departmentId, row.name, row.email, deliveryState(row)].map(printable),
  );
  const widths = header.map((title, column) => Math.max(title.length, ...lines.map((line) => line[column].length)));
  const format = (cells: string[]) =>
    cells
      .map((cell, column) => (column === cells.length - 1 ? cell : cell.padEnd(widths[column])))
      .join("  ")
      .trimEnd();
  const count = `${rows.length} submission${rows.length === 1 ? "" : "s"}`;
  return `${[format(header), format(widths.map((w) => "-".repeat(w))), ...lines.map(format), count].join("\n")}\n`;
}

/** 2026-11-23T10:05:00.000Z → 2026-11-23 10:05 */
function shortTime(iso: string): string {
  return iso.slice(0, 16).replace("T", " ");
}

/** Visitors typed these: control characters (line breaks, terminal escapes) become spaces. */
function printable(text: string): string {
  return text.replace(/\p{Cc}/gu, " ");
}

/** Runs a parsed command on a migrated database, writing its output through `write`. */
export async function runCommand(db: ContentDb, command: Command, write: (text: string) => void): Promise<void> {
  const rows = await findSubmissions(db, command.filter);
  if (command.name === "list") write(submissionsTable(rows));
  else if (command.out) {
    // A byte-order mark, so spreadsheet programs read the file as UTF-8 (Turkish names intact).
    writeFileSync(command.out, `\uFEFF${submissionsCsv(rows)}`);
    console.error(`${command.out}: ${rows.length} submission(s)`);
  } else write(submissionsCsv(rows));
}

if (import.meta.main) {
  const argv = process.argv.slice(2);
  if (["help", "--help", "-h"].includes(argv[0])) {
    console.log(USAGE);
    process.exit(0);
  }
  let command: Command;
  try {
    command = parseCommand(argv);
    // npm runs scripts in the project folder; a relative --out is meant from where npm was run.
    if (command.name === "export" && command.out) command.out = path.resolve(process.env.INIT_CWD ?? process.cwd(), command.out);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`${error.message}\n\n${USAGE}`);
    process.exit(2);
  }
  const { db } = openDatabase(commandDatabaseLocation());
  try {
    await migrateToLatest(db);
    await runCommand(db, command, (text) => process.stdout.write(text));
  } catch (error) {
    console.error(`submissions: ${(error as Error).message}`);
    process.exitCode = 1;
  } finally {
    await db.destroy();
  }
}
