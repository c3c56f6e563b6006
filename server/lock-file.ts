/**
 * A lock between processes on one machine (or one shared folder): a file created exclusively,
 * holding its owner's pid and time, and taken over when older than `staleMs`, as a process that
 * died holding it left it.
 */
import { mkdir, open, readFile, rm, stat } from "node:fs/promises";
import path from "node:path";

/** Takes the lock: a function that releases it, or undefined when another process holds it. */
export async function takeLock(file: string, staleMs: number, label: string): Promise<(() => Promise<void>) | undefined> {
  await mkdir(path.dirname(file), { recursive: true });
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const handle = await open(file, "wx");
      await handle.writeFile(`${process.pid} ${new Date().toISOString()}\n`);
      await handle.close();
      return () => rm(file, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const age =
        Date.now() -
        (await stat(file).then(
          (s) => s.mtimeMs,
          () => Date.now(),
        ));
      if (age < staleMs) return undefined;
      console.warn(
        `${label}: taking over a lock left ${Math.round(age / 60_000)} min ago (${(await readFile(file, "utf8").catch(() => "")).trim()})`,
      );
      await rm(file, { force: true });
    }
  }
  return undefined;
}
