/**
 * `npm run screenshots -- [base URL] [out dir] [paths…]`: full-page screenshots of pages at
 * phone (390 px) and desktop (1440 px) widths in headless Chromium, for looking at the site.
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import { chromium } from "@playwright/test";

const [base = "http://127.0.0.1:3000", out = "screenshots", ...paths] = process.argv.slice(2);
const pages = paths.length > 0 ? paths : ["/", "/tr"];
mkdirSync(out, { recursive: true });

const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});
for (const width of [390, 1440]) {
  // A visitor's user agent: headless Chromium's own counts as a crawler, which gets no error page.
  const page = await browser.newPage({
    viewport: { width, height: 900 },
    userAgent: "Mozilla/5.0 (X11; Linux x86_64) Chrome/156.0.0.0 Safari/537.36",
  });
  for (const p of pages) {
    await page.goto(base + p, { waitUntil: "networkidle" });
    const name = `${width}-${p.replace(/[^a-z0-9]+/gi, "_").replace(/^_|_$/g, "") || "home"}.png`;
    await page.screenshot({ path: path.join(out, name), fullPage: true });
    console.log(path.join(out, name));
  }
  await page.close();
}
await browser.close();
