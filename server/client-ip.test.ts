import { describe, expect, it } from "vitest";
import { clientIp, clientProtocol } from "./client-ip.ts";

describe("clientIp", () => {
  it("is the socket's address when no proxy is trusted, whatever the header says", () => {
    expect(clientIp("198.51.100.7", "203.0.113.9", 0)).toBe("198.51.100.7");
  });

  it("behind one proxy is the address that proxy appended, not one the visitor sent", () => {
    expect(clientIp("10.0.0.2", "203.0.113.9, 198.51.100.7", 1)).toBe("198.51.100.7");
    expect(clientIp("10.0.0.2", "198.51.100.7", 1)).toBe("198.51.100.7");
  });

  it("behind two proxies counts two entries from the end", () => {
    expect(clientIp("10.0.0.2", "spoofed, 198.51.100.7, 10.0.0.9", 2)).toBe("198.51.100.7");
  });

  it("falls back to the socket's address without the header", () => {
    expect(clientIp("10.0.0.2", undefined, 1)).toBe("10.0.0.2");
  });
});

describe("clientProtocol", () => {
  it("reads the scheme the farthest trusted proxy reported, and nothing without a trusted proxy", () => {
    expect(clientProtocol("http", 1)).toBe("http");
    expect(clientProtocol("https, http", 2)).toBe("https");
    expect(clientProtocol("HTTP", 1)).toBe("http");
    expect(clientProtocol("http", 0)).toBeUndefined();
    expect(clientProtocol(undefined, 1)).toBeUndefined();
  });
});
