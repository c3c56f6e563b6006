/** The journals of a content folder as the editor lists them: each one's issues and reference lists are collections of their own. */
import { readdir } from "node:fs/promises";
import path from "node:path";
import { parse } from "yaml";
import { readInside } from "../content/confined.ts";
import type { JournalListing } from "./decap-config.ts";

export async function journalsOf(contentDir: string): Promise<JournalListing[]> {
  const dirs = await readdir(path.join(contentDir, "journals"), { withFileTypes: true }).catch(() => []);
  const journals = await Promise.all(
    dirs
      .filter((dir) => dir.isDirectory())
      .map(async (dir) => {
        const file = await readInside(contentDir, `journals/${dir.name}/journal.yaml`).then(String, () => "");
        const title = (parse(file) as { en?: { title?: string } } | null)?.en?.title;
        return { id: dir.name, title: title ?? dir.name };
      }),
  );
  return journals.sort((a, b) => a.title.localeCompare(b.title, "en"));
}
