/**
 * The Git commands the content editor runs on the content folder's repository: commit exactly
 * the files a save touched, with the editor as author.
 */
import { execFile } from "node:child_process";
import path from "node:path";
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

/** The repository's top folder that holds `dir`. */
export async function repositoryRoot(dir: string): Promise<string> {
  return (await git(dir, ["rev-parse", "--show-toplevel"])).trim();
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
  const root = await repositoryRoot(dir);
  const paths = files.map((file) => path.relative(root, path.resolve(dir, file)));
  await git(root, ["add", "--all", "--", ...paths]);
  const changed = (await git(root, ["diff", "--cached", "--name-only", "--", ...paths])).trim();
  if (!changed) return undefined;
  const identity = ["-c", `user.name=${author.name}`, "-c", `user.email=${author.email}`];
  await git(root, [
    ...identity,
    "commit",
    "--quiet",
    "--no-verify",
    `--author=${author.name} <${author.email}>`,
    "-m",
    message,
    "--only",
    "--",
    ...paths,
  ]);
  return (await git(root, ["rev-parse", "HEAD"])).trim();
}
