/**
 * Scale-out on PostgreSQL: two web processes on one database serve the same pages, store a form
 * sent to both (and sent again) once, and share one rate limit. Runs where the test command starts
 * PostgreSQL (TEST_DATABASE_URL); skipped elsewhere.
 */
import { randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
import { startServer } from "../../scripts/server-process.ts";
import { openDatabase } from "../../service/db/database.ts";
import { demoPostgresDatabase } from "../databases.ts";

const adminUrl = process.env.TEST_DATABASE_URL;
test.skip(!adminUrl, "needs PostgreSQL (TEST_DATABASE_URL, set by the test command)");

test("two web processes on one PostgreSQL serve the same pages, store a form once and share the rate limit", async ({ request }) => {
  test.setTimeout(180_000);
  // A clone of the demo's template: neither process imports.
  const url = await demoPostgresDatabase(adminUrl as string);
  const env = { DATABASE_URL: url, FORM_SECRET: "s".repeat(40), FORM_MIN_FILL_MS: "0", FORM_RATE_LIMIT: "4", TRUST_PROXY: "1" };
  const first = await startServer(env);
  const second = await startServer(env);
  const { db } = openDatabase(url);
  try {
    const page = async (base: string) => (await request.get(`${base}/tr/dergiler`)).text();
    const main = (html: string) => html.slice(html.indexOf("<main"), html.indexOf("</main>"));
    const [one, two] = await Promise.all([page(first.base), page(second.base)]);
    expect(main(one)).toContain('href="/tr/dergiler/sosyal-arastirmalar-dergisi"');
    expect(main(two)).toBe(main(one));

    // A form shown by the first process, sent to the second, then again to both (a double click, a retry).
    const form = await (await request.get(`${first.base}/contact-us/finance`)).text();
    const token = form.match(/name="formToken" value="([^"]+)"/)?.[1];
    expect(token).toBeDefined();
    const marker = `scale-out ${randomUUID()}`;
    const fields = {
      name: marker,
      email: "ayse.yilmaz@example.edu.tr",
      financeTopic: "invoice",
      message: "Sent to two processes.",
      consent: "on",
      formToken: token as string,
    };
    const send = (base: string) =>
      request.post(`${base}/contact-us/finance`, { form: fields, headers: { "X-Forwarded-For": "203.0.113.90" }, maxRedirects: 0 });
    const answers = [await send(second.base), await send(first.base), await send(second.base)];
    expect(answers.map((a) => a.status())).toEqual([303, 303, 303]);
    const references = answers.map((a) => new URL(a.headers().location, first.base).searchParams.get("sent"));
    expect(new Set(references).size).toBe(1);
    const stored = await db.selectFrom("submission").where("name", "=", marker).select("id").execute();
    expect(stored).toHaveLength(1);
    const mails = await db.selectFrom("outbox").where("submissionId", "=", stored[0].id).select("submissionId").execute();
    expect(mails).toHaveLength(1);

    // The same visitor's fourth and fifth posts, whichever process gets them, are over the limit of 4.
    const more = [await send(first.base), await send(second.base)];
    expect(more.map((a) => a.status())).toEqual([303, 429]);
  } finally {
    await Promise.all([first.stop(), second.stop()]);
    // The database stays, as every test database does: it goes with the test command's throwaway server.
    await db.destroy();
  }
});
