import { describe, expect, it } from "vitest";
import { visitorNetwork } from "./visitor-network.ts";

describe("a visitor's network", () => {
  it("is an IPv4 address's /24, written as IPv4 or as IPv6", () => {
    expect(visitorNetwork("203.0.113.77")).toBe("203.0.113.0/24");
    expect(visitorNetwork("203.0.113.1")).toBe(visitorNetwork("203.0.113.254"));
    expect(visitorNetwork("::ffff:203.0.113.77")).toBe("203.0.113.0/24");
    expect(visitorNetwork("203.0.114.77")).not.toBe(visitorNetwork("203.0.113.77"));
  });

  it("is an IPv6 address's /48, however it is written", () => {
    expect(visitorNetwork("2001:db8:7:1::5")).toBe("2001:db8:7::/48");
    expect(visitorNetwork("2001:0DB8:0007:ffff:1:2:3:4")).toBe("2001:db8:7::/48");
    expect(visitorNetwork("2001:db8::1")).toBe("2001:db8:0::/48");
    expect(visitorNetwork("2001:db8:0:1::1")).toBe(visitorNetwork("2001:db8::1"));
    expect(visitorNetwork("::1")).toBe("0:0:0::/48");
    expect(visitorNetwork("fe80::1%eth0")).toBe("fe80:0:0::/48");
    expect(visitorNetwork("2001:db8:8::1")).not.toBe(visitorNetwork("2001:db8:7::1"));
  });

  it("is what a proxy said when it is no address, and one network for no address at all", () => {
    expect(visitorNetwork("unknown")).toBe("unknown");
    expect(visitorNetwork(undefined)).toBe("");
  });
});
