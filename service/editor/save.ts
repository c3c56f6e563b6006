/**
 * A save from the content editor: the files are written into the content folder, the whole folder
 * is checked as `content:check` checks it, and then either everything is committed (only those
 * files, with the editor as author and Decap's message) and imported in one transaction, the
 * content's revision moving so that every process's kept pages turn stale; or, on any problem,
 * the files are put back as they were and the problems are returned, naming file and field.
 * Saves run one at a time, and one made over a file that changed since the editor opened it is
 * refused (ChangedSinceOpened). Files are read and written only inside the content folder, never
 * through a symbolic link (../content/confined.ts).
 */
import { createHash } from "node:crypto";
import { rm } from "node:fs/promises";
import { assertNoLink, pathInside, readInsideIfThere, writeInside } from "../content/confined.ts";
import { importContent } from "../content/import.ts";
import { ContentError, readContentFolder } from "../content/read-folder.ts";
import type { ContentDb } from "../db/database.ts";
import { type Author, commitFiles } from "./git.ts";

/** A file to write (its new bytes) or to delete (null), by its path under the content folder. */
export interface Change {
  path: string;
  content: Uint8Array | string | null;
  /** The file's version when the editor opened it (fileVersion; null: there was none), when the editor says. */
  opened?: string | null;
}

/** A file's version as the editor is given it: the SHA-256 of its bytes. */
export const fileVersion = (bytes: Uint8Array | string) => createHash("sha256").update(bytes).digest("hex");

/** A save over a file that another save changed after the editor opened it: nothing is written. */
export class ChangedSinceOpened extends Error {
  readonly file: string;
  constructor(file: string) {
    super(`${file} was changed by another save since you opened it`);
    this.name = "ChangedSinceOpened";
    this.file = file;
  }
}

export interface SavedChanges {
  /** The new commit, or undefined when the files were already as committed. */
  commit: string | undefined;
  /** Whether the folder was imported (not for images alone). */
  imported: boolean;
}

export interface ContentEditing {
  save(changes: Change[], message: string, author: Author): Promise<SavedChanges>;
}

/** Images under images/ are served from the folder as they are; anything else (a file, a galley, a figure) is part of what is imported. */
const needsImport = (file: string) => !file.startsWith("images/");

export function contentEditing({ contentDir, db }: { contentDir: string; db: ContentDb }): ContentEditing {
  let queue: Promise<unknown> = Promise.resolve();

  async function saveNow(changes: Change[], message: string, author: Author): Promise<SavedChanges> {
    const before = await Promise.all(changes.map((change) => readInsideIfThere(contentDir, change.path)));
    changes.forEach((change, i) => {
      const now = before[i];
      if (change.opened !== undefined && change.opened !== (now === null ? null : fileVersion(now))) throw new ChangedSinceOpened(change.path);
    });
    const remove = async (file: string) => {
      await assertNoLink(contentDir, file);
      await rm(pathInside(contentDir, file), { force: true });
    };
    const putBack = () =>
      Promise.all(
        changes.map((change, i) => {
          const bytes = before[i];
          return bytes === null ? remove(change.path) : writeInside(contentDir, change.path, bytes);
        }),
      );
    let bundle: Awaited<ReturnType<typeof readContentFolder>>;
    let commit: string | undefined;
    try {
      for (const change of changes) {
        if (change.content === null) await remove(change.path);
        else await writeInside(contentDir, change.path, change.content);
      }
      bundle = await readContentFolder(contentDir);
      commit = await commitFiles(
        contentDir,
        changes.map((change) => change.path),
        message,
        author,
      );
    } catch (error) {
      await putBack();
      if (!(error instanceof ContentError)) throw error;
      const touched = new Set(changes.map((change) => change.path));
      // The problems in the files saved first: they are what the editor can mend.
      // Refused: nothing was committed or imported, and the files are as they were.
      throw new ContentError([...error.problems].sort((a, b) => Number(touched.has(b.file)) - Number(touched.has(a.file))));
    }
    // Once committed, the commit stands; should the import fail, the next save imports the whole folder again.
    const imported = changes.some((change) => needsImport(change.path));
    if (imported) await importContent(db, bundle);
    return { commit, imported };
  }

  return {
    save(changes, message, author) {
      const result = queue.then(() => saveNow(changes, message, author));
      queue = result.catch(() => undefined);
      return result;
    },
  };
}
