/**
 * Operations: /healthz says the process answers, /readyz whether its content can be read (its
 * database, or the content service it reads over API_URL).
 */
import { expect, test } from "@playwright/test";
import { DEGRADED_PORT, REMOTE_WEB_PORT } from "../../playwright.config.ts";

test("/healthz answers while the process runs; /readyz says whether the content can be read", async ({ request }) => {
  const answers = async (base: string) =>
    Promise.all(
      ["/healthz", "/readyz"].map(async (path) => {
        const response = await request.get(base + path);
        return [path, response.status(), (await response.json()).status, response.headers()["cache-control"]];
      }),
    );
  // The site with its own database, and a web process reading it over API_URL.
  for (const base of ["", `http://127.0.0.1:${REMOTE_WEB_PORT}`]) {
    expect(await answers(base)).toEqual([
      ["/healthz", 200, "ok", "no-store"],
      ["/readyz", 200, "ready", "no-store"],
    ]);
  }
  // A web process whose content service does not answer.
  expect(await answers(`http://127.0.0.1:${DEGRADED_PORT}`)).toEqual([
    ["/healthz", 200, "ok", "no-store"],
    ["/readyz", 503, "unavailable", "no-store"],
  ]);
});
