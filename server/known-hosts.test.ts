import { describe, expect, it } from "vitest";
import { knownHosts } from "./known-hosts.ts";

describe("the hosts a process answers for", () => {
  it("without PUBLIC_URL: loopback and the configured names, with any port; the health checks for anyone", () => {
    const known = knownHosts({ allowed: ["Meridian.Internal", "10.0.0.5"] });
    for (const host of ["localhost:3000", "127.0.0.1", "[::1]:8080", "app.localhost", "meridian.internal:3000", "10.0.0.5"]) {
      expect(known(host, "/books")).toBe(true);
    }
    for (const host of ["attacker.example", "attacker.example:3000", "localhost.attacker.example", "", undefined]) {
      expect(known(host, "/books")).toBe(false);
    }
    expect(known("attacker.example", "/readyz")).toBe(true);
  });

  it("with PUBLIC_URL every URL is built on it, so any Host is answered", () => {
    expect(knownHosts({ publicUrl: "https://www.meridianpress.example", allowed: [] })("10.1.2.3", "/sitemap.xml")).toBe(true);
  });
});
