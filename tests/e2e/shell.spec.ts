import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test } from "@playwright/test";
import { gotoHydrated } from "./hydrated.ts";

test.describe("desktop header panels", () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  for (const [locale, path, services, policies] of [
    ["en", "/", "Services", "Policies"],
    ["tr", "/tr", "Hizmetler", "Politikalar"],
  ] as const) {
    test(`the Services and Policies panels lay their items out as specified (${locale})`, async ({ page, request }) => {
      const initial = await (await request.get(`/api/${locale}/initial`)).json();
      await gotoHydrated(page, path);
      for (const [label, items, base, maxWidth] of [
        [services, initial.services, locale === "en" ? "/services" : "/tr/hizmetler", 1200],
        [policies, initial.policies, locale === "en" ? "/policies" : "/tr/politikalar", 960],
      ] as const) {
        const button = page.getByRole("button", { name: label, exact: true });
        await expect(button).toHaveAttribute("aria-expanded", "false");
        await button.click();
        await expect(button).toHaveAttribute("aria-expanded", "true");
        const panel = page.locator(`[id="${await button.getAttribute("aria-controls")}"]`);
        await expect(panel).toBeVisible();
        // Item i sits in column i mod 3, links to base/slug, and shows its icon or the dashed circle.
        const columns = panel.locator("ul");
        await expect(columns).toHaveCount(3);
        for (const [i, item] of (items as { slug: string; title: string; icon: string | null }[]).entries()) {
          const link = columns.nth(i % 3).getByRole("link", { name: item.title });
          await expect(link).toHaveAttribute("href", `${base}/${item.slug}`);
          await expect(link.locator("svg[stroke-dasharray]")).toHaveCount(item.icon ? 0 : 1);
        }
        // The all-items label and target are carried, not rendered as a link.
        await expect(panel).toHaveAttribute("data-all-to", base);
        await expect(panel).toHaveAttribute("data-all-label", /.+/);
        await expect(panel.locator(`a[href="${base}"]`)).toHaveCount(0);
        const box = await panel.boundingBox();
        expect(box?.width).toBeLessThanOrEqual(maxWidth);
        expect(box?.y).toBeGreaterThan(((await button.boundingBox())?.y ?? 0) + ((await button.boundingBox())?.height ?? 0));
        await page.keyboard.press("Escape");
        await expect(panel).toBeHidden();
        await expect(button).toBeFocused();
      }
    });
  }

  test("a panel closes on an outside click and when an item is picked", async ({ page }) => {
    await gotoHydrated(page, "/");
    const button = page.getByRole("button", { name: "Services", exact: true });
    await button.click();
    await page.getByRole("heading", { level: 1 }).click();
    await expect(button).toHaveAttribute("aria-expanded", "false");
    await button.click();
    await page.locator("[data-all-to]").first().getByRole("link", { name: "Book Publishing" }).click();
    await expect(page).toHaveURL(/\/services\/book-publishing$/);
    await expect(button).toHaveAttribute("aria-expanded", "false");
  });

  test("the panels work with the keyboard alone", async ({ page }) => {
    await gotoHydrated(page, "/");
    const button = page.getByRole("button", { name: "Policies", exact: true });
    await button.focus();
    await page.keyboard.press("Enter");
    await expect(button).toHaveAttribute("aria-expanded", "true");
    await expect(page.locator('[data-all-to="/policies"]')).toBeVisible();
    await page.keyboard.press("Tab");
    await expect(page.locator('[data-all-to="/policies"]').getByRole("link", { name: "Open Access and Licensing" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/policies\/open-access/);
  });

  test("panels stay inside a narrow desktop viewport", async ({ page }) => {
    await page.setViewportSize({ width: 1024, height: 800 });
    await gotoHydrated(page, "/");
    await page.getByRole("button", { name: "Services", exact: true }).click();
    const panel = page.locator("[data-all-to]").first();
    // The panel is shown once Floating UI has placed it.
    await expect(panel).toBeVisible();
    const box = await panel.boundingBox();
    expect(box?.width).toBeLessThanOrEqual(1024 - 32);
    expect(box?.x).toBeGreaterThanOrEqual(16);
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(1024 - 16);
  });

  test("the language switcher shows the locale in capitals and opens English and Türkçe", async ({ page }) => {
    await gotoHydrated(page, "/tr/kitaplar");
    const button = page.getByRole("button", { name: "Dil: Türkçe" });
    await expect(button).toHaveText("TR");
    await button.click();
    await expect(page.getByRole("link", { name: "English" })).toHaveAttribute("href", "/books");
    await page.keyboard.press("Escape");
    await expect(page.getByRole("link", { name: "English" })).toBeHidden();
  });
});

test.describe("mobile menu", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("opens and closes with its button, Escape and navigation, and locks the page behind", async ({ page }) => {
    await gotoHydrated(page, "/tr");
    const button = page.getByRole("button", { name: "Menü" });
    await expect(button).toHaveAttribute("aria-expanded", "false");
    await button.click();
    await expect(button).toHaveAttribute("aria-expanded", "true");
    const menu = page.locator(`[id="${await button.getAttribute("aria-controls")}"]`);
    await expect(menu).toBeVisible();
    expect(await page.evaluate(() => document.body.style.overflow)).toBe("hidden");
    for (const label of ["Ana Sayfa", "Biz Kimiz", "Hizmetler", "Dergiler", "Kitaplar", "Politikalar", "İletişim", "English", "Türkçe"]) {
      await expect(menu.getByRole("link", { name: label, exact: true })).toBeVisible();
    }
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(button).toBeFocused();
    expect(await page.evaluate(() => document.body.style.overflow)).toBe("");
    await button.click();
    await menu.getByRole("link", { name: "Dergiler" }).click();
    await expect(page).toHaveURL(/\/tr\/dergiler$/);
    await expect(menu).toBeHidden();
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the desktop header's panels and language list open, close and lead on", async ({ page, request }) => {
    const [first] = (await (await request.get("/api/tr/initial")).json()).services;
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto("/tr");
    const services = page.getByRole("button", { name: "Hizmetler", exact: true });
    await services.click();
    const panel = page.locator(`[id="${await services.getAttribute("aria-controls")}"]`);
    await expect(panel.getByRole("link", { name: first.title })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(panel).toBeHidden();
    await services.click();
    await panel.getByRole("link", { name: first.title }).click();
    await expect(page).toHaveURL(new RegExp(`/tr/hizmetler/${first.slug}$`));

    await page.getByRole("button", { name: "Dil: Türkçe" }).click();
    await page.getByRole("link", { name: "English" }).click();
    await expect(page).toHaveURL(new RegExp(`/services/${(await (await request.get("/api/en/initial")).json()).services[0].slug}$`));
  });

  test("on a phone, the menu button opens the header's links", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/tr/kitaplar");
    const button = page.getByRole("button", { name: "Menü" });
    await button.click();
    const menu = page.locator(`[id="${await button.getAttribute("aria-controls")}"]`);
    await expect(menu.getByRole("link", { name: "İletişim", exact: true })).toBeVisible();
    await button.click();
    await expect(menu).toBeHidden();
    await button.click();
    await menu.getByRole("link", { name: "Politikalar", exact: true }).click();
    await expect(page).toHaveURL(/\/tr\/politikalar$/);
  });
});

test("a menu opened while the page's JavaScript still loads stays open once it runs, and is followed", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto("/tr", { waitUntil: "commit" });
  const button = page.getByRole("button", { name: "Menü" });
  await button.click();
  const menu = page.locator(`[id="${await button.getAttribute("aria-controls")}"]`);
  await expect(menu.getByRole("link", { name: "Dergiler", exact: true })).toBeVisible();
  release();
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await expect(button).toHaveAttribute("aria-expanded", "true");
  await expect(menu).toBeVisible();
  await expect.poll(() => page.evaluate(() => document.body.style.overflow)).toBe("hidden");
  await menu.getByRole("link", { name: "Dergiler", exact: true }).click();
  await expect(page).toHaveURL(/\/tr\/dergiler$/);
  await expect(menu).toBeHidden();
  await expect(button).toHaveAttribute("aria-expanded", "false");
});

test("the loading bar runs during a slow client navigation, 2 px high, orange", async ({ page }) => {
  await gotoHydrated(page, "/");
  // The next page's data is held until the bar has been seen: a navigation as slow as the test needs.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/*.data*", async (route) => {
    await held;
    await route.continue();
  });
  const bar = page.locator("[data-loading-bar]");
  await expect(bar).toHaveAttribute("data-loading-bar", "hidden");
  await page.getByRole("link", { name: "Journals", exact: true }).first().click();
  await expect(bar).toHaveAttribute("data-loading-bar", "visible");
  expect(await bar.evaluate((el) => getComputedStyle(el).height)).toBe("2px");
  expect(await bar.evaluate((el) => getComputedStyle(el).backgroundImage)).toMatch(/linear-gradient/);
  release();
  await expect(page).toHaveURL(/\/journals$/);
  await expect(bar).toHaveAttribute("data-loading-bar", "hidden");
});

test.describe("a header painted before the rest of its page has arrived", () => {
  // The browser paints what it has parsed while it waits for more of the page. A stand-in for a slow
  // network sends the page up to a cut and the rest only once the page has said (/__painted) that it
  // painted a frame of the half it has; every other request goes straight through. A page that never
  // says so never loads, and the test fails on its time limit.
  const servePageCut = async (upstream: string, path: string, cutAfter: (html: string) => number) => {
    let painted = () => {};
    const halfPainted = new Promise<void>((resolve) => {
      painted = resolve;
    });
    const server = createServer(async (request, response) => {
      if (request.url === "/__painted") {
        painted();
        response.writeHead(204).end();
        return;
      }
      const answer = await fetch(upstream + request.url, { headers: { "user-agent": request.headers["user-agent"] ?? "" } });
      const body = Buffer.from(await answer.arrayBuffer());
      response.writeHead(answer.status, { "content-type": answer.headers.get("content-type") ?? "application/octet-stream" });
      if (request.url !== path) {
        response.end(body);
        return;
      }
      const cut = cutAfter(body.toString("latin1"));
      response.write(body.subarray(0, cut));
      await halfPainted;
      response.end(body.subarray(cut));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() };
  };
  const nthIndexAfter = (html: string, token: string, from: string, n: number) => {
    let at = html.indexOf(from);
    for (let i = 0; i < n; i++) at = html.indexOf(token, at) + token.length;
    return at;
  };

  for (const width of [1024, 1440]) {
    for (const [cut, cutAfter] of [
      ["its third link", (html: string) => nthIndexAfter(html, "</li>", "<nav", 3)],
      ["its links", (html: string) => nthIndexAfter(html, "</nav>", "<header", 1)],
      ["its search box", (html: string) => nthIndexAfter(html, "</form>", "</nav>", 1)],
    ] as const) {
      test(`nothing in it moves when the rest arrives (cut after ${cut}, ${width} px)`, async ({ page, baseURL }) => {
        const standIn = await servePageCut(baseURL ?? "", "/tr/dergiler", cutAfter);
        try {
          await page.setViewportSize({ width, height: 900 });
          await page.addInitScript(() => {
            const seen = window as unknown as { shifts: number; halfRendered: boolean };
            seen.shifts = 0;
            seen.halfRendered = false;
            new PerformanceObserver((list) => {
              for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[]) seen.shifts += entry.value;
            }).observe({ type: "layout-shift" });
            const frame = () => {
              if (!seen.halfRendered && document.querySelector("header") && !document.querySelector("footer")) {
                seen.halfRendered = true;
                // The frame after this one has painted the half page: the stand-in may send the rest.
                requestAnimationFrame(() => requestAnimationFrame(() => fetch("/__painted")));
              }
              if (document.readyState === "loading") requestAnimationFrame(frame);
            };
            requestAnimationFrame(frame);
          });
          const painted = page.waitForRequest(`${standIn.origin}/__painted`);
          await page.goto(`${standIn.origin}/tr/dergiler`, { waitUntil: "commit" });
          // The browser did lay out the half-received page, header and no footer, before the rest came.
          await painted;
          await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
          const shifts = await page.evaluate(() => (window as unknown as { shifts: number }).shifts);
          expect(shifts).toBeLessThan(0.001);
        } finally {
          standIn.close();
        }
      });
    }
  }
});
