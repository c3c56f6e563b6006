/**
 * The site's /oai when the content service runs elsewhere (API_URL): requests reach the
 * service's repository over HTTP, through its compression, and come back as it answered them.
 */
import { type AddressInfo, createServer } from "node:net";
import { serve } from "@hono/node-server";
import { Hono } from "hono";
import { compress } from "hono/compress";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importContent } from "../service/content/import.ts";
import { readContentFolder } from "../service/content/read-folder.ts";
import type { DatabaseHandle } from "../service/db/database.ts";
import { createOaiApp } from "../service/oai/app.ts";
import { testDatabases } from "../tests/databases.ts";
import { forwardedOai, inProcessOai } from "./oai.ts";

const [sqlite] = testDatabases();

describe("the site's OAI-PMH repository over API_URL", () => {
  let handle: DatabaseHandle;
  let server: ReturnType<typeof serve>;
  let apiUrl: string;

  beforeAll(async () => {
    handle = await sqlite.open();
    await importContent(handle.db, await readContentFolder("content/demo"));
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
