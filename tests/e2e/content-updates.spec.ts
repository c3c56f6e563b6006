/**
 * An import shows at once: every process follows the content's revision and, when an import moves
 * it on, marks the pages it kept stale: each is answered once more as it was while it is rendered
 * again (no visitor waits for a render), instead of being served for up to 70 s more.
 */
import { expect, test } from "@playwright/test";
import { href } from "../../contract/route-table.ts";
import { E2E_DATABASE } from "../../playwright.config.ts";
import { importContent } from "../../service/content/import.ts";
import { readContentFolder } from "../../service/content/read-folder.ts";
import { openDatabase } from "../../service/db/database.ts";

test("a page kept by the page cache shows the content of an import within seconds", async ({ request }) => {
  const path = href("about", {}, "en");
  const marker = `Imported at ${Date.now()}.`;
  const demo = await readContentFolder("content/demo");
  const changed = structuredClone(demo);
  const about = changed.pages.find((p) => p.id === "about");
  if (!about) throw new Error("the demo content has no about page");
  about.en.body += `\n\n${marker}`;

  // Kept and fresh: an earlier test may have left it kept and aged, answered stale while rendered again.
  await expect.poll(async () => (await request.get(path)).headers()["x-page-cache"], { timeout: 15_000 }).toBe("HIT");
  const { db } = openDatabase(E2E_DATABASE);
  try {
    await importContent(db, changed);
    const states: string[] = [];
    const page = async () => {
      const response = await request.get(path);
      const text = await response.text();
      states.push(`${response.headers()["x-page-cache"]}${text.includes(marker) ? " new" : ""}`);
      return text;
    };
    // The revision is followed every 2 s: far sooner than the cache's 10 s fresh and 60 s stale.
    // 15 s: on a loaded machine (the whole suite, six servers) a render alone has taken 4 s.
    await expect.poll(page, { timeout: 15_000, intervals: [200] }).toContain(marker);
    // Kept while fresh; then the old page, stale, while the new one was rendered (more than once when
    // the render takes longer than a poll); then the new page, kept at once.
    const seen = `the answers, in order: ${states.join(", ")}`;
    expect(states.at(-1), seen).toBe("HIT new");
    const stale = states.indexOf("STALE");
    expect(stale, seen).toBeGreaterThanOrEqual(0);
    expect(
      states.slice(0, stale).every((state) => state === "HIT"),
      seen,
    ).toBe(true);
    expect(
      states.slice(stale, -1).every((state) => state === "STALE"),
      seen,
    ).toBe(true);
  } finally {
    await importContent(db, demo);
    await db.destroy();
  }
});
