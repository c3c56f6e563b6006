import { expect, test } from "@playwright/test";
import { checkFormToken } from "../../app/lib/forms/form-token.server.ts";
import { referenceOf } from "../../forms/reference.ts";
import { API_TOKEN, FORM_SECRET, REMOTE_WEB_PORT } from "../../playwright.config.ts";
import { axeViolations } from "./axe.ts";
import { gotoHydrated } from "./hydrated.ts";
import {
  afterMinimumFillTime,
  filledToken,
  formPages,
  openForm,
  referenceOnPage,
  sendForm,
  sentTitle,
  storedSubmissions,
  submitButton,
  uniqueMarker,
  visitorIp,
} from "./submissions.ts";

test.beforeEach(async ({ page }, testInfo) => {
  await page.setExtraHTTPHeaders({ "X-Forwarded-For": visitorIp(testInfo) });
});

/**
 * Every form in both locales and both ways of sending it, the pairs alternating from form to form
 * (English with JavaScript and Turkish without, then the other way round): the form's fields differ
 * by form, the texts by locale, the sending by JavaScript.
 */
for (const javaScript of [true, false]) {
  test.describe(`every form, JavaScript ${javaScript ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled: javaScript });

    for (const [index, form] of formPages.entries()) {
      const locale = (index % 2 === 0) === javaScript ? "en" : "tr";
      test(`${form[locale]} is sent, answered and stored`, async ({ page }) => {
        const { marker } = await sendForm(page, form[locale], form.kind, { javaScript });

        await expect(page.getByRole("heading", { name: sentTitle[locale] })).toBeVisible();
        const reference = await referenceOnPage(page);
        const stored = storedSubmissions(marker);
        expect(stored).toHaveLength(1);
        expect(stored[0]).toMatchObject({
          id: reference.replaceAll("-", ""),
          form: form.kind,
          locale,
          departmentId: form.department,
          phone: "+905321234567",
        });
        expect(JSON.parse(stored[0].fields).message).toContain(marker);
      });
    }
  });
}

test.describe("without JavaScript, invalid input", () => {
  test.use({ javaScriptEnabled: false });

  test("is answered 422 with each error beside its field, in Turkish, what was typed kept, nothing stored", async ({ page }) => {
    const marker = uniqueMarker();
    await openForm(page, "/tr/bize-ulasin/finans", false);
    await page.locator("#name").fill(`Ayşe ${marker}`);
    await page.locator("#email").fill("ayse@");
    await page.locator("#phone").fill("0532 12");
    await page.locator("#invoiceNumber").fill("MAP-2026-0142");
    await page.locator("#message").fill("Fatura sorusu");
    await afterMinimumFillTime(page);
    const [response] = await Promise.all([page.waitForResponse((r) => r.request().method() === "POST"), submitButton(page).click()]);
    expect(response.status()).toBe(422);
    await expect(page.getByRole("alert")).toContainText("Form gönderilemedi: lütfen aşağıda işaretli 4 alanı düzeltin.");
    await expect(page.locator("#email-error")).toHaveText("ad@ornek.com gibi bir e-posta adresi girin.");
    await expect(page.locator("#phone-error")).toHaveText("Seçilen ülke için geçerli bir telefon numarası girin.");
    await expect(page.locator("#financeTopic-error")).toHaveText("Lütfen birini seçin.");
    await expect(page.locator("#consent-error")).toHaveText("Talebinizi işleyebilmemiz için lütfen onay verin.");
    await expect(page.locator("#email")).toHaveAttribute("aria-invalid", "true");
    await expect(page.locator("#email")).toHaveAttribute("aria-describedby", /email-error/);
    await expect(page.locator("#name")).toHaveValue(`Ayşe ${marker}`);
    await expect(page.locator("#email")).toHaveValue("ayse@");
    await expect(page.locator("#phone")).toHaveValue("0532 12");
    await expect(page.locator("#invoiceNumber")).toHaveValue("MAP-2026-0142");
    await expect(page.locator("#message")).toHaveValue("Fatura sorusu");
    expect(storedSubmissions(marker)).toHaveLength(0);
  });
});

test.describe("with JavaScript, a form sent again", () => {
  test("after its token expired (a restart, a day away) goes through without reloading the page", async ({ page }) => {
    const { marker } = await sendForm(page, "/contact-us", "contact", {
      // As if the server had restarted with another secret since the page was shown.
      beforeSending: () =>
        page.locator('input[name="formToken"]').evaluate((input: HTMLInputElement) => {
          input.value = `${Date.now() - 60_000}.0000AAAA0000.signed-by-another-secret`;
        }),
    });
    await expect(page.getByRole("alert")).toContainText("This form was opened too long ago.");
    await expect(page.locator("#message")).toHaveValue(`A message from the browser tests (${marker}).`);
    // The answer gave the form a new token of the server's; sent once a person could have filled it.
    const renewed = await page.locator('input[name="formToken"]').inputValue();
    expect(checkFormToken(FORM_SECRET, renewed, { minFillMs: 0 })).toEqual({ id: expect.any(String) });
    await afterMinimumFillTime(page);
    await submitButton(page).click();
    await expect(page.getByRole("heading", { name: sentTitle.en })).toBeVisible();
    expect(storedSubmissions(marker)).toHaveLength(1);
  });
});

test.describe("a web process whose content service runs elsewhere (API_URL)", () => {
  test.use({ javaScriptEnabled: false, baseURL: `http://127.0.0.1:${REMOTE_WEB_PORT}` });

  test("sends the form to it with its token, and the form is stored there", async ({ page }) => {
    const { marker } = await sendForm(page, "/tr/bize-ulasin/izin-talebi", "permission", { javaScript: false });
    await expect(page.getByRole("heading", { name: sentTitle.tr })).toBeVisible();
    expect(storedSubmissions(marker)).toMatchObject([{ form: "permission", locale: "tr", departmentId: "permissions" }]);
  });
});

test.describe("with JavaScript, invalid input", () => {
  test("is caught in the browser by the same rules, before anything is sent", async ({ page }) => {
    const posts: string[] = [];
    page.on("request", (r) => {
      if (r.method() === "POST") posts.push(r.url());
    });
    await gotoHydrated(page, "/contact-us/journal-operations");
    await page.locator("#name").fill("Jane Doe");
    await page.locator("#email").fill("jane@example");
    await page.locator("#message").fill("Where is my manuscript?");
    await submitButton(page).click();
    await expect(page.getByRole("alert")).toBeFocused();
    await expect(page.getByRole("alert")).toContainText("please correct the 3 fields marked below");
    await expect(page.locator("#email-error")).toHaveText("Enter an e-mail address such as name@example.com.");
    await expect(page.locator("#journal-error")).toHaveText("Please choose one.");
    await expect(page.locator("#consent-error")).toHaveText("Please agree, so that we may process your request.");
    await expect(page.locator("#message")).toHaveValue("Where is my manuscript?");
    expect(posts).toEqual([]);
  });
});

test.describe("abuse", () => {
  /** The fields a good submission of the contact form needs, with `token` (the form page's own when none is given). */
  async function contactForm(request: import("@playwright/test").APIRequestContext, ip: string, marker: string, token?: string) {
    const html = await (await request.get("/contact-us", { headers: { "X-Forwarded-For": ip } })).text();
    const shown = /name="formToken" value="([^"]+)"/.exec(html)?.[1] ?? "";
    expect(shown).not.toBe("");
    return {
      formToken: token ?? shown,
      name: `Bot Tester ${marker}`,
      email: "tester@example.org",
      phone: "",
      phoneCountry: "TR",
      subject: "Burst",
      message: `Burst ${marker}`,
      consent: "on",
    };
  }
  const post = (request: import("@playwright/test").APIRequestContext, path: string, ip: string, form: Record<string, string>) =>
    request.post(path, { form, headers: { "X-Forwarded-For": ip }, maxRedirects: 0 });

  test("a burst of one form over the rate limit: 429 in the visitor's language beyond it, and the form stored once", async ({
    request,
  }, testInfo) => {
    const ip = visitorIp(testInfo);
    const marker = uniqueMarker();
    const form = await contactForm(request, ip, marker, filledToken());
    const answers = await Promise.all(Array.from({ length: 8 }, () => post(request, "/tr/bize-ulasin?index", ip, form)));
    const statuses = answers.map((a) => a.status()).sort();
    expect(statuses).toEqual([303, 303, 303, 303, 303, 429, 429, 429]);
    const refused = answers.find((a) => a.status() === 429);
    expect(Number(refused?.headers()["retry-after"])).toBeGreaterThan(0);
    const refusedPage = await refused?.text();
    expect(refusedPage).toContain("Bağlantınızdan çok fazla mesaj geldi. Lütfen 10 dakika sonra yeniden deneyin.");
    expect(refusedPage).toContain(`value="Bot Tester ${marker}"`);
    // The same form sent five times is one submission, and each answer names it.
    const stored = storedSubmissions(marker);
    expect(stored).toHaveLength(1);
    const locations = new Set(answers.filter((a) => a.status() === 303).map((a) => a.headers().location));
    expect([...locations]).toEqual([expect.stringMatching(new RegExp(`^/tr/bize-ulasin\\?sent=${referenceOf(stored[0].id)}&proof=`))]);
  });

  test("a body that is not a form is answered 400, not 500", async ({ request }, testInfo) => {
    const ip = visitorIp(testInfo);
    for (const headers of [{ "Content-Type": "application/json" }, { "Content-Type": "multipart/form-data" }]) {
      const answer = await request.post("/contact-us?index", { headers: { ...headers, "X-Forwarded-For": ip }, data: "{}", maxRedirects: 0 });
      expect(answer.status()).toBe(400);
      expect(await answer.text()).toContain("The form arrived unreadable.");
    }
  });

  test("a 'sent' answer cannot be made up with a link", async ({ page }) => {
    await page.goto("/contact-us?sent=AAAA-BBBB-CCCC&proof=made-up");
    await expect(page.getByRole("heading", { name: sentTitle.en })).toHaveCount(0);
    await expect(page.locator("form[method=post]")).toBeVisible();
  });

  test("a filled honeypot is told 'sent' and nothing is stored", async ({ request }, testInfo) => {
    const ip = visitorIp(testInfo);
    const marker = uniqueMarker();
    const form = await contactForm(request, ip, marker, filledToken());
    const answer = await post(request, "/contact-us?index", ip, { ...form, website: "https://spam.example" });
    expect(answer.status()).toBe(303);
    expect(answer.headers().location).toMatch(/^\/contact-us\?sent=/);
    expect(storedSubmissions(marker)).toHaveLength(0);
  });

  test("a form sent quicker than a person types, or with a forged token, is refused", async ({ request }, testInfo) => {
    const ip = visitorIp(testInfo);
    const marker = uniqueMarker();
    // The page's own token, sent at once: well within the test servers' minimum fill time, however busy the machine.
    const form = await contactForm(request, ip, marker);
    const quick = await post(request, "/contact-us?index", ip, form);
    expect(quick.status()).toBe(400);
    expect(await quick.text()).toContain("That was quicker than a person types.");
    const forged = await post(request, "/contact-us?index", ip, { ...form, formToken: `${Date.now() - 60_000}.forged` });
    expect(forged.status()).toBe(400);
    expect(await forged.text()).toContain("This form was opened too long ago.");
    expect(storedSubmissions(marker)).toHaveLength(0);
  });

  test("a body over the size limit is refused with 413 and a localized message", async ({ request }, testInfo) => {
    const ip = visitorIp(testInfo);
    const answer = await post(request, "/tr/bize-ulasin", ip, { message: "x".repeat(200_000) });
    expect(answer.status()).toBe(413);
    const page = await answer.text();
    expect(page).toContain("Form kabul edebileceğimizden büyük.");
    expect(page).toContain('<a href="/tr/bize-ulasin">Forma dön</a>');
  });

  test("the content API cannot be posted to from outside, only with its token", async ({ request }) => {
    for (const authorization of [undefined, "Bearer wrong", `Bearer ${API_TOKEN}x`]) {
      const answer = await request.post("/api/submissions", {
        data: { form: "contact" },
        headers: authorization ? { Authorization: authorization } : {},
      });
      expect(answer.status()).toBe(405);
    }
    const withToken = await request.post("/api/submissions", { data: { form: "contact" }, headers: { Authorization: `Bearer ${API_TOKEN}` } });
    expect(withToken.status()).toBe(400);
  });
});

test.describe("accessibility", () => {
  for (const [path, width] of [
    ["/contact-us/quote-request-collaboration", 1440],
    ["/tr/bize-ulasin/izin-talebi", 390],
  ] as const) {
    test(`${path} at ${width} px has no serious axe violation, with its errors showing`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await gotoHydrated(page, path);
      await submitButton(page).click();
      await expect(page.getByRole("alert")).toBeVisible();
      expect(await axeViolations(page, { seriousOnly: true })).toEqual([]);
      // Every field the visitor fills has a name a screen reader announces.
      for (const control of await page.locator("form[method=post] :is(input:not([type=hidden]):not([tabindex='-1']), select, textarea)").all()) {
        expect(await control.evaluate((el) => (el as HTMLInputElement).labels?.length ?? 0)).toBeGreaterThan(0);
      }
    });
  }
});
