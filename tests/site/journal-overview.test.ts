/**
 * A journal's overview as the site renders it in process (tests/site-harness.ts): its aims and
 * scope, written in the content with headings of their own, sit one level below the page's
 * "Aims and scope" heading, so that the page's outline reads as a tree.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { href } from "../../contract/route-table.ts";
import { type SiteHarness, siteHarness } from "../site-harness.ts";
import { headings } from "./markup.ts";

let site: SiteHarness;
beforeAll(async () => {
  site = await siteHarness();
});
afterAll(() => site.close());

for (const [locale, slug, aimsScope, aims] of [
  ["en", "journal-of-social-inquiry", "Aims and scope", "Aims"],
  ["tr", "sosyal-arastirmalar-dergisi", "Amaç ve kapsam", "Amaç"],
] as const) {
  it(`the journal overview's aims and scope are headed one level below "${aimsScope}" (${locale})`, async () => {
    const { status, document } = await site.page(href("journal-overview", { slug }, locale));
    expect(status).toBe(200);
    expect(headings(document, 2, aimsScope)).toHaveLength(1);
    expect(headings(document, 3, aims)).toHaveLength(1);
    expect(headings(document, 2, aims)).toHaveLength(0);
  });
}
