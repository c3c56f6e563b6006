/**
 * `npm run crossref -- …` and `npm run doaj -- …`: a Crossref deposit (of an issue, a book, or the
 * articles published in a date range) or a journal's DOAJ article file, from the database the
 * environment names (DATABASE_URL, else SQLITE_FILE, else data/content.db), validated against the
 * official schema before anything is written: an invalid file is not written, its problems are
 * listed and the command exits with 1. Bad arguments print the usage and exit with 2. The landing
 * pages are on PUBLIC_URL; the depositor and registrant come from the environment, else the demo
 * publisher's (service/exports/deposits.server.ts).
 */
import { writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { createContentService } from "../service/api/content-service.ts";
import { ApiFailure } from "../service/api/failure.ts";
import { isDay } from "../service/calendar-day.ts";
import { migrateToLatest, openDatabase } from "../service/db/database.ts";
import { commandDatabaseLocation } from "../service/db/database-location.ts";
import {
  crossrefArticlesExport,
  crossrefBookExport,
  crossrefIssueExport,
  DEMO_EXPORT_CONFIG,
  doajJournalExport,
  type ExportConfig,
  type ExportFile,
  type ExportReader,
} from "../service/exports/deposits.server.ts";
import { loadXmlSchema, validateXml } from "../service/exports/validate-xml.server.ts";
import { today } from "../service/published.ts";

const USAGE = `usage:
  npm run crossref -- --issue JOURNAL/ISSUE [--out FILE]
  npm run crossref -- --book BOOK [--out FILE]
  npm run crossref -- --from YYYY-MM-DD [--until YYYY-MM-DD] [--out FILE]
  npm run doaj -- JOURNAL [--out FILE]

  JOURNAL, BOOK   the English slug (journal-of-social-inquiry); ISSUE its id (v15-n1)
  --from, --until the days articles were published, both included (until: today by default)
  --out FILE      write the XML to FILE instead of stdout

  environment: PUBLIC_URL (the landing pages' origin, required), CROSSREF_DEPOSITOR_NAME,
  CROSSREF_DEPOSITOR_EMAIL, CROSSREF_REGISTRANT, PUBLISHER_NAME, CROSSMARK_POLICY_DOI`;

class UsageError extends Error {}

/** The problems of an invalid file listed (the others counted). */
const MAX_PROBLEMS = 20;

type Export = (service: ExportReader, config: ExportConfig) => Promise<ExportFile>;

/** What to export, from the command line (without `node` and the script; the first word is crossref or doaj). */
function parseCommand(argv: readonly string[]): { make: Export; out?: string } {
  const [kind, ...rest] = argv;
  const parse = () =>
    parseArgs({
      args: rest,
      allowPositionals: kind === "doaj",
      strict: true,
      options: { out: { type: "string" }, issue: { type: "string" }, book: { type: "string" }, from: { type: "string" }, until: { type: "string" } },
    });
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse();
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const { values, positionals } = parsed;
  if (values.out === "") throw new UsageError("--out wants a file name");
  const out = values.out;
  if (kind === "doaj") {
    if (values.issue ?? values.book ?? values.from ?? values.until) throw new UsageError("doaj takes a journal's slug only");
    if (positionals.length !== 1) throw new UsageError("doaj wants one journal's slug");
    const [journal] = positionals;
    return { make: (service, config) => doajJournalExport(service, config, journal), out };
  }
  if (kind !== "crossref") throw new UsageError(`unknown export "${kind ?? ""}"`);
  const modes = [values.issue, values.book, values.from ?? values.until].filter((v) => v !== undefined);
  if (modes.length !== 1) throw new UsageError("give one of --issue, --book, or --from (with --until)");
  if (values.issue !== undefined) {
    const [journal, issue, ...more] = values.issue.split("/");
    if (!journal || !issue || more.length > 0) throw new UsageError(`--issue wants JOURNAL/ISSUE, not "${values.issue}"`);
    return { make: (service, config) => crossrefIssueExport(service, config, journal, issue), out };
  }
  if (values.book !== undefined) {
    const book = values.book;
    return { make: (service, config) => crossrefBookExport(service, config, book), out };
  }
  const { from, until = today() } = values;
  if (from === undefined || !isDay(from)) throw new UsageError(`--from wants a day as YYYY-MM-DD, not "${from ?? ""}"`);
  if (!isDay(until) || until < from) throw new UsageError(`--until wants a day as YYYY-MM-DD, not before --from, not "${until}"`);
  return { make: (service, config) => crossrefArticlesExport(service, config, from, until), out };
}

function configFromEnvironment(): ExportConfig {
  const env = process.env;
  let origin: string;
  try {
    origin = new URL(env.PUBLIC_URL ?? "").origin;
  } catch {
    throw new UsageError("set PUBLIC_URL to the site's public origin (https://…): the landing pages the file gives are on it");
  }
  const demo = DEMO_EXPORT_CONFIG;
  return {
    origin,
    depositor: { name: env.CROSSREF_DEPOSITOR_NAME || demo.depositor.name, email: env.CROSSREF_DEPOSITOR_EMAIL || demo.depositor.email },
    registrant: env.CROSSREF_REGISTRANT || demo.registrant,
    publisher: env.PUBLISHER_NAME || demo.publisher,
    crossmarkPolicy: env.CROSSMARK_POLICY_DOI || demo.crossmarkPolicy,
  };
}

let command: ReturnType<typeof parseCommand>;
let config: ExportConfig;
try {
  command = parseCommand(process.argv.slice(2));
  config = configFromEnvironment();
} catch (error) {
  if (!(error instanceof UsageError)) throw error;
  console.error(`${error.message}\n\n${USAGE}`);
  process.exit(2);
}

const { db } = openDatabase(commandDatabaseLocation());
try {
  await migrateToLatest(db);
  const made = await command.make(createContentService(db), config);
  loadXmlSchema(made.schema);
  const problems = validateXml(made.xml, made.schema);
  if (problems.length > 0) {
    console.error(`${made.filename}: not valid against the ${made.schema} schema, nothing written; ${problems.length} problem(s):`);
    for (const problem of problems.slice(0, MAX_PROBLEMS)) console.error(`  line ${problem.line}: ${problem.message}`);
    if (problems.length > MAX_PROBLEMS) console.error(`  and ${problems.length - MAX_PROBLEMS} more`);
    process.exitCode = 1;
  } else {
    if (command.out) writeFileSync(command.out, made.xml);
    else process.stdout.write(made.xml);
    const skipped = made.skipped.length > 0 ? `; left out for having no DOI: ${made.skipped.join(", ")}` : "";
    console.error(`${command.out ?? made.filename}: valid, ${made.dois.length} DOI(s)${skipped}`);
  }
} catch (error) {
  // What names nothing (or is malformed) is the content service's refusal: said as it says it.
  if (!(error instanceof ApiFailure)) throw error;
  console.error(error.message);
  process.exitCode = 1;
} finally {
  await db.destroy();
}
