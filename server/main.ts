/**
 * `npm start` (and `npm run dev`). React and React Router choose their development or production
 * build from NODE_ENV when they are first loaded, so it is settled here, before anything imports them.
 * With WEB_CONCURRENCY > 1 this process is the primary of that many workers (primary.ts), each of
 * which runs this file again and serves as a single process does (start.ts).
 */
import cluster from "node:cluster";
import type { Config } from "./config.ts";

process.env.NODE_ENV ??= "production";

let config: Config | undefined;
if (cluster.isPrimary) {
  const { readConfig } = await import("./config.ts");
  try {
    config = readConfig();
  } catch {
    // start.ts says what is wrong and exits 1, as it always has.
  }
}
if (config && config.WEB_CONCURRENCY > 1) {
  const { runPrimary } = await import("./primary.ts");
  await runPrimary(config).catch((error: Error) => {
    console.error(`failed to start: ${error.message}`);
    process.exit(1);
  });
} else {
  await import("./start.ts");
}
