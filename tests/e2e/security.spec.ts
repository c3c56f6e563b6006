/**
 * Security headers: every page runs under its hash-based Content-Security-Policy without a
 * violation, every kind of answer carries the headers, and the MDN HTTP Observatory's grading of
 * the site as a visitor reaches it over HTTPS (through a TLS-ending proxy) is A+.
 */
import { expect, type Page, test } from "@playwright/test";
import { observatoryGrade } from "../observatory-grade.ts";
import { gotoHydrated } from "./hydrated.ts";

/** The violations the page reported, collected from the document's first script on. */
async function collectViolations(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { violations: string[] }).violations = seen;
    document.addEventListener("securitypolicyviolation", (event) => seen.push(`${event.effectiveDirective} ${event.blockedURI}`));
  });
  return () => page.evaluate(() => (window as unknown as { violations: string[] }).violations);
}

const pages = [
  "/",
  "/journals",
  "/journals/journal-of-social-inquiry",
  "/tr/dergiler/sosyal-arastirmalar-dergisi/makaleler",
  "/books",
  "/search?q=istanbul",
  "/contact-us",
  "/tr/bize-ulasin/finans",
];

for (const path of pages) {
  test(`${path} hydrates under its policy without a violation`, async ({ page }) => {
    const violations = await collectViolations(page);
    await gotoHydrated(page, path);
    // A client navigation loads the next route's modules: they are trusted through 'strict-dynamic'.
    // The logo goes home: React Router loads the home route's modules before it shows it.
    await page.getByRole("banner").getByRole("link").first().click();
    await expect(page).toHaveURL(/\/(tr)?$/);
    await expect(page.locator("#home-services")).toBeAttached();
    expect(await violations()).toEqual([]);
  });
}

test("every kind of answer carries the security headers", async ({ request }) => {
  const home = await request.get("/journals");
  const asset = (await home.text()).match(/\/assets\/[^"]+\.js/)?.[0];
  expect(asset).toBeDefined();
  const answers = {
    page: home,
    asset: await request.get(asset as string),
    api: await request.get("/api/en/initial"),
    health: await request.get("/healthz"),
    sitemap: await request.get("/sitemap.xml"),
    icon: await request.get("/favicon.svg"),
    missing: await request.get("/no-such-page"),
    refused: await request.post("/contact-us", { data: "x".repeat(200 * 1024), headers: { "content-type": "application/x-www-form-urlencoded" } }),
  };
  for (const [kind, response] of Object.entries(answers)) {
    const headers = response.headers();
    expect([kind, headers["strict-transport-security"]]).toEqual([kind, "max-age=31536000"]);
    expect([kind, headers["x-content-type-options"]]).toEqual([kind, "nosniff"]);
    expect([kind, headers["referrer-policy"]]).toEqual([kind, "strict-origin-when-cross-origin"]);
    expect([kind, headers["cross-origin-resource-policy"]]).toEqual([kind, "same-origin"]);
    expect([kind, headers["x-frame-options"]]).toEqual([kind, "DENY"]);
    expect(headers["permissions-policy"]).toContain("camera=()");
    expect(headers["content-security-policy"]).toMatch(/^default-src 'none'; .*frame-ancestors 'none'/);
  }
  expect(answers.refused.status()).toBe(413);
  // A page's scripts are allowed by hash only; a page without any runs nothing.
  for (const response of [answers.page, answers.missing]) {
    expect(response.headers()["content-security-policy"]).toMatch(/script-src 'strict-dynamic'( 'sha256-[A-Za-z0-9+/=]+')+ 'self';/);
  }
  expect(answers.refused.headers()["content-security-policy"]).toContain("script-src 'none';");
  expect(answers.api.headers()["content-security-policy"]).not.toContain("script-src");
  // A 304 carries the page's own policy: a browser that keeps its copy keeps the policy its scripts need.
  const kept = await request.get("/journals");
  const revalidated = await request.get("/journals", { headers: { "If-None-Match": kept.headers().etag } });
  expect(revalidated.status()).toBe(304);
  expect(revalidated.headers()["content-security-policy"]).toBe(kept.headers()["content-security-policy"]);
  // Without analytics or the bot check configured, no Google origin is allowed.
  expect(answers.page.headers()["content-security-policy"]).not.toContain("google");
});

test("the MDN HTTP Observatory grades the site A+ as visitors reach it over HTTPS", async ({ request }) => {
  const host = "www.meridianpress.example";
  const page = await request.get("/", { headers: { "X-Forwarded-Proto": "https" } });
  const http = await request.get("/", { headers: { "X-Forwarded-Proto": "http" }, maxRedirects: 0 });
  expect(http.status()).toBe(301);
  const cors = await request.fetch("/", {
    method: "OPTIONS",
    headers: { Origin: "https://http-observatory.security.mozilla.org", "Access-Control-Request-Method": "GET" },
  });
  const observed = async (response: typeof page) => ({
    status: response.status(),
    headers: response.headers(),
    setCookies: response.headersArray().flatMap((h) => (h.name.toLowerCase() === "set-cookie" ? [h.value] : [])),
    body: await response.text(),
  });
  const grade = observatoryGrade({
    page: await observed(page),
    http: await observed(http),
    httpRedirects: [`http://${host}/`, http.headers().location],
    cors: await observed(cors),
    host,
  });
  console.log(`Observatory: ${grade.grade}, ${grade.score}`, JSON.stringify(grade.results));
  expect(Object.values(grade.results).filter((r) => r.modifier < 0)).toEqual([]);
  expect([grade.grade, grade.score]).toEqual(["A+", 130]);
});
