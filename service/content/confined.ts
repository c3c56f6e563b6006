/**
 * The content folder is read and written only inside itself (docs/decisions/045-content-confined.md).
 * Anyone who can push to the content's repository can commit a symbolic link (an article's
 * full-text.md pointing at /proc/self/environ, a figures/ folder pointing at /etc): followed, it
 * would publish what the server can read. So no link is ever followed below the root: a folder is
 * checked for links before anything in it is read, a single file is reached through no link on its
 * way (every component is `lstat`ed) and opened with O_NOFOLLOW, and a path naming `..` is refused.
 * The root itself may be a link: that is the operator's setting, not the content's.
 */
import { constants, type Stats } from "node:fs";
import { type FileHandle, lstat, mkdir, open, readdir } from "node:fs/promises";
import path from "node:path";

/** What a symbolic link in the content folder is told, wherever it is found. */
export const LINK_MESSAGE = "a symbolic link: content files must be files in the folder itself, and links are never followed";

/** A path that leaves its root or passes through a symbolic link: never read, never written. */
export class OutsideFolderError extends Error {
  readonly code = "EOUTSIDE";
  /** The path under the root that is the link (or the path that leaves it). */
  readonly relative: string;
  constructor(relative: string, message = LINK_MESSAGE) {
    super(`${relative}: ${message}`);
    this.name = "OutsideFolderError";
    this.relative = relative;
  }
}

/** The folders that are not content: Git's own, and the harvest's state. */
const NOT_CONTENT = new Set([".git", ".harvest"]);

/** Every symbolic link under `root` (paths relative to it, with `/`), without following any. */
export async function symbolicLinksUnder(root: string, under = ""): Promise<string[]> {
  const entries = await readdir(path.join(root, under), { withFileTypes: true }).catch(() => []);
  const found: string[] = [];
  for (const entry of entries) {
    const relative = under ? `${under}/${entry.name}` : entry.name;
    if (entry.isSymbolicLink()) found.push(relative);
    else if (entry.isDirectory() && !(under === "" && NOT_CONTENT.has(entry.name))) found.push(...(await symbolicLinksUnder(root, relative)));
  }
  return found.sort();
}

/** `relative` (with `/`) as an absolute path under `root`; throws when it would leave the root. */
export function pathInside(root: string, relative: string): string {
  const normal = path.posix.normalize(relative.replace(/\\/g, "/"));
  if (path.posix.isAbsolute(normal) || normal === ".." || normal.startsWith("../") || relative.includes("\0")) {
    throw new OutsideFolderError(relative, "not a path inside the folder");
  }
  return path.join(root, normal);
}

/**
 * Throws OutsideFolderError when any existing component of `relative` under `root` is a symbolic
 * link; components that do not exist end the walk (there is nothing to follow).
 */
export async function assertNoLink(root: string, relative: string): Promise<void> {
  pathInside(root, relative);
  const parts = path.posix
    .normalize(relative)
    .split("/")
    .filter((part) => part && part !== ".");
  for (let i = 1; i <= parts.length; i++) {
    const partial = parts.slice(0, i).join("/");
    const info = await lstat(path.join(root, partial)).catch(() => undefined);
    if (!info) return;
    if (info.isSymbolicLink()) throw new OutsideFolderError(partial);
  }
}

const READ_FLAGS = constants.O_RDONLY | constants.O_NOFOLLOW;
const WRITE_FLAGS = constants.O_WRONLY | constants.O_CREAT | constants.O_TRUNC | constants.O_NOFOLLOW;

/**
 * Opens a regular file under `root` for reading, reached through no link: its handle and size, or
 * undefined when there is no such file (a folder is none). Throws OutsideFolderError for a link.
 */
export async function openInside(root: string, relative: string): Promise<{ handle: FileHandle; info: Stats } | undefined> {
  await assertNoLink(root, relative);
  let handle: FileHandle;
  try {
    handle = await open(pathInside(root, relative), READ_FLAGS);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    // ELOOP: the last component became a link after it was checked.
    if (code === "ELOOP") throw new OutsideFolderError(relative);
    if (code === "ENOENT" || code === "ENOTDIR") return undefined;
    throw error;
  }
  const info = await handle.stat();
  if (info.isFile()) return { handle, info };
  await handle.close();
  return undefined;
}

/** A file's bytes under `root`, read through no link; an ENOENT error when there is no such file. */
export async function readInside(root: string, relative: string): Promise<Buffer> {
  const opened = await openInside(root, relative);
  if (!opened) throw Object.assign(new Error(`${relative}: no such file`), { code: "ENOENT" });
  try {
    return await opened.handle.readFile();
  } finally {
    await opened.handle.close();
  }
}

/** A file's bytes under `root`, read through no link, or null when there is no such file. */
export const readInsideIfThere = (root: string, relative: string): Promise<Buffer | null> =>
  readInside(root, relative).catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return null;
    throw error;
  });

/** Writes a file under `root`, creating its folders, through no link. */
export async function writeInside(root: string, relative: string, bytes: Uint8Array | string): Promise<void> {
  await assertNoLink(root, relative);
  const file = pathInside(root, relative);
  await mkdir(path.dirname(file), { recursive: true });
  // The folders just made are checked again: one could have been replaced by a link meanwhile.
  await assertNoLink(root, relative);
  const handle = await open(file, WRITE_FLAGS).catch((error: NodeJS.ErrnoException) => {
    throw error.code === "ELOOP" ? new OutsideFolderError(relative) : error;
  });
  try {
    await handle.writeFile(bytes);
  } finally {
    await handle.close();
  }
}
