/**
 * Bad input: thousands of malformed requests (odd and invalid encodings, invalid UTF-8, overlong
 * paths and parameters, path traversal, repeated and absurd parameters, bad JSON, huge bodies,
 * header injection, unknown methods) against every kind of route and API endpoint, written on a
 * raw socket so that nothing tidies them up on the way. None may get a 5xx, and the server must
 * still answer afterwards.
 */
import net from "node:net";
import { expect, test } from "@playwright/test";
import { PORT } from "../../playwright.config.ts";

/** Sends one raw request and reads the status of its answer (0 when the connection ends without one). */
function send(request: Buffer): Promise<number> {
  return new Promise((resolve) => {
    const socket = net.connect(PORT, "127.0.0.1");
    let head = "";
    const done = (status: number) => {
      socket.destroy();
      resolve(status);
    };
    socket.setTimeout(15_000, () => done(-1));
    socket.on("data", (chunk) => {
      head += chunk.toString("latin1");
      const status = head.match(/^HTTP\/1\.[01] (\d{3})/);
      if (status) done(Number(status[1]));
    });
    socket.on("error", () => done(0));
    socket.on("end", () => done(0));
    socket.end(request);
  });
}

const request = (method: string, path: string | Buffer, headers: string[] = [], body: Buffer = Buffer.alloc(0)): Buffer =>
  Buffer.concat([
    Buffer.from(`${method} `, "latin1"),
    typeof path === "string" ? Buffer.from(path, "latin1") : path,
    Buffer.from(
      ` HTTP/1.1\r\nHost: 127.0.0.1:${PORT}\r\nConnection: close\r\n${headers.map((h) => `${h}\r\n`).join("")}${
        body.length > 0 || method === "POST" ? `Content-Length: ${body.length}\r\n` : ""
      }\r\n`,
      "latin1",
    ),
    body,
  ]);

const bases = [
  "/",
  "/tr",
  "/journals",
  "/tr/dergiler",
  "/journals/journal-of-social-inquiry",
  "/journals/journal-of-social-inquiry/articles",
  "/journals/journal-of-social-inquiry/articles/v15-n1",
  "/journals/journal-of-social-inquiry/board",
  "/tr/dergiler/sosyal-arastirmalar-dergisi/makaleler",
  "/books",
  "/tr/kitaplar",
  "/services",
  "/policies",
  "/who-we-are",
  "/who-we-are/departments",
  "/contact-us",
  "/contact-us/finance",
  "/tr/bize-ulasin/finans",
  "/search",
  "/tr/arama",
  "/api/en/initial",
  "/api/en/home",
  "/api/calls/en",
  "/api/calls/en/platform-cities",
  "/api/entities",
  "/api/journals/en",
  "/api/journals/en/journal-of-social-inquiry/issues",
  "/api/journals/en/journal-of-social-inquiry/articles",
  "/api/search/en",
  "/api/articles/en/latest",
  "/api/pages/en/about",
  "/api/submissions",
  "/oai",
  "/cite/en/books/x/ris",
  "/sitemap.xml",
  "/sitemaps/journals/journal-of-social-inquiry/1.xml",
  "/feed.atom",
  "/images/covers/x.jpg",
  "/_i18n/en/messages.json",
  "/assets/x.js",
];

const suffixes = [
  "",
  "/%ZZ",
  "/%C3%28",
  "/%ED%A0%80",
  "/%00",
  "/%FF%FE%FD",
  "/..%2f..%2f..%2fetc%2fpasswd",
  "/../../../../etc/passwd",
  "/%2e%2e/%2e%2e/%2e%2e/etc/passwd",
  "/.%00./",
  "//evil.example/x",
  "/\\..\\..\\windows",
  `/${"a".repeat(6000)}`,
  `/${"%C3%A7".repeat(1500)}`,
  "?q=%FF%FE",
  "?q=%",
  "?%",
  "?page=-1",
  "?page=0",
  "?page=99999999999999999999999",
  "?page=1e3&pageSize=NaN",
  "?pageSize=100000",
  `?q=${"x".repeat(8000)}`,
  "?q=a&q=b&type=article&type=book",
  "?type=../../etc&journal=%00&year=20x4",
  "?verb=ListRecords&metadataPrefix=oai_dc&resumptionToken=%FF",
  "?verb=GetRecord&identifier=oai:x:%00&metadataPrefix=jats",
  "?q=%3Cscript%3Ealert(1)%3C%2Fscript%3E",
  "?q=%0D%0ASet-Cookie:%20a=b",
  "?__proto__[x]=1&constructor[prototype][x]=1",
  ";jsessionid=1",
  ".data",
  ".data?_routes=root,%00",
];

const oddHeaders = [
  ["Accept-Language: \u00ff\u00fe;q=abc, *;q=-1"],
  ["Cookie: lang=../../etc; lang=tr; " + "x=".padEnd(6000, "y")],
  ["X-Forwarded-For: not-an-ip, 999.1.1.1, ::ffff:zz"],
  ["X-Forwarded-Proto: gopher"],
  ['If-None-Match: "' + "w".repeat(3000) + '"'],
  ["Range: bytes=999999999-1"],
  ["Accept-Encoding: gzip;q=2, br;q=nan, *"],
];

const bodies: [string, Buffer][] = [
  ["Content-Type: application/json", Buffer.from("{")],
  ["Content-Type: application/json", Buffer.from('{"id":1,"form":"contact","values":{"__proto__":{"x":1}}}')],
  ["Content-Type: application/x-www-form-urlencoded", Buffer.from("name=%FF%FE&email=%&message=" + "%C3%28".repeat(100))],
  ["Content-Type: application/x-www-form-urlencoded", Buffer.from("a=".padEnd(300 * 1024, "b"))],
  ["Content-Type: multipart/form-data; boundary=x", Buffer.from('--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n\u00ff\r\n--x')],
  ["Content-Type: text/plain", Buffer.from([0xff, 0xfe, 0x00, 0x80])],
];

function cases(): [string, Buffer][] {
  const all: [string, Buffer][] = [];
  for (const base of bases) {
    for (const suffix of suffixes) {
      const path = base + suffix;
      all.push([`GET ${path}`, request("GET", path)]);
      all.push([`HEAD ${path}`, request("HEAD", path)]);
    }
    for (const headers of oddHeaders) all.push([`GET ${base} ${headers[0].slice(0, 30)}`, request("GET", base, headers)]);
    for (const [type, body] of bodies) all.push([`POST ${base} ${type}`, request("POST", base, [type], body)]);
    for (const method of ["PUT", "DELETE", "PATCH", "OPTIONS", "TRACE", "PROPFIND", "FOO"]) all.push([`${method} ${base}`, request(method, base)]);
    // Raw bytes that are not UTF-8 at all in the path, and a header injection attempt.
    all.push([`GET ${base} raw bytes`, request("GET", Buffer.concat([Buffer.from(base), Buffer.from([0xc3, 0x28, 0xff])]))]);
    all.push([`GET ${base} injected header`, request("GET", base, ["X-Test: a\r\nSet-Cookie: injected=1"])]);
  }
  return all;
}

test("thousands of malformed requests get no 5xx, and the server answers afterwards", async ({ request: api }) => {
  test.setTimeout(180_000);
  const all = cases();
  expect(all.length).toBeGreaterThan(2000);
  const failures: string[] = [];
  const counts = new Map<number, number>();
  const workers = Array.from({ length: 8 }, async (_, w) => {
    for (let i = w; i < all.length; i += 8) {
      const [name, bytes] = all[i];
      const status = await send(bytes);
      counts.set(status, (counts.get(status) ?? 0) + 1);
      if (status >= 500 || status === -1) failures.push(`${status} ${name.slice(0, 200)}`);
    }
  });
  await Promise.all(workers);
  console.log(`fuzz: ${all.length} requests, statuses ${JSON.stringify(Object.fromEntries([...counts].sort(([a], [b]) => a - b)))}`);
  expect(failures).toEqual([]);
  const health = await api.get("/healthz");
  expect(health.status()).toBe(200);
  expect((await api.get("/journals")).status()).toBe(200);
});
