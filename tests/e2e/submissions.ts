/** Helpers of the form tests: the form pages, filling a form as a visitor would, and what was stored. */
import { DatabaseSync } from "node:sqlite";
import { expect, type Page, type Response, type TestInfo } from "@playwright/test";
import { signFormToken } from "../../app/lib/forms/form-token.server.ts";
import { E2E_DATABASE, FORM_MIN_FILL_MS, FORM_SECRET } from "../../playwright.config.ts";
import { gotoHydrated } from "./hydrated.ts";

export type Kind = "contact" | "finance" | "journal-operations" | "permission" | "quote";

export const formPages: { kind: Kind; en: string; tr: string; department: string }[] = [
  { kind: "contact", en: "/contact-us", tr: "/tr/bize-ulasin", department: "editorial-office" },
  { kind: "finance", en: "/contact-us/finance", tr: "/tr/bize-ulasin/finans", department: "finance" },
  { kind: "journal-operations", en: "/contact-us/journal-operations", tr: "/tr/bize-ulasin/dergi-operasyonlari", department: "journal-operations" },
  { kind: "permission", en: "/contact-us/permission-request", tr: "/tr/bize-ulasin/izin-talebi", department: "permissions" },
  { kind: "quote", en: "/contact-us/quote-request-collaboration", tr: "/tr/bize-ulasin/isbirligi-ortaklik", department: "partnerships" },
  { kind: "permission", en: "/form-permission", tr: "/tr/form-permission", department: "permissions" },
];

export const sentTitle = { en: "Thank you, your message has been sent", tr: "Teşekkürler, mesajınız gönderildi" };

/** An address of the test's own (TEST-NET), sent as X-Forwarded-For, so each test has its own rate limit. */
export function visitorIp(testInfo: TestInfo): string {
  let hash = 0;
  for (const ch of testInfo.testId + testInfo.repeatEachIndex + testInfo.retry) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
  return `10.${(hash >>> 16) & 255}.${(hash >>> 8) & 255}.${hash & 255}`;
}

/** Fills a form's fields with good values; the name carries `marker`, to find the submission again. */
export async function fillForm(page: Page, kind: Kind, marker: string) {
  await page.locator("#name").fill(`Ayşe Yılmaz ${marker}`);
  await page.locator("#email").fill("ayse.yilmaz@example.edu.tr");
  await page.locator("#phone").fill("0532 123 45 67");
  if (kind === "contact") await page.locator("#subject").fill("Özel sayı önerisi");
  if (kind === "finance") {
    await page.locator("#financeTopic").selectOption("invoice");
    await page.locator("#invoiceNumber").fill("MAP-2026-0142");
  }
  if (kind === "journal-operations") {
    await page.locator("#journal").selectOption({ index: 1 });
    await page.locator("#manuscriptId").fill("AJE-2026-0117");
  }
  if (kind === "permission") {
    await page.locator("#work").fill("10.5555/aje.2026.0117");
    await page.locator("#material").fill("Figure 2 on page 14");
    await page.locator("#intendedUse").selectOption("thesis");
  }
  if (kind === "quote") {
    await page.locator("#organization").fill("Society of Example Studies");
    await page.locator('input[name="services"]').first().check();
    await page.locator("#timeline").selectOption("flexible");
  }
  await page.locator("#message").fill(`A message from the browser tests (${marker}).`);
  await page.locator("#consent").check();
}

/** Opens a form page, waiting for hydration when JavaScript runs. */
export async function openForm(page: Page, path: string, javaScript = true) {
  if (javaScript) await gotoHydrated(page, path);
  else await page.goto(path);
}

/**
 * A form token as the test servers sign it (they share the tests' FORM_SECRET), made as long ago as
 * their minimum fill time: a form that carries it was filled as slowly as a person types, without
 * the test waiting that long.
 */
export const filledToken = () => signFormToken(FORM_SECRET, Date.now() - FORM_MIN_FILL_MS);

/** Puts a `filledToken` in the page's form, in place of the one the page was shown with. */
export const afterMinimumFillTime = (page: Page) =>
  page.locator('form[method=post] input[name="formToken"]').evaluate((input: HTMLInputElement, token) => {
    input.value = token;
  }, filledToken());

/** The submissions a server stored whose name carries `marker`. */
export function storedSubmissions(marker: string, database = E2E_DATABASE) {
  const db = new DatabaseSync(database, { readOnly: true });
  try {
    return db
      .prepare("select id, form, locale, department_id as departmentId, name, phone, fields from submission where name like ?")
      .all(`%${marker}%`) as { id: string; form: string; locale: string; departmentId: string; name: string; phone: string | null; fields: string }[];
  } finally {
    db.close();
  }
}

export const referenceOnPage = async (page: Page) => {
  const text = await page.getByText(/^(Your reference|Başvuru numaranız): /).textContent();
  const reference = /([0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4})/.exec(text ?? "")?.[1];
  expect(reference).toBeTruthy();
  return reference as string;
};

let counter = 0;
export const uniqueMarker = () => `m${Date.now().toString(36)}${(counter++).toString(36)}${Math.random().toString(36).slice(2, 6)}`;

export const submitButton = (page: Page) => page.locator("form[method=post] button[type=submit]");

/**
 * Opens a form page (waiting for hydration when JavaScript runs), fills it with good values, gives
 * it a token as old as the minimum fill time and sends it. Answers the marker the name carries and the post's response.
 */
export async function sendForm(
  page: Page,
  path: string,
  kind: Kind,
  { javaScript = true, beforeSending }: { javaScript?: boolean; beforeSending?: () => Promise<void> } = {},
): Promise<{ marker: string; response: Response }> {
  const marker = uniqueMarker();
  await openForm(page, path, javaScript);
  await fillForm(page, kind, marker);
  await afterMinimumFillTime(page);
  await beforeSending?.();
  const [response] = await Promise.all([page.waitForResponse((r) => r.request().method() === "POST"), submitButton(page).click()]);
  return { marker, response };
}
