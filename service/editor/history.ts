/**
 * What changed in an article's record, from the content repository's history: the commits that
 * changed its entry in its issue's file, or a file in its folder (full text, references, figures,
 * galley), newest first, each with its date, its author and its message. Editors read it beside
 * the article (the editor's preview) when they write the version notes a correction or a new
 * version asks for; the public page shows those notes, not every commit.
 */
import { parse } from "yaml";
import { git } from "./git.ts";

export interface RecordChange {
  commit: string;
  date: string;
  author: string;
  subject: string;
}

/** The article's entry in an issue file's text, as JSON for comparison (undefined where it is not there). */
function entryIn(text: string, article: string): string | undefined {
  try {
    const issue = parse(text) as { articles?: { id?: string }[] } | null;
    const entry = issue?.articles?.find((a) => a.id === article);
    return entry === undefined ? undefined : JSON.stringify(entry);
  } catch {
    return undefined;
  }
}

/** Paths are relative to `contentDir`, which is inside a Git repository. */
export async function articleHistory(
  contentDir: string,
  { journal, issue, article }: { journal: string; issue: string; article: string },
  limit = 20,
): Promise<RecordChange[]> {
  const issueFile = `journals/${journal}/issues/${issue}.yaml`;
  const folder = `journals/${journal}/articles/${article}`;
  const log = await git(contentDir, ["log", "-n200", "--format=%x1e%H%x1f%aI%x1f%an%x1f%s", "--name-only", "--relative", "--", issueFile, folder]);
  const changes: RecordChange[] = [];
  // Each commit's record starts with a record separator: its line, then the files it changed.
  for (const block of log.split("\x1e")) {
    if (changes.length >= limit) break;
    const [head, ...files] = block.trim().split("\n").filter(Boolean);
    if (!head) continue;
    const [commit, date, author, subject] = head.split("\x1f");
    const inFolder = files.some((file) => file.startsWith(`${folder}/`));
    if (!inFolder) {
      const show = (ref: string) => git(contentDir, ["show", `${ref}:./${issueFile}`]).catch(() => "");
      const [after, before] = await Promise.all([show(commit), show(`${commit}^`)]);
      if (entryIn(after, article) === entryIn(before, article)) continue;
    }
    changes.push({ commit, date, author, subject });
  }
  return changes;
}
