/**
 * The Git commands the content editor runs on the content folder's repository: commit exactly
 * the files a save touched, with the editor as author.
 */
import { execFile } from "node:child_process";
import { promisify } from "node:util";

const run = promisify(execFile);

/** Who a commit is by: `Name <email>`. */
export interface Author {
  name: string;
  email: string;
}

/** Runs git in `cwd`; its standard output. */
export async function git(cwd: string, args: string[]): Promise<string> {
  const { stdout } = await run("git", args, { cwd, maxBuffer: 16 * 1024 * 1024 });
  return stdout;
}

/** Where `dir` is in its repository: its top folder, the folder's path in it ("." at the top), and its Git directory. */
export async function placeInRepository(dir: string): Promise<{ root: string; folder: string; gitDir: string }> {
  const [root, prefix, gitDir] = (await git(dir, ["rev-parse", "--show-toplevel", "--show-prefix", "--absolute-git-dir"])).split("\n");
  return { root, folder: prefix.replace(/\/$/, "") || ".", gitDir };
}

/** The author Git itself would use in `dir` (user.name and user.email), when both are set. */
export async function configuredAuthor(dir: string): Promise<Author | undefined> {
  const read = (key: string) =>
    git(dir, ["config", "--get", key]).then(
      (v) => v.trim(),
      () => "",
    );
  const [name, email] = await Promise.all([read("user.name"), read("user.email")]);
  return name && email ? { name, email } : undefined;
}

/**
 * Commits these files (paths under `dir`; added, changed or deleted) and nothing else: other
 * changes in the working tree or the index stay as they were. Returns the new commit's hash, or
 * undefined when the files were already as committed.
 */
export async function commitFiles(dir: string, files: string[], message: string, author: Author): Promise<string | undefined> {
  // Pathspecs are relative to the folder git runs in: the content folder's own paths, as given.
  await git(dir, ["add", "--all", "--", ...files]);
  const changed = (await git(dir, ["diff", "--cached", "--name-only", "--", ...files])).trim();
  if (!changed) return undefined;
  const identity = ["-c", `user.name=${author.name}`, "-c", `user.email=${author.email}`];
  await git(dir, [
    ...identity,
    "commit",
    "--quiet",
    "--no-verify",
    `--author=${author.name} <${author.email}>`,
    "-m",
    message,
    "--only",
    "--",
    ...files,
  ]);
  return (await git(dir, ["rev-parse", "HEAD"])).trim();
}
