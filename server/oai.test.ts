/**
 * The site's /oai: mounted before the pages, in this process; and when the content service runs
 * elsewhere (API_URL), requests reach its repository over HTTP, through its compression, and come
 * back as it answered them.
 */

import { type AddressInfo, createServer } from "node:net";
import { serve } from "@hono/node-server";
import { Hono } from "hono";
import { compress } from "hono/compress";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiApp } from "../service/api/app.ts";
import { createApiClient } from "../service/api/client.ts";
import { createContentService } from "../service/api/content-service.ts";
import { followRevision } from "../service/api/revision.ts";
import type { DatabaseHandle } from "../service/db/database.ts";
import { createOaiApp } from "../service/oai/app.ts";
import { testDatabases } from "../tests/databases.ts";
import { readConfig } from "./config.ts";
import { forwardedOai, inProcessOai } from "./oai.ts";
import { createSite } from "./site.ts";

const [sqlite] = testDatabases({ demo: true });

describe("the site's OAI-PMH repository in this process", () => {
  let handle: DatabaseHandle;
  let site: ReturnType<typeof createSite>;

  beforeAll(async () => {
    handle = await sqlite.open();
    const service = createContentService(handle.db);
    const apiApp = createApiApp(service);
    site = createSite({
      config: readConfig({ PUBLIC_URL: "https://www.meridianpress.example", PRERENDER_DIR: "/nonexistent" }),
      api: createApiClient(service),
      // No form is sent here.
      forms: { secret: "s".repeat(32), minFillMs: 0, rateLimiter: { hit: () => Promise.reject(new Error("no forms in this test")) } },
      apiApp,
      oai: inProcessOai(createOaiApp(handle.db, { publicUrl: "https://www.meridianpress.example" })),
      // No page is rendered here: /oai is answered before React Router.
      build: () => Promise.reject(new Error("no pages in this test")),
      ready: async () => true,
      revision: followRevision(async () => 0, 60_000),
    });
  });
  afterAll(() => handle.db.destroy());

  it("answers GET, HEAD and POST at /oai, other methods 405 and a large body 413", async () => {
    const get = await site.request("/oai?verb=Identify");
    expect(get.status).toBe(200);
    expect(get.headers.get("content-type")).toBe("text/xml; charset=utf-8");
    expect(await get.text()).toContain("<baseURL>https://www.meridianpress.example/oai</baseURL>");
    expect((await site.request("/oai?verb=Identify", { method: "HEAD" })).status).toBe(200);
    const form = { "Content-Type": "application/x-www-form-urlencoded" };
    const post = await site.request("/oai", { method: "POST", body: "verb=ListMetadataFormats", headers: form });
    expect(await post.text()).toContain("<metadataPrefix>oai_dc</metadataPrefix>");
    expect((await site.request("/oai", { method: "DELETE" })).status).toBe(405);
    expect((await site.request("/oai", { method: "POST", body: `verb=Identify&x=${"a".repeat(9000)}`, headers: form })).status).toBe(413);
  });
});

describe("the site's OAI-PMH repository over API_URL", () => {
  let handle: DatabaseHandle;
  let server: ReturnType<typeof serve>;
  let apiUrl: string;

  beforeAll(async () => {
    handle = await sqlite.open();
    const service = new Hono().use(compress()).route("/", createOaiApp(handle.db, { publicUrl: "https://www.meridianpress.example" }));
    server = serve({ fetch: service.fetch, port: 0, hostname: "127.0.0.1" });
    await new Promise((resolve) => server.once("listening", resolve));
    apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await handle.db.destroy();
  });

  it("answers GET and POST as the repository in this process does", async () => {
    const remote = forwardedOai(apiUrl);
    const local = inProcessOai(createOaiApp(handle.db, { publicUrl: "https://www.meridianpress.example" }));
    const withoutDate = (xml: string) => xml.replace(/<responseDate>[^<]*<\/responseDate>/, "");
    for (const makeRequest of [
      () =>
        new Request("https://www.meridianpress.example/oai?verb=ListIdentifiers&metadataPrefix=oai_dc", { headers: { "Accept-Encoding": "gzip" } }),
      () =>
        new Request("https://www.meridianpress.example/oai", {
          method: "POST",
          body: "verb=ListSets",
          headers: { "Content-Type": "application/x-www-form-urlencoded" },
        }),
    ]) {
      const [forwarded, direct] = await Promise.all([remote(makeRequest()), local(makeRequest())]);
      expect(forwarded.status).toBe(200);
      expect(forwarded.headers.get("content-type")).toBe("text/xml; charset=utf-8");
      expect(forwarded.headers.get("content-encoding")).toBeNull();
      const xml = await forwarded.text();
      expect(xml).toMatch(/<(ListIdentifiers|ListSets)>/);
      expect(withoutDate(xml)).toBe(withoutDate(await direct.text()));
    }
  });

  it("answers 503 when the content service does not answer", async () => {
    // A port nothing listens on any more.
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const response = await forwardedOai(`http://127.0.0.1:${port}`)(new Request("https://www.meridianpress.example/oai?verb=Identify"));
    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).toBe("60");
  });
});
