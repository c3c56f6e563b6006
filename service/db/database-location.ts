/**
 * Which database the environment names: `DATABASE_URL` (PostgreSQL) when it is set, else the SQLite
 * file `SQLITE_FILE`. The two variables' schema lives here, beside the database it opens, so that
 * the commands (content:import, submissions, usage, crossref and doaj) read them by the server's
 * rules and default without importing `server/` (docs/decisions/019-layers.md); server/config.ts
 * takes the same two fields into its schema, and with them their documentation.
 */
import { z } from "zod";

export const databaseSettings = {
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "a postgres:// URL")
    .optional()
    .meta({ description: "a `postgres://` URL: use PostgreSQL instead of SQLite" }),
  SQLITE_FILE: z.string().default("data/content.db").meta({ description: "the embedded database file" }),
};

const settings = z.object(databaseSettings);

/**
 * The location `openDatabase` takes. An empty variable counts as unset, as it always has for the
 * commands (`DATABASE_URL=` in a shell or an env file means "no PostgreSQL"); a malformed one
 * throws an error that names it, worded as the server's start words it.
 */
export function databaseLocation(env: NodeJS.ProcessEnv = process.env): string {
  const given = Object.fromEntries(Object.keys(databaseSettings).flatMap((name) => (env[name] ? [[name, env[name]]] : [])));
  const result = settings.safeParse(given);
  if (!result.success) {
    const problems = result.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`).join("\n");
    throw new Error(`invalid configuration:\n${problems}`);
  }
  return result.data.DATABASE_URL ?? result.data.SQLITE_FILE;
}

/** For a command, before it reads or writes anything: the location, or the problem on standard error and exit 1. */
export function commandDatabaseLocation(): string {
  try {
    return databaseLocation();
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}
