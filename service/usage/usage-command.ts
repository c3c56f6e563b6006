/**
 * `npm run usage -- report --journal SLUG --from YYYY-MM --to YYYY-MM [--out DIR]`: a journal's
 * COUNTER 5.1 reports (report.ts), the title report TR_J3 and the item report IR_A1, each as TSV
 * and JSON, written to DIR (default: reports/). It reads the database the environment names
 * (DATABASE_URL, else SQLITE_FILE, else data/content.db), migrating it first; PUBLIC_URL makes the
 * URI column's addresses. Bad arguments print the usage and exit with 2.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { type ContentDb, migrateToLatest, openDatabase } from "../db/database.ts";
import { commandDatabaseLocation } from "../db/database-location.ts";
import { type ReportId, type ReportOptions, readJournalUsage, reportJson, reportOptions, reportTsv } from "./report.ts";

export const USAGE = `usage:
  npm run usage -- report --journal SLUG --from YYYY-MM --to YYYY-MM [--out DIR]

  --journal SLUG   the journal, by its English slug (as in /journals/SLUG)
  --from, --to     the first and the last month reported
  --out DIR        where the four files go (default: reports/)`;

export class UsageError extends Error {}
export { reportOptions };

export interface ReportCommand {
  journal: string;
  from: string;
  to: string;
  out: string;
}

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/** Reads the command line (without `node` and the script); throws UsageError when it is not valid. */
export function parseCommand(argv: readonly string[]): ReportCommand {
  const [name, ...rest] = argv;
  if (name !== "report") throw new UsageError(name ? `unknown command "${name}"` : "no command given");
  let values: { journal?: string; from?: string; to?: string; out?: string };
  try {
    values = parseArgs({
      args: rest,
      options: { journal: { type: "string" }, from: { type: "string" }, to: { type: "string" }, out: { type: "string" } },
      strict: true,
    }).values;
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  if (!values.journal) throw new UsageError("--journal is required");
  for (const key of ["from", "to"] as const) {
    if (!values[key] || !MONTH.test(values[key]))
      throw new UsageError(`--${key} wants a month as YYYY-MM${values[key] ? `, not "${values[key]}"` : ""}`);
  }
  const { from, to } = values as { from: string; to: string };
  if (from > to) throw new UsageError(`--from (${from}) is after --to (${to})`);
  return { journal: values.journal, from, to, out: values.out || "reports" };
}

/** Writes the four files; answers their paths. */
export async function runReport(db: ContentDb, command: ReportCommand, options: ReportOptions): Promise<string[]> {
  const usage = await readJournalUsage(db, command.journal, command.from, command.to);
  if (!usage) throw new UsageError(`no journal has the English slug "${command.journal}"`);
  mkdirSync(command.out, { recursive: true });
  const written: string[] = [];
  for (const report of ["TR_J3", "IR_A1"] as ReportId[]) {
    const base = path.join(command.out, `${command.journal}_${report}_${command.from}_${command.to}`);
    writeFileSync(`${base}.tsv`, reportTsv(report, usage, command.from, command.to, options));
    writeFileSync(`${base}.json`, `${JSON.stringify(reportJson(report, usage, command.from, command.to, options), null, 2)}\n`);
    written.push(`${base}.tsv`, `${base}.json`);
  }
  return written;
}

if (import.meta.main) {
  const argv = process.argv.slice(2);
  if (["help", "--help", "-h"].includes(argv[0])) {
    console.log(USAGE);
    process.exit(0);
  }
  let command: ReportCommand;
  try {
    command = parseCommand(argv);
    // npm runs scripts in the project folder; a relative --out is meant from where npm was run.
    command.out = path.resolve(process.env.INIT_CWD ?? process.cwd(), command.out);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`${error.message}\n\n${USAGE}`);
    process.exit(2);
  }
  const { db } = openDatabase(commandDatabaseLocation());
  try {
    await migrateToLatest(db);
    for (const file of await runReport(db, command, reportOptions(process.env.PUBLIC_URL))) console.log(file);
  } catch (error) {
    console.error(`usage: ${(error as Error).message}`);
    process.exitCode = error instanceof UsageError ? 2 : 1;
  } finally {
    await db.destroy();
  }
}
