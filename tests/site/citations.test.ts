/**
 * How to cite an article, as the site renders the page in process (tests/site-harness.ts): the page
 * cites the article in ISNAD with its journal, volume and issue, and its RIS file is the article's.
 * (Copying, and a book's citations, are what a visitor does in a browser: tests/e2e/citations.spec.ts.)
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { type SiteHarness, siteHarness } from "../site-harness.ts";
import { accessibleName, attr, elements, only, region, text } from "./markup.ts";

let site: SiteHarness;
beforeAll(async () => {
  site = await siteHarness();
});
afterAll(() => site.close());

it("an article page cites the article, in ISNAD with its journal, volume and issue, and offers its files", async () => {
  const journal = "journal-of-social-inquiry";
  const get = async (path: string) => (await site.request(path)).json();
  const issue = (await get(`/api/journals/en/${journal}/issues`)).Items[0];
  const [summary] = (await get(`/api/journals/en/${journal}/issues/${issue.id}`)).Items;
  const trSlug = (await get(`/api/journals/en/${journal}`)).alternates.tr;
  const article = await get(`/api/journals/tr/${trSlug}/issues/${issue.id}/articles/${summary.id}`);
  const { status, document } = await site.page(`/tr/dergiler/${article.alternates.tr}/makaleler/${issue.id}/${article.id}`);
  expect(status).toBe(200);
  const section = region(document, "Nasıl atıf yapılır");
  const isnadStyle = only(section, (e) => e.name === "details" && text(e).includes("SNAD"), "the ISNAD citation");
  const isnad = text(only(isnadStyle, (e) => e.name === "p", "the ISNAD reference"));
  // Typographic quotes and apostrophes, as CSL sets them.
  expect(isnad).toContain(`“${article.title.replaceAll("'", "’")}”`);
  expect(isnad).toContain(`${article.journal.title} ${issue.volume}/${issue.number} (${issue.year})`);
  const ris = elements(section, (e) => e.name === "a" && /RIS/.test(accessibleName(e, document)));
  expect(ris).toHaveLength(1);
  const response = await site.request(attr(ris[0], "href") as string);
  expect(response.status).toBe(200);
  const file = await response.text();
  expect(file).toContain(`TI  - ${article.title}`);
  expect(file).toContain(`UR  - https://www.meridianpress.example/tr/dergiler/${article.alternates.tr}/makaleler/${issue.id}/${article.id}`);
});
