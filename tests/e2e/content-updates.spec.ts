/**
 * An import shows at once: every process follows the content's revision and forgets the pages it
 * kept when an import moves it on, instead of serving them for up to 70 s more.
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

  await request.get(path);
  expect((await request.get(path)).headers()["x-page-cache"]).toBe("HIT");
  const { db } = openDatabase(E2E_DATABASE);
  try {
    await importContent(db, changed);
    let cache: string | undefined;
    const page = async () => {
      const response = await request.get(path);
      cache = response.headers()["x-page-cache"];
      return response.text();
    };
    // The revision is followed every 2 s: far sooner than the cache's 10 s fresh and 60 s stale.
    await expect.poll(page, { timeout: 8000, intervals: [200] }).toContain(marker);
    // The first answer with the import's text was rendered anew: the kept page had been forgotten, not aged out.
    expect(cache).toBe("MISS");
  } finally {
    await importContent(db, demo);
    await db.destroy();
  }
});
