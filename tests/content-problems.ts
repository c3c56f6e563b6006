/** The problems the content reader finds in a folder, for the tests that break one on purpose. */
import { ContentError, type ContentProblem, readContentFolder } from "../service/content/read-folder.ts";

/** What `readContentFolder(folder)` reports; none when the folder reads. */
export async function contentProblems(folder: string): Promise<ContentProblem[]> {
  try {
    await readContentFolder(folder);
    return [];
  } catch (error) {
    if (!(error instanceof ContentError)) throw error;
    return error.problems;
  }
}
