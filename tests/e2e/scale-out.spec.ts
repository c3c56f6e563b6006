/**
 * Two web processes in front of one content database: the second reads and writes through the
 * first's content service (API_URL). A visitor's posts count against one rate limit, whichever
 * process answers them.
 */
import { expect, test } from "@playwright/test";
import { REMOTE_WEB_PORT } from "../../playwright.config.ts";

test("the forms' rate limit holds across web processes", async ({ request }) => {
  const visitor = { "X-Forwarded-For": "203.0.113.77" };
  const other = `http://127.0.0.1:${REMOTE_WEB_PORT}`;
  const statuses: number[] = [];
  // Both processes allow 5 posts per 10 minutes; 8 posts alternate between them.
  for (let i = 0; i < 8; i++) {
    const response = await request.post(`${i % 2 === 0 ? "" : other}/contact-us/finance`, { form: { name: "x" }, headers: visitor });
    statuses.push(response.status());
  }
  // Each post is counted before it is read (these carry no token, so the counted ones are refused with 400).
  expect(statuses).toEqual([400, 400, 400, 400, 400, 429, 429, 429]);
  // Another visitor is not held back by the first.
  const next = await request.post(`${other}/contact-us/finance`, { form: { name: "x" }, headers: { "X-Forwarded-For": "203.0.113.78" } });
  expect(next.status()).toBe(400);
});
