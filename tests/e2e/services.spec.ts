/**
 * The forms with their outside services configured (a site on SERVICES_PORT): the SMTP server,
 * the bot check's verify URL and the IP-to-country service are stubs started here, on loopback.
 * Google's bot-check script is replaced in the browser by a stand-in with the same interface.
 */
import { createServer, type Server } from "node:http";
import { DatabaseSync } from "node:sqlite";
import { expect, type Page, test } from "@playwright/test";
import { SMTPServer } from "smtp-server";
import { E2E_DATABASE, SERVICES_PORT, STUB_PORTS } from "../../playwright.config.ts";
import { referenceOnPage, sendForm, sentTitle, storedSubmissions } from "./submissions.ts";

test.describe.configure({ mode: "serial" });
test.use({ baseURL: `http://127.0.0.1:${SERVICES_PORT}` });

const database = `${E2E_DATABASE}-services`;
/** Visitors whose address the IP-to-country stub knows (Germany), and one it does not. */
const GERMAN_VISITOR = "198.51.100.20";
const UNKNOWN_VISITOR = "203.0.113.5";

const listen = (server: Server, port: number) => new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
let stubs: Server[] = [];
const botCheckRequests: URLSearchParams[] = [];

test.beforeAll(async () => {
  const ipCountry = createServer((req, res) => res.end(req.url === `/${GERMAN_VISITOR}` ? "1;DE;DEU;Germany" : "2;;;UNKNOWN"));
  const verify = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => {
      body += chunk;
    });
    req.on("end", () => {
      const params = new URLSearchParams(body);
      botCheckRequests.push(params);
      // Like Google's: the answer names the action the browser asked the token for.
      const [token, action] = (params.get("response") ?? "").split(":");
      const human = params.get("secret") === "e2e-secret" && token === "token-of-a-person";
      res.setHeader("Content-Type", "application/json");
      res.end(JSON.stringify({ success: Boolean(token), score: human ? 0.9 : 0.1, action }));
    });
  });
  await Promise.all([listen(ipCountry, STUB_PORTS.ipCountry), listen(verify, STUB_PORTS.botCheck)]);
  stubs = [ipCountry, verify];
});
test.afterAll(async () => {
  await Promise.all(stubs.map((s) => new Promise((resolve) => s.close(resolve))));
});

/** Stands in for Google's script: `execute` answers `token:action`; records the script's URL. */
async function fakeBotCheckScript(page: Page, token: string) {
  const loaded: string[] = [];
  await page.route("https://www.google.com/recaptcha/api.js*", (route) => {
    loaded.push(route.request().url());
    return route.fulfill({
      contentType: "text/javascript",
      body: `window.grecaptcha = { ready: (f) => f(), execute: (key, { action }) => Promise.resolve(${JSON.stringify(token)} + ":" + action) };`,
    });
  });
  return loaded;
}

test.describe("the phone field's default country", () => {
  test.use({ javaScriptEnabled: false });

  test("is the visitor's, from the IP-to-country service, and Türkiye when the service names none", async ({ page }) => {
    await page.setExtraHTTPHeaders({ "X-Forwarded-For": GERMAN_VISITOR });
    await page.goto("/contact-us");
    await expect(page.locator('select[name="phoneCountry"]')).toHaveValue("DE");
    await page.setExtraHTTPHeaders({ "X-Forwarded-For": UNKNOWN_VISITOR });
    await page.goto("/tr/bize-ulasin");
    await expect(page.locator('select[name="phoneCountry"]')).toHaveValue("TR");
  });
});

test.describe("the bot check", () => {
  test("loads with the Turkish interface language, and its token is verified before the form is stored", async ({ page }) => {
    const loaded = await fakeBotCheckScript(page, "token-of-a-person");
    await page.setExtraHTTPHeaders({ "X-Forwarded-For": "198.51.100.31" });
    // Google's notice shows beside the form (the "sent" answer replaces the form).
    const notice = () => expect(page.getByText("This site is protected by reCAPTCHA")).toBeVisible();
    const { marker } = await sendForm(page, "/contact-us/finance", "finance", { beforeSending: notice });
    expect(loaded).toHaveLength(1);
    const script = new URL(loaded[0]);
    expect(script.searchParams.get("hl")).toBe("tr");
    expect(script.searchParams.get("render")).toBe("e2e-site-key");
    await expect(page.getByRole("heading", { name: sentTitle.en })).toBeVisible();
    expect(storedSubmissions(marker, database)).toHaveLength(1);
    const verified = botCheckRequests.at(-1);
    expect(verified?.get("response")).toBe("token-of-a-person:finance");
    expect(verified?.get("remoteip")).toBe("198.51.100.31");
  });

  test("refuses a visitor it scores as a bot, in their language, and stores nothing", async ({ page }) => {
    await fakeBotCheckScript(page, "token-of-a-bot");
    await page.setExtraHTTPHeaders({ "X-Forwarded-For": "198.51.100.32" });
    const { marker } = await sendForm(page, "/tr/bize-ulasin/finans", "finance");
    await expect(page.getByRole("alert")).toContainText("İstenmeyen ileti denetimimiz insan olduğunuzu doğrulayamadı");
    await expect(page.getByRole("alert")).toContainText("finance@meridianpress.example adresine de yazabilirsiniz.");
    await expect(page.locator("#name")).toHaveValue(`Ayşe Yılmaz ${marker}`);
    expect(storedSubmissions(marker, database)).toHaveLength(0);
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("cannot be passed, and the visitor is told to write to the department instead", async ({ page }) => {
      await page.setExtraHTTPHeaders({ "X-Forwarded-For": "198.51.100.34" });
      const { marker, response } = await sendForm(page, "/contact-us/journal-operations", "journal-operations", { javaScript: false });
      expect(response.status()).toBe(400);
      await expect(page.getByRole("alert")).toContainText("You can also write to journals@meridianpress.example.");
      expect(storedSubmissions(marker, database)).toHaveLength(0);
    });
  });
});

test("mail sent while the SMTP server is down is delivered once it is back", async ({ page }) => {
  test.setTimeout(60_000);
  await fakeBotCheckScript(page, "token-of-a-person");
  await page.setExtraHTTPHeaders({ "X-Forwarded-For": "198.51.100.33" });
  const { marker } = await sendForm(page, "/contact-us", "contact");
  await expect(page.getByRole("heading", { name: sentTitle.en })).toBeVisible();
  const reference = await referenceOnPage(page);
  const id = reference.replaceAll("-", "");

  const outbox = () => {
    const db = new DatabaseSync(database, { readOnly: true });
    try {
      return db.prepare("select attempts, delivered_at as deliveredAt, last_error as lastError from outbox where submission_id = ?").get(id) as {
        attempts: number;
        deliveredAt: string | null;
        lastError: string | null;
      };
    } finally {
      db.close();
    }
  };
  // No SMTP server yet: the message stays queued, with its failed attempts recorded.
  await expect.poll(() => outbox().attempts, { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
  expect(outbox().deliveredAt).toBeNull();
  expect(outbox().lastError).toMatch(/ECONNREFUSED|ECONNECTION/);

  const received: string[] = [];
  const sink = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onData(stream, _session, callback) {
      let raw = "";
      stream.on("data", (chunk: Buffer) => {
        raw += chunk.toString("utf8");
      });
      stream.on("end", () => {
        received.push(raw);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => sink.listen(STUB_PORTS.smtp, "127.0.0.1", resolve));
  try {
    await expect.poll(() => received.filter((raw) => raw.includes(marker)).length, { timeout: 30_000 }).toBe(1);
    const mail = received.find((raw) => raw.includes(marker)) ?? "";
    expect(mail).toMatch(/^To: editorial@meridianpress\.example\r?$/m);
    expect(mail).toMatch(/^Reply-To: ayse\.yilmaz@example\.edu\.tr\r?$/m);
    expect(mail).toContain(`Reference: ${reference}`);
    await expect.poll(() => outbox().deliveredAt, { timeout: 5_000 }).not.toBeNull();
  } finally {
    await new Promise<void>((resolve) => sink.close(() => resolve()));
  }
});
