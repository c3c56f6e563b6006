/**
 * The home page's statistics, as the site renders them in process (tests/site-harness.ts): the five
 * figures computed from the catalogue, written as the page's language writes numbers and percentages.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Initial } from "../../contract/api-types.ts";
import { type SiteHarness, siteHarness } from "../site-harness.ts";
import { attr, only, text } from "./markup.ts";

let site: SiteHarness;
beforeAll(async () => {
  site = await siteHarness();
});
afterAll(() => site.close());

it("home shows the five statistics computed from the catalogue", async () => {
  const initial = (await (await site.request("/api/en/initial")).json()) as Initial;
  const stats = async (path: string) => {
    const { status, document } = await site.page(path);
    expect(status).toBe(200);
    return (key: string) => text(only(document, (e) => attr(e, "data-stat") === key, `the statistic ${key}`));
  };
  const en = await stats("/");
  for (const key of ["journalCount", "articleCount", "globalIndexingDatabases"] as const) {
    expect(en(key), key).toBe(new Intl.NumberFormat("en").format(initial[key]));
  }
  // Views are counted as articles are read, and the page may be a kept copy: a count no higher than
  // the service's since (counted views only grow).
  const shownViews = Number(en("articleViews").replace(/,/g, ""));
  expect(Number.isInteger(shownViews) && shownViews >= 0 && shownViews <= initial.articleViews).toBe(true);
  expect(en("doubleBlindRate")).toBe(`${initial.doubleBlindRate}%`);
  expect((await stats("/tr"))("doubleBlindRate")).toBe(`%${initial.doubleBlindRate}`);
});
