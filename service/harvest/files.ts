/**
 * The pull's writes to a content folder, undoable as one: each file is written whole (to a
 * temporary name, then renamed over the old), the file it replaces is kept aside first, and
 * `undo` puts every old file back and removes every new one. A pull that fails after writing
 * (the folder's check finds a problem) leaves the folder as it found it.
 */
import { copyFile, mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";

export class FileChanges {
  private readonly backups: { file: string; backup: string | null }[] = [];
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
    let backup: string | null = null;
    if (old) {
      await mkdir(this.backupDir, { recursive: true });
      backup = path.join(this.backupDir, String(this.backups.length));
      await copyFile(file, backup);
    }
    this.backups.push({ file, backup });
    const temporary = `${file}.pull-${process.pid}`;
    await writeFile(temporary, bytes);
    await rename(temporary, file);
    return true;
  }

  get count(): number {
    return this.backups.length;
  }

  /** Every file as it was before this pull (newest change first). */
  async undo(): Promise<void> {
    for (const { file, backup } of this.backups.toReversed()) {
      if (backup) await rename(backup, file);
      else await rm(file, { force: true });
    }
    this.backups.length = 0;
  }
}
