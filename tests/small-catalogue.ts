/**
 * A catalogue a fifth of the demo's size, for tests of code that reads a whole content folder (the
 * sync, the harvester's pull, the import commands) and only needs a valid one: the demo copied with
 * one journal, journal-of-social-inquiry, the calls for papers of that journal, and everything else
 * as it is. Reading it takes about a second where the demo takes five.
 */
import { cp, readdir, readFile, rm } from "node:fs/promises";
import path from "node:path";
import { parse } from "yaml";
import { DEMO_FOLDER } from "./demo-snapshot.ts";

const SMALL_JOURNAL = "journal-of-social-inquiry";

/** Writes the small catalogue into `target` (created, or merged into an existing folder). */
export async function copySmallCatalogue(target: string): Promise<string> {
  await cp(DEMO_FOLDER, target, {
    recursive: true,
    filter: (source) => {
      const [top, journal] = path.relative(DEMO_FOLDER, source).split(path.sep);
      return top !== "journals" || journal === undefined || journal === SMALL_JOURNAL;
    },
  });
  const calls = path.join(target, "calls");
  for (const file of await readdir(calls)) {
    const call = parse(await readFile(path.join(calls, file), "utf8")) as { journal?: string };
    if (call.journal && call.journal !== SMALL_JOURNAL) await rm(path.join(calls, file));
  }
  return target;
}
