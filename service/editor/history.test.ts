/**
 * An article's history from Git: the commits that changed its entry in the issue file or a file
 * in its folder, newest first; a commit that changed only another article of the same issue is
 * not in it.
 */
import { execFileSync } from "node:child_process";
import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { articleHistory } from "./history.ts";

const demo = path.resolve(import.meta.dirname, "../../content/demo");
const JOURNAL = "journal-of-social-inquiry";
const FIRST = "climate-anxiety-and-pro-environmental-action-among-university-students";
const SECOND = "walkability-and-womens-perceived-safety-in-bursa";
let repo: string;
const content = () => path.join(repo, "content");
const commit = (author: string, message: string) => {
  execFileSync("git", ["add", "-A"], { cwd: repo });
  execFileSync("git", ["-c", `user.name=${author}`, "-c", "user.email=e@example.org", "commit", "-qm", message], { cwd: repo });
};
const edit = async (file: string, change: (text: string) => string) => {
  const target = path.join(content(), file);
  await writeFile(target, change(await readFile(target, "utf8")));
};

beforeAll(async () => {
  repo = await mkdtemp(path.join(tmpdir(), "history-"));
  await cp(demo, content(), { recursive: true });
  execFileSync("git", ["init", "-q", "-b", "main"], { cwd: repo });
  commit("Seed", "demo content");
  await edit(`journals/${JOURNAL}/issues/v15-n1.yaml`, (t) =>
    t.replace("Climate anxiety is increasingly discussed", "Climate anxiety is widely discussed"),
  );
  commit("Ayşe Editör", "The abstract reworded");
  await edit(`journals/${JOURNAL}/issues/v15-n1.yaml`, (t) => t.replace("doi: 10.5555/jsi.2026.15.1.2", "doi: 10.5555/jsi.2026.15.1.20"));
  commit("Can Editör", "Another article's DOI");
  await edit(`journals/${JOURNAL}/articles/${FIRST}/references.yaml`, (t) => `${t}- id: r99\n  text: Added, A. (2026). A work added.\n`);
  commit("Ayşe Editör", "A reference added");
}, 60_000);
afterAll(() => rm(repo, { recursive: true, force: true }));

describe("an article's history from Git", () => {
  it("lists the commits that changed it, newest first, with date, author and message", async () => {
    const changes = await articleHistory(content(), { journal: JOURNAL, issue: "v15-n1", article: FIRST });
    expect(changes.map((c) => [c.author, c.subject])).toEqual([
      ["Ayşe Editör", "A reference added"],
      ["Ayşe Editör", "The abstract reworded"],
      ["Seed", "demo content"],
    ]);
    expect(changes[0].date).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });

  it("leaves out what changed only another article of the issue", async () => {
    const changes = await articleHistory(content(), { journal: JOURNAL, issue: "v15-n1", article: SECOND });
    expect(changes.map((c) => c.subject)).toEqual(["Another article's DOI", "demo content"]);
  });
});
