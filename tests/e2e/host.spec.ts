/**
 * A forged Host header: no answer names it. Without PUBLIC_URL (the redirect test server) a host
 * the process is not known by is refused with 421 in the path's language; with PUBLIC_URL (the
 * main test server) every URL is built on it, whatever the Host. Sent with node:http, which sends
 * the Host it is given (a browser or Playwright's request would send the URL's own).
 */
import { request as httpRequest } from "node:http";
import { expect, test } from "@playwright/test";
import { PORT, REDIRECT_PORT } from "../../playwright.config.ts";

const FORGED = "attacker.example";
const paths = ["/books", "/tr/kitaplar", "/sitemap.xml", "/feed.atom", "/oai?verb=Identify", "/robots.txt", "/journals/journal-of-social-inquiry"];

function get(port: number, path: string, host: string): Promise<{ status: number; body: string; headers: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: "127.0.0.1", port, path, headers: { Host: host, "User-Agent": "Mozilla/5.0 Chrome/156" } }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }));
    });
    req.on("error", reject);
    req.end();
  });
}

test("without PUBLIC_URL, a host the process is not known by is refused, and loopback is answered", async () => {
  for (const path of paths) {
    const forged = await get(REDIRECT_PORT, path, `${FORGED}:${REDIRECT_PORT}`);
    expect([path, forged.status]).toEqual([path, 421]);
    expect(forged.body).not.toContain(FORGED);
    expect(forged.headers["cache-control"]).toBe("no-store");
  }
  expect((await get(REDIRECT_PORT, "/tr/kitaplar", FORGED)).body).toContain("Bu sunucu, isteğin gönderildiği alan adı için yanıt vermiyor.");
  expect((await get(REDIRECT_PORT, "/books", FORGED)).body).toContain("This server does not answer for the host name this request was sent to.");
  // Health checks answer whatever the Host; loopback names are answered.
  expect((await get(REDIRECT_PORT, "/healthz", FORGED)).status).toBe(200);
  const local = await get(REDIRECT_PORT, "/sitemap.xml", `localhost:${REDIRECT_PORT}`);
  expect(local.status).toBe(200);
  expect(local.body).toContain(`http://localhost:${REDIRECT_PORT}/`);
});

test("with PUBLIC_URL, every URL is the public origin's, whatever the Host", async () => {
  for (const path of paths) {
    const forged = await get(PORT, path, FORGED);
    expect([path, forged.status]).toEqual([path, 200]);
    expect(forged.body).not.toContain(FORGED);
  }
  expect((await get(PORT, "/sitemap.xml", FORGED)).body).toContain("https://www.meridianpress.example/");
});
