import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoBundle } from "../../tests/demo-snapshot.ts";
import { frameSprite, iconSprite, iconSymbol, withIcons } from "./icons.server.ts";

/** A small Iconify-API-like service on loopback: one icon, one set that never answers, one failing set. */
let server: Server;
let apiUrl: string;
const requests: string[] = [];
beforeAll(async () => {
  server = createServer((request, response) => {
    requests.push(request.url ?? "");
    const url = new URL(request.url ?? "/", "http://x");
    if (url.pathname === "/custom.json") {
      const icon = url.searchParams.get("icons") ?? "";
      response.setHeader("content-type", "application/json");
      response.end(JSON.stringify({ prefix: "custom", icons: icon === "star" ? { star: { body: '<path d="M1 1"/>' } } : {}, width: 24, height: 24 }));
    } else if (url.pathname === "/slow.json") {
      // Held open, never answered: only the caller's own timeout ends the wait (closed in afterAll).
    } else {
      response.statusCode = 500;
      response.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

describe("icons", () => {
  it("renders an installed icon without any request", async () => {
    const before = requests.length;
    expect(await iconSymbol("lucide:book-open", apiUrl)).toEqual({
      id: "lucide-book-open",
      markup: expect.stringMatching(/^<symbol id="lucide-book-open" viewBox="0 0 24 24"><path fill="none" stroke="currentColor".*<\/symbol>$/),
    });
    expect(requests.length).toBe(before);
  });

  it("fetches an icon it does not have from the icon service once, then remembers it", async () => {
    expect((await iconSymbol("custom:star", apiUrl))?.markup).toContain('<path d="M1 1"/>');
    expect((await iconSymbol("custom:star", apiUrl))?.markup).toContain('<path d="M1 1"/>');
    expect(requests.filter((r) => r === "/custom.json?icons=star")).toHaveLength(1);
  });

  it("gives null (the dashed circle) for an unknown icon, a failing or slow service, or no service", async () => {
    expect(await iconSymbol("custom:moon", apiUrl)).toBeNull();
    expect(await iconSymbol("broken:star", apiUrl)).toBeNull();
    expect(await iconSymbol("slow:star", apiUrl, 300)).toBeNull();
    expect(await iconSymbol("other:star")).toBeNull();
    expect(await iconSymbol(null, apiUrl)).toBeNull();
  });

  it("never requests a URL longer than 500 characters", async () => {
    const before = requests.length;
    expect(await iconSymbol(`custom:${"a".repeat(480)}`, apiUrl)).toBeNull();
    expect(requests.length).toBe(before);
  });

  it("adds each item's icon", async () => {
    const items = await withIcons([{ icon: "lucide:scale" }, { icon: null }], apiUrl);
    expect(items.map((item) => item.iconId)).toEqual(["lucide-scale", null]);
  });
});

describe("the sprite", () => {
  it("holds each icon that could be had once, and is named by its bytes", async () => {
    const sprite = await iconSprite(["lucide:scale", "custom:moon", null, "lucide:book-open", "lucide:scale"], apiUrl);
    expect([...sprite.svg.matchAll(/<symbol id="([^"]+)"/g)].map((m) => m[1])).toEqual(["lucide-book-open", "lucide-scale"]);
    expect(sprite.svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"><symbol .*<\/symbol><\/svg>$/);
    expect(sprite.file).toMatch(/^[0-9a-f]{16}\.svg$/);
    expect((await iconSprite(["lucide:book-open", "lucide:scale"])).file).toBe(sprite.file);
    expect((await iconSprite(["lucide:book-open"])).file).not.toBe(sprite.file);
  });
});

describe("the demo content's icons", () => {
  it("gives every service and policy an installed icon, never the dashed circle", async () => {
    const { services, policies } = demoBundle();
    const items = [...services, ...policies];
    expect(items.length).toBeGreaterThan(10);
    const missing = [];
    for (const item of items) if (!(await iconSymbol(item.icon ?? null))) missing.push(`${item.id}: ${item.icon ?? "no icon"}`);
    expect(missing).toEqual([]);
    // The frame's sprite has each of them, and the social networks' marks.
    const sprite = await frameSprite({ services: items.map((item) => ({ ...item, icon: item.icon ?? null })) as never, policies: [] });
    for (const item of items) expect(sprite.svg).toContain(`<symbol id="${item.icon?.replace(":", "-")}"`);
    for (const mark of ["lucide-facebook", "brand-x", "lucide-youtube"]) expect(sprite.svg).toContain(`<symbol id="${mark}"`);
  });
});
