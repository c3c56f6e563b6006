/**
 * `npm run screenshots -- [base URL] [out dir] [paths…]`: full-page screenshots of pages at
 * phone (390 px) and desktop (1440 px) widths in headless Chromium, for looking at the site.
 * Without paths, every page type in both languages, with real slugs asked of the running site's
 * API (so any catalogue will do), named `{nn}-{page type}-{locale}-{width}.png` so that the files
 * sort by page type, then language, then width.
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import { chromium } from "@playwright/test";
import { href } from "../contract/route-table.ts";
import { type Locale, locales } from "../i18n/locales.ts";

const WIDTHS = [390, 1440];
const [base = "http://127.0.0.1:3000", out = "screenshots", ...paths] = process.argv.slice(2);

interface Shot {
  file: string;
  path: string;
}

/** A JSON answer of the site's API (docs/api.md). */
async function api<T>(apiPath: string): Promise<T> {
  const response = await fetch(new URL(apiPath, base));
  if (!response.ok) throw new Error(`GET ${apiPath}: ${response.status}`);
  return (await response.json()) as T;
}

type Items<T> = { Items: T[] };
const first = async <T>(apiPath: string): Promise<T> => {
  const item = (await api<Items<T>>(apiPath)).Items[0];
  if (!item) throw new Error(`GET ${apiPath}: no items`);
  return item;
};

/** Every page type in one locale, in the order the files sort in; a type the catalogue has nothing of is left out. */
async function pageTypes(locale: Locale): Promise<[string, string][]> {
  const types: [string, () => string | Promise<string>][] = [
    ["home", () => href("home", {}, locale)],
    ["journals", () => href("journals", {}, locale)],
    ["journal", async () => href("journal-overview", { slug: (await journal()).slug }, locale)],
    ["journal-articles", async () => href("journal-articles-all", { slug: (await journal()).slug }, locale)],
    ["issue", async () => href("journal-issue", { slug: (await journal()).slug, issueId: (await issue()).id }, locale)],
    [
      "article",
      async () => href("journal-article", { slug: (await journal()).slug, issueId: (await issue()).id, articleSlug: await article() }, locale),
    ],
    ["board", async () => href("journal-board", { slug: (await journal()).slug }, locale)],
    ["books", () => href("books", {}, locale)],
    ["book", async () => href("book", { slug: await slugOf("books") }, locale)],
    ["services", () => href("services", {}, locale)],
    ["service", async () => href("service", { slug: await slugOf("services") }, locale)],
    ["policies", () => href("policies", {}, locale)],
    ["policy", async () => href("policy", { slug: await slugOf("policies") }, locale)],
    ["departments", () => href("departments", {}, locale)],
    ["department", async () => href("department", { slug: await slugOf("departments") }, locale)],
    ["about", () => href("about", {}, locale)],
    ["contact", () => href("contact-main", {}, locale)],
    ["contact-topic", () => href("contact-finance", {}, locale)],
    ["permission-form", () => href("permission-form", {}, locale)],
    ["search", async () => `${href("search", {}, locale)}?q=${encodeURIComponent(await searchWord())}`],
    ["not-found", () => `${href("home", {}, locale).replace(/\/$/, "")}/no-such-page`],
  ];

  // Each answer asked once, and only by the page types that need it.
  const once = <T>(get: () => Promise<T>) => {
    let answer: Promise<T> | undefined;
    return () => {
      answer ??= get();
      return answer;
    };
  };
  const journal = once(() => first<{ slug: string; title: string }>(`/api/journals/${locale}`));
  const issue = once(async () => first<{ id: string }>(`/api/journals/${locale}/${(await journal()).slug}/issues`));
  const article = once(
    async () => (await first<{ id: string }>(`/api/journals/${locale}/${(await journal()).slug}/issues/${(await issue()).id}`)).id,
  );
  const slugOf = (type: string) => first<{ slug: string }>(`/api/${type}/${locale}`).then((item) => item.slug);
  // A word the catalogue surely has: the longest of the first journal's title.
  const searchWord = async () => (await journal()).title.split(/\s+/).reduce((a, b) => (b.length > a.length ? b : a), "");

  const found: [string, string][] = [];
  for (const [index, [type, pathOf]] of types.entries()) {
    try {
      found.push([`${String(index + 1).padStart(2, "0")}-${type}`, await pathOf()]);
    } catch (error) {
      console.warn(`${type} (${locale}) left out: ${(error as Error).message}`);
    }
  }
  return found;
}

async function shots(): Promise<Shot[]> {
  if (paths.length > 0) {
    return paths.map((p) => ({ path: p, file: p.replace(/[^a-z0-9]+/gi, "_").replace(/^_|_$/g, "") || "home" }));
  }
  const list: Shot[] = [];
  for (const locale of locales) {
    for (const [name, p] of await pageTypes(locale)) list.push({ path: p, file: `${name}-${locale}` });
  }
  return list.sort((a, b) => a.file.localeCompare(b.file));
}

const pages = await shots();
mkdirSync(out, { recursive: true });
const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});
for (const width of WIDTHS) {
  // A visitor's user agent: headless Chromium's own counts as a crawler, which gets no error page.
  const page = await browser.newPage({
    viewport: { width, height: 900 },
    userAgent: "Mozilla/5.0 (X11; Linux x86_64) Chrome/156.0.0.0 Safari/537.36",
  });
  for (const shot of pages) {
    const response = await page.goto(base + shot.path, { waitUntil: "networkidle" });
    // As a visitor who has scrolled the whole page sees it: the lazily loaded images too.
    await page.evaluate(() => {
      for (const image of document.querySelectorAll<HTMLImageElement>('img[loading="lazy"]')) image.loading = "eager";
    });
    await page.waitForFunction(() => [...document.images].every((image) => image.complete), undefined, { timeout: 15_000 });
    const file = path.join(out, `${shot.file}-${String(width).padStart(4, "0")}.png`);
    await page.screenshot({ path: file, fullPage: true });
    console.log(`${file}  ${response?.status() ?? "?"} ${shot.path}`);
  }
  await page.close();
}
await browser.close();
