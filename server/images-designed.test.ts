/** The site's /images draws a designed cover (service/covers/), keeps it and answers it like any other image. */
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { coverSource } from "../contract/designed-cover.ts";
import { messages } from "../i18n/messages/index.ts";
import type { ApiClient } from "../service/api/client.ts";
import { followRevision } from "../service/api/revision.ts";
import { demoApi } from "../tests/demo-api.ts";
import { readConfig } from "./config.ts";
import { createSite } from "./site.ts";

describe("the site's /images with a designed cover", () => {
  let api: ApiClient;
  let close: () => Promise<void>;
  let site: ReturnType<typeof createSite>;
  /** The records the site looked up: a cover is drawn once per path and width, then kept. */
  const lookups: string[] = [];

  beforeAll(async () => {
    ({ api, close } = await demoApi());
    site = createSite({
      config: readConfig({ PUBLIC_URL: "https://www.meridianpress.example", PRERENDER_DIR: "/nonexistent" }),
      api: {
        ...api,
        book: (locale, slug) => {
          lookups.push(slug);
          return api.book(locale, slug);
        },
      },
      forms: { secret: "s".repeat(32), minFillMs: 0, rateLimiter: { hit: () => Promise.reject(new Error("no forms in this test")) } },
      // No page is rendered here: /images is answered before React Router.
      build: () => Promise.reject(new Error("no pages in this test")),
      ready: async () => true,
      revision: followRevision(async () => 0, 60_000),
    });
  });
  afterAll(() => close());

  it("answers it as WebP at the asked width, with the images' caching headers and an ETag, drawn once", async () => {
    const [book] = (await api.books("tr")).Items;
    const url = `/images/160/${coverSource({ book }, messages.tr, "tr")}`;
    const response = await site.request(url);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/webp");
    expect(response.headers.get("cache-control")).toBe("public, max-age=86400, stale-while-revalidate=604800");
    const etag = response.headers.get("etag");
    expect(etag).toBeTruthy();
    expect(await sharp(Buffer.from(await response.arrayBuffer())).metadata()).toMatchObject({ format: "webp", width: 160, height: 240 });
    const again = await site.request(url, { headers: { "If-None-Match": etag ?? "" } });
    expect(again.status).toBe(304);
    expect((await site.request(url.replace("/160/", "/320/"))).status).toBe(200);
    expect(lookups).toEqual([book.slug, book.slug]);
  });

  it("sends a path its record has left to the record's cover now, and a path naming nothing is 404", async () => {
    const [book] = (await api.books("en")).Items;
    const moved = await site.request(`/images/224/designed-covers/books/en/${book.slug}/old.svg`);
    expect(moved.status).toBe(302);
    expect(moved.headers.get("location")).toBe(`/images/224/${coverSource({ book }, messages.en, "en")}`);
    expect((await site.request("/images/224/designed-covers/books/en/no-such-book/1.svg")).status).toBe(404);
  });
});
