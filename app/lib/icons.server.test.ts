import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readContentFolder } from "../../service/content/read-folder.ts";
import { iconSvg, withIcons } from "./icons.server.ts";

/** A small Iconify-API-like service on loopback: one icon, one slow set, one failing set. */
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
      setTimeout(() => response.end("{}"), 2000);
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
    expect(await iconSvg("lucide:book-open", apiUrl)).toMatch(/^<svg[^>]*viewBox="0 0 24 24"/);
    expect(requests.length).toBe(before);
  });

  it("fetches an icon it does not have from the icon service once, then remembers it", async () => {
    expect(await iconSvg("custom:star", apiUrl)).toContain('<path d="M1 1"/>');
    expect(await iconSvg("custom:star", apiUrl)).toContain('<path d="M1 1"/>');
    expect(requests.filter((r) => r === "/custom.json?icons=star")).toHaveLength(1);
  });

  it("gives null (the dashed circle) for an unknown icon, a failing or slow service, or no service", async () => {
    expect(await iconSvg("custom:moon", apiUrl)).toBeNull();
    expect(await iconSvg("broken:star", apiUrl)).toBeNull();
    const started = Date.now();
    expect(await iconSvg("slow:star", apiUrl, 300)).toBeNull();
    expect(Date.now() - started).toBeLessThan(1500);
    expect(await iconSvg("other:star")).toBeNull();
    expect(await iconSvg(null, apiUrl)).toBeNull();
  });

  it("never requests a URL longer than 500 characters", async () => {
    const before = requests.length;
    expect(await iconSvg(`custom:${"a".repeat(480)}`, apiUrl)).toBeNull();
    expect(requests.length).toBe(before);
  });

  it("adds each item's icon", async () => {
    const items = await withIcons([{ icon: "lucide:scale" }, { icon: null }], apiUrl);
    expect(items[0].iconSvg).toMatch(/^<svg/);
    expect(items[1].iconSvg).toBeNull();
  });
});

describe("the demo content's icons", () => {
  it("gives every service and policy an installed icon, never the dashed circle", async () => {
    const { services, policies } = await readContentFolder("content/demo");
    const items = [...services, ...policies];
    expect(items.length).toBeGreaterThan(10);
    const missing = [];
    for (const item of items) if (!(await iconSvg(item.icon ?? null))) missing.push(`${item.id}: ${item.icon ?? "no icon"}`);
    expect(missing).toEqual([]);
  });
});
