/**
 * The pull's writes to a content folder, undoable as one: each file is written whole (to a
 * temporary name, then renamed over the old), the file it replaces is kept aside first, and
 * `undo` puts every old file back and removes every new one. A pull that fails after writing
 * (the folder's check finds a problem) leaves the folder as it found it.
 *
 * Each change is listed on disk (`changes.jsonl` in the undo folder) before its file is touched,
 * so a pull killed halfway is undone by the next one (`undoLeftover`): a kill leaves nothing
 * half-written either.
 */
import { appendFile, copyFile, mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";

/** A file written: where its old content was kept (null when the file is new). */
interface Change {
  file: string;
  backup: string | null;
}

const MANIFEST = "changes.jsonl";
const temporaryOf = (file: string, pid: number) => `${file}.pull-${pid}`;

export class FileChanges {
  private readonly changes: Change[] = [];
  private readonly backupDir: string;

  constructor(backupDir: string) {
    this.backupDir = backupDir;
  }

  /** Writes `data` to `file` unless it already holds exactly that; says whether it wrote. */
  async write(file: string, data: string | Uint8Array): Promise<boolean> {
    const old = await readFile(file).catch(() => null);
    const bytes = typeof data === "string" ? Buffer.from(data, "utf8") : Buffer.from(data);
    if (old?.equals(bytes)) return false;
    await mkdir(path.dirname(file), { recursive: true });
    await mkdir(this.backupDir, { recursive: true });
    const change: Change = { file, backup: old ? path.join(this.backupDir, String(this.changes.length)) : null };
    if (change.backup) await copyFile(file, change.backup);
    await appendFile(path.join(this.backupDir, MANIFEST), `${JSON.stringify(change)}\n`);
    this.changes.push(change);
    const temporary = temporaryOf(file, process.pid);
    try {
      await writeFile(temporary, bytes);
      await rename(temporary, file);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
    return true;
  }

  get count(): number {
    return this.changes.length;
  }

  /** Every file as it was before this pull (newest change first); the undo folder removed. */
  async undo(): Promise<void> {
    await undoChanges(this.changes, process.pid);
    this.changes.length = 0;
    await rm(this.backupDir, { recursive: true, force: true });
  }

  /** The changes stay: the old files and the list are let go. */
  async keep(): Promise<void> {
    this.changes.length = 0;
    await rm(this.backupDir, { recursive: true, force: true });
  }
}

async function undoChanges(changes: Change[], pid: number) {
  for (const { file, backup } of changes.toReversed()) {
    await rm(temporaryOf(file, pid), { force: true });
    if (!backup) await rm(file, { force: true });
    // A backup no longer there was already put back (an undo that was itself stopped).
    else
      await rename(backup, file).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== "ENOENT") throw error;
      });
  }
}

/** Undoes the changes a stopped pull (process `pid`) listed in its undo folder, and removes the folder. */
export async function undoLeftover(backupDir: string, pid: number): Promise<number> {
  const lines = await readFile(path.join(backupDir, MANIFEST), "utf8").catch(() => "");
  // A line the kill cut short is a change whose file was not yet touched.
  const changes = lines.split("\n").flatMap((line): Change[] => {
    try {
      return [JSON.parse(line) as Change];
    } catch {
      return [];
    }
  });
  await undoChanges(changes, pid);
  await rm(backupDir, { recursive: true, force: true });
  return changes.length;
}
