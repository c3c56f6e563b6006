/**
 * Finding one's way (docs/decisions/033-wayfinding.md), as the site renders the pages in process
 * (tests/site-harness.ts): About's link to the contact hub, a breadcrumb that says what the JSON-LD
 * trail says, a service page short enough to need no table of contents, and a quote request that
 * chooses no service it does not offer. (What the header, the keyboard and a click do is the
 * browser's: tests/e2e/wayfinding.spec.ts.)
 */
import type { Document } from "domhandler";
import { textContent } from "domutils";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type SiteHarness, siteHarness } from "../site-harness.ts";
import { attr, elements, jsonLd, links, main, navigations } from "./markup.ts";

const ORIGIN = "https://www.meridianpress.example";

let site: SiteHarness;
beforeAll(async () => {
  site = await siteHarness();
});
afterAll(() => site.close());

const page = async (path: string) => {
  const { status, document } = await site.page(path);
  expect([path, status]).toEqual([path, 200]);
  return document;
};

it("About links the contact hub, in both locales", async () => {
  for (const [path, name, contact] of [
    ["/who-we-are", "our contact page", "/contact-us"],
    ["/tr/biz-kimiz", "İletişim sayfamızda", "/tr/bize-ulasin"],
  ]) {
    const document = await page(path);
    expect(links(main(document), name, document).map((link) => attr(link, "href"))).toEqual([contact]);
  }
});

/** The page's breadcrumb navigation (none on the home page). */
const breadcrumbs = (document: Document) => [...navigations(document, "Breadcrumb"), ...navigations(document, "Sayfa yolu")];

/** The visible trail as [name, path] pairs, and the JSON-LD trail the same way. */
function trails(document: Document) {
  const [nav] = breadcrumbs(document);
  const visible = elements(nav ?? [], (e) => e.name === "a" && attr(e, "href") !== null).map((a) => [
    textContent(a),
    decodeURI(attr(a, "href") ?? ""),
  ]);
  const lists = jsonLd(document).filter((thing) => thing["@type"] === "BreadcrumbList");
  const jsonLdTrail = ((lists[0]?.itemListElement ?? []) as { name: string; item: string }[]).map((item) => [
    item.name,
    decodeURI(item.item.replace(ORIGIN, "")),
  ]);
  return { visible, jsonLd: jsonLdTrail };
}

it("every inner page shows the trail its JSON-LD describes, the page itself last", async () => {
  for (const path of [
    "/services/conference-proceedings",
    "/tr/politikalar/gizlilik-politikasi",
    "/journals/journal-of-social-inquiry",
    "/tr/dergiler/sosyal-arastirmalar-dergisi/makaleler",
    "/books",
    "/who-we-are/departments",
    "/contact-us/finance",
    "/tr/bize-ulasin/izin-talebi",
    "/form-permission",
  ]) {
    const document = await page(path);
    expect(breadcrumbs(document), path).toHaveLength(1);
    const { visible, jsonLd } = trails(document);
    expect(visible.length, path).toBeGreaterThan(1);
    expect(visible, path).toEqual(jsonLd);
    const current = elements(breadcrumbs(document), (e) => e.name === "a" && attr(e, "aria-current") === "page");
    expect(current, path).toHaveLength(1);
    expect(decodeURI(attr(current[0], "href") ?? ""), path).toBe(decodeURI(path));
  }
  expect(breadcrumbs(await page("/"))).toEqual([]);
});

it("a service's page, with four sections, has no table of contents", async () => {
  const document = await page("/services/book-publishing");
  expect(navigations(document, "Contents")).toEqual([]);
});

it("a service the quote form does not offer is not chosen", async () => {
  const document = await page("/contact-us/quote-request-collaboration?service=%3Cscript%3E");
  const services = elements(document, (e) => e.name === "input" && attr(e, "name") === "services");
  expect(services.length).toBeGreaterThan(0);
  expect(services.filter((input) => attr(input, "checked") !== null)).toEqual([]);
});
