import { describe, expect, it } from "vitest";
import { isOwnPost } from "./post-origin.ts";

const own = ["www.meridianpress.example", "127.0.0.1:3000"];
const post = (headers: Record<string, string>) => isOwnPost(new Headers(headers), own);

describe("a post's origin", () => {
  it("trusts the browser's Sec-Fetch-Site first", () => {
    expect(post({ "sec-fetch-site": "same-origin" })).toBe(true);
    expect(post({ "sec-fetch-site": "none" })).toBe(true);
    expect(post({ "sec-fetch-site": "cross-site", origin: "https://www.meridianpress.example" })).toBe(false);
    expect(post({ "sec-fetch-site": "same-site" })).toBe(false);
  });

  it("compares the Origin's host with ours otherwise, and lets a client without either through", () => {
    expect(post({ origin: "https://www.meridianpress.example" })).toBe(true);
    expect(post({ origin: "http://127.0.0.1:3000" })).toBe(true);
    expect(post({ origin: "https://evil.example" })).toBe(false);
    expect(post({ origin: "null" })).toBe(false);
    expect(post({})).toBe(true);
  });
});
