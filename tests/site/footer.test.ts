/**
 * The footer as the site renders it in process (tests/site-harness.ts): the publisher's name, its
 * social links (X's from the configuration), the site's sections in the page's language, among them
 * the Services and Policies overviews (docs/decisions/033-wayfinding.md), the library, the copyright.
 */
import type { Document } from "domhandler";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type SiteHarness, siteHarness } from "../site-harness.ts";
import { attr, elements, footer, links, text } from "./markup.ts";

let site: SiteHarness;
beforeAll(async () => {
  site = await siteHarness({ SOCIAL_X_URL: "https://x.com/meridian_e2e" });
});
afterAll(() => site.close());

const page = async (path: string) => {
  const { status, document } = await site.page(path);
  expect([path, status]).toEqual([path, 200]);
  return document;
};
/** The attribute `name` of the one footer link named `link`. */
const linkAttribute = (document: Document, link: string, name: string) => {
  const found = links(footer(document), link, document);
  expect(found, link).toHaveLength(1);
  return attr(found[0], name);
};

it("the footer has the logo, social links, localized links, the library and the 2025 copyright", async () => {
  const document = await page("/tr");
  for (const name of ["Facebook'ta Meridyen", "Instagram'da Meridyen", "X'te Meridyen", "LinkedIn'de Meridyen", "YouTube'da Meridyen"]) {
    expect(linkAttribute(document, name, "href")).toMatch(/^https:\/\//);
  }
  expect(linkAttribute(document, "X'te Meridyen", "href")).toBe("https://x.com/meridian_e2e");
  const socialIcons = elements(footer(document), (e) => (attr(e, "class") ?? "").split(" ").includes("social-link")).flatMap((link) =>
    elements(link, (e) => e.name === "svg"),
  );
  expect(socialIcons).toHaveLength(5);
  expect(linkAttribute(document, "Departmanlar", "href")).toBe("/tr/who-we-are/departments");
  expect(linkAttribute(document, "Biz Kimiz", "href")).toBe("/tr/biz-kimiz");
  expect(linkAttribute(document, "Meridyen Dijital Kütüphane", "rel")).toMatch(/noopener/);
  expect(text(footer(document))).toContain("© 2025 Meridyen Akademik Yayıncılık");
});

it("the footer links both overviews, in both locales", async () => {
  for (const [path, services, policies, servicesPath, policiesPath] of [
    ["/books", "Services", "Policies", "/services", "/policies"],
    ["/tr/kitaplar", "Hizmetler", "Politikalar", "/tr/hizmetler", "/tr/politikalar"],
  ]) {
    const document = await page(path);
    expect(linkAttribute(document, services, "href")).toBe(servicesPath);
    expect(linkAttribute(document, policies, "href")).toBe(policiesPath);
  }
});
