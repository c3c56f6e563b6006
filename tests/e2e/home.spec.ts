/**
 * The home page as a visitor sees it: the journals with their covers and newest issues, the newest
 * articles in both languages, the new books, the open calls for papers (a closed one gone), each
 * call leading to its journal's calls in full; then the statistics and the services. The content
 * comes from the API; the texts are the visitor's, in each locale.
 */
import { type APIRequestContext, expect, type Locator, type Page, test } from "@playwright/test";
import type { CallDetail, CallSummary, HomeContent, List } from "../../contract/api-types.ts";
import { articlePath } from "../../contract/article-path.ts";
import { href } from "../../contract/route-table.ts";
import type { Locale } from "../../i18n/locales.ts";
import { DEGRADED_PORT } from "../../playwright.config.ts";
import { gotoHydrated } from "./hydrated.ts";

const api = async <T>(request: APIRequestContext, path: string) => {
  const response = await request.get(path);
  expect(response.status(), path).toBe(200);
  return (await response.json()) as T;
};

const words = {
  en: {
    journals: "Our journals",
    allJournals: "All journals",
    latestIssue: (v: number, n: number, y: number) => `Volume ${v}, Issue ${n} (${y})`,
    articles: "Latest articles",
    books: "New books",
    allBooks: "All books",
    calls: "Calls for papers",
    readCall: "Read the call and submit",
    deadline: "Deadline",
    callsOnJournal: "Calls for papers",
    callsOpen: "Open calls for papers",
    statistics: "The publisher in figures",
    services: "Services for authors and institutions",
  },
  tr: {
    journals: "Dergilerimiz",
    allJournals: "Tüm dergiler",
    latestIssue: (v: number, n: number, y: number) => `Cilt ${v}, Sayı ${n} (${y})`,
    articles: "Son makaleler",
    books: "Yeni kitaplar",
    allBooks: "Tüm kitaplar",
    calls: "Makale çağrıları",
    readCall: "Çağrıyı okuyun, makalenizi gönderin",
    deadline: "Son başvuru",
    callsOnJournal: "Makale çağrıları",
    callsOpen: "Başvuruya açık çağrılar",
    statistics: "Rakamlarla yayınevimiz",
    services: "Yazarlara ve kurumlara hizmetler",
  },
} as const;

/** A day as the locale writes it in full ("December 20, 2026" / "20 Aralık 2026"). */
const longDate = (day: string, locale: Locale) =>
  new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone: "UTC" }).format(new Date(`${day}T00:00:00Z`));

const region = (page: Page, name: string) => page.getByRole("region", { name, exact: true });

/** Whether an image has loaded (brought into view first: covers load lazily). */
async function loaded(image: Locator) {
  await image.scrollIntoViewIfNeeded();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
}

for (const locale of ["en", "tr"] as const) {
  const w = words[locale];

  test(`the home page leads with the latest articles and open calls, then the journals and new books, statistics below (${locale})`, async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const home = await api<HomeContent>(request, `/api/${locale}/home`);
    const everyCall = await api<List<CallSummary>>(request, `/api/calls/${locale}?include=closed`);
    expect(home.journals.length).toBeGreaterThan(0);
    expect(home.latestArticles.length).toBeGreaterThan(0);
    expect(home.newBooks.length).toBeGreaterThan(0);
    expect(home.calls.length).toBeGreaterThan(0);
    await page.goto(href("home", {}, locale));

    const journals = region(page, w.journals);
    await expect(journals.getByRole("link", { name: w.allJournals })).toHaveAttribute("href", href("journals", {}, locale));
    for (const journal of home.journals) {
      const card = journals.getByRole("listitem").filter({ has: page.getByRole("heading", { name: journal.title, exact: true }) });
      await expect(card.getByRole("link", { name: journal.title, exact: true })).toHaveAttribute(
        "href",
        href("journal", { slug: journal.slug }, locale),
      );
      await expect(card).toContainText(journal.categories[0].title);
      const cover = card.locator("img");
      await expect(cover).toHaveAttribute("width", "160");
      await loaded(cover);
      const issue = journal.latestIssue;
      if (issue) {
        await expect(card.getByRole("link", { name: w.latestIssue(issue.volume, issue.number, issue.year) })).toHaveAttribute(
          "href",
          href("journal-issue", { slug: journal.slug, issueId: issue.id }, locale),
        );
      }
    }

    const articles = region(page, w.articles);
    await expect(articles.getByRole("listitem")).toHaveCount(home.latestArticles.length);
    let bothTitles = 0;
    for (const article of home.latestArticles) {
      const shown = article.titles[locale] ? locale : article.language;
      const other = shown === "en" ? "tr" : "en";
      const title = page.getByRole("heading", { level: 3, name: article.titles[shown], exact: true });
      const item = articles.getByRole("listitem").filter({ has: title });
      await expect(item.getByRole("heading")).toHaveAttribute("lang", shown);
      await expect(item.getByRole("link")).toHaveAttribute("href", articlePath(article.journal.slug, article, locale));
      await expect(item).toContainText(article.journal.title);
      await expect(item.locator("time")).toHaveText(longDate(article.publishedOn, locale));
      await expect(item).toContainText(article.authors[0]);
      const otherTitle = article.titles[other];
      if (otherTitle) {
        bothTitles++;
        await expect(item.locator(`p[lang="${other}"]`)).toHaveText(otherTitle);
      }
    }
    // The demo's articles carry titles in both languages: the list shows them.
    expect(bothTitles).toBeGreaterThan(0);

    const books = region(page, w.books);
    await expect(books.getByRole("link", { name: w.allBooks })).toHaveAttribute("href", href("books", {}, locale));
    for (const book of home.newBooks) {
      const card = books.getByRole("listitem").filter({ has: page.getByRole("heading", { name: book.title, exact: true }) });
      await expect(card.getByRole("link", { name: book.title, exact: true })).toHaveAttribute("href", href("book", { slug: book.slug }, locale));
      await expect(card).toContainText(book.contributors[0].name);
      await expect(card).toContainText(String(book.year));
      await loaded(card.locator("img"));
    }

    const calls = region(page, w.calls);
    for (const call of home.calls) {
      const card = calls.getByRole("listitem").filter({ has: page.getByRole("heading", { name: call.title, exact: true }) });
      await expect(card).toContainText(call.journal.title);
      await expect(card.getByRole("definition")).toHaveText(longDate(call.deadline, locale));
      await expect(card.getByRole("term")).toHaveText(w.deadline);
      await expect(card.getByRole("link", { name: `${w.readCall}: ${call.title}` })).toHaveAttribute(
        "href",
        `${href("journal-overview", { slug: call.journal.slug }, locale)}#calls`,
      );
    }
    // A call whose deadline has passed is not offered (the demo has one, closed on 15 October 2026).
    const closed = everyCall.Items.filter((c) => !c.open);
    expect(closed.length).toBeGreaterThan(0);
    for (const call of closed) await expect(page.getByText(call.title)).toHaveCount(0);

    // The newest work in words first, the covers after it (on a phone, none in the first screen's
    // reach: decision 037); the statistics and the services follow the work.
    const statistics = region(page, w.statistics);
    await expect(statistics.locator("[data-stat]")).toHaveCount(5);
    const top = async (locator: Locator) => (await locator.boundingBox())?.y ?? Number.NaN;
    expect(await top(journals)).toBeGreaterThan(await top(articles));
    expect(await top(books)).toBeGreaterThan(await top(journals));
    expect(await top(statistics)).toBeGreaterThan(await top(books));
    expect(await top(region(page, w.services))).toBeGreaterThan(await top(statistics));
  });

  test(`a call's card leads to its journal's calls, which show it in full with its deadline (${locale})`, async ({ page, request }) => {
    const home = await api<HomeContent>(request, `/api/${locale}/home`);
    const call = home.calls[0];
    const detail = await api<CallDetail>(request, `/api/calls/${locale}/${call.id}`);
    await gotoHydrated(page, href("home", {}, locale));
    await region(page, w.calls)
      .getByRole("link", { name: `${w.readCall}: ${call.title}` })
      .click();
    // A client-side navigation: the URL changes once the journal's data and the route's code have come (slower on a cold server).
    await expect(page).toHaveURL(`${href("journal-overview", { slug: call.journal.slug }, locale)}#calls`, { timeout: 15_000 });
    const section = page.locator("#calls");
    await expect(section.getByRole("heading", { level: 2 })).toHaveText(w.callsOnJournal);
    await expect(section).toBeInViewport();
    const shown = section.getByRole("article", { name: call.title });
    await expect(shown.getByRole("heading", { level: 3 })).toHaveText(call.title);
    await expect(shown.getByRole("definition")).toHaveText(longDate(call.deadline, locale));
    // The call's text: its first paragraph, and its own headings one level below the call's title.
    const firstParagraph = (detail.bodyHtml.match(/<p>(.*?)<\/p>/s)?.[1] ?? "").replace(/<[^>]+>/g, "").replace(/\s+/g, " ");
    expect(firstParagraph.length).toBeGreaterThan(20);
    await expect(shown.locator(".rich-text p").first()).toHaveText(firstParagraph);
    await expect(shown.locator(".rich-text h4").first()).toBeVisible();
    await expect(shown.locator(".rich-text h2, .rich-text h3")).toHaveCount(0);
    // Beside the journal's text, the open calls are named with their deadlines, each a link to its text.
    const notice = page.getByRole("region", { name: w.callsOpen });
    await expect(notice.getByRole("link", { name: call.title })).toHaveAttribute("href", "#calls");
    await expect(notice).toContainText(longDate(call.deadline, locale));
  });
}

test("with the content service unreachable, the home page says its lists could not be loaded and keeps its statistics and services", async ({
  page,
}) => {
  const response = await page.goto(`http://127.0.0.1:${DEGRADED_PORT}/`);
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("status")).toHaveText("This list could not be loaded just now. Please try again in a moment.");
  await expect(page.getByRole("region", { name: words.en.journals })).toHaveCount(0);
  await expect(page.locator("[data-stat]")).toHaveCount(5);
  await expect(page.getByRole("heading", { level: 2, name: words.en.services })).toBeVisible();
});

for (const path of ["/", "/tr"]) {
  test(`the page arrives whole and in order, and its parts hydrate where the server put them (${path}, 390 px)`, async ({ page, request }) => {
    // Every part where it belongs, none sent to the end to be put in place by a script.
    const html = await (await request.get(path)).text();
    expect(html).not.toContain("<template");
    expect(html).not.toContain("$RC");
    const [hero, services, footer] = ["<h1", 'id="home-services"', "<footer"].map((marker) => html.indexOf(marker));
    expect(hero).toBeGreaterThan(0);
    expect(services).toBeGreaterThan(hero);
    expect(footer).toBeGreaterThan(services);
    // The server's elements are the ones hydrated, none drawn anew (which a mismatch would do).
    await page.setViewportSize({ width: 390, height: 844 });
    await page.addInitScript(() => {
      document.addEventListener("DOMContentLoaded", () => {
        const parts = ["header", "#home-services", "footer"].map((selector) => document.querySelector(selector));
        Object.assign(window, { serverParts: parts });
      });
    });
    await gotoHydrated(page, path);
    expect(
      await page.evaluate(() =>
        (window as unknown as { serverParts: Element[] }).serverParts.map(
          (part, i) => part !== null && part === document.querySelector(["header", "#home-services", "footer"][i]),
        ),
      ),
    ).toEqual([true, true, true]);
    // And they answer: the menu's button in the header, the first service's card below the first screen.
    await page.getByRole("button", { name: path === "/" ? "Menu" : "Menü" }).click();
    await expect(page.locator("[popover]:popover-open")).toHaveCount(1);
    await page.keyboard.press("Escape");
    await page.locator("#home-services ~ ul a").first().click();
    await expect(page).toHaveURL(path === "/" ? /\/services\/[a-z-]+$/ : /\/tr\/hizmetler\/[a-z-]+$/);
  });
}

test("every icon is drawn from the site's one sprite file, which a browser keeps for a year", async ({ page, request }) => {
  await gotoHydrated(page, "/tr");
  const icons = page.locator("main, footer").locator("svg:has(use)");
  // The eight services' cards and the five social networks.
  await expect(icons).toHaveCount(13);
  const drawn = await icons.evaluateAll((svgs) =>
    svgs.map((svg) => {
      const box = (svg as SVGGraphicsElement).getBBox();
      return { href: svg.querySelector("use")?.getAttribute("href"), drawn: box.width > 0 && box.height > 0 };
    }),
  );
  const files = new Set(drawn.map(({ href }) => href?.split("#")[0]));
  expect([...files]).toEqual([expect.stringMatching(/^\/icons\/[0-9a-f]{16}\.svg$/)]);
  expect(drawn.filter((icon) => !icon.drawn)).toEqual([]);
  const sprite = await request.get([...files][0] as string);
  expect([sprite.status(), sprite.headers()["content-type"], sprite.headers()["cache-control"]]).toEqual([
    200,
    "image/svg+xml; charset=utf-8",
    "public, max-age=31536000, immutable",
  ]);
  for (const { href } of drawn) expect(await sprite.text()).toContain(`<symbol id="${href?.split("#")[1]}"`);
  // A name no sprite has (a page from before the icons changed) is not found.
  expect((await request.get("/icons/0123456789abcdef.svg")).status()).toBe(404);
});
