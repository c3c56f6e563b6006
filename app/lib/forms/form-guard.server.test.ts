import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifyBotCheck } from "./bot-check.server.ts";
import { checkFormToken, FORM_TOKEN_MAX_AGE_MS, signFormToken } from "./form-token.server.ts";
import { IP_COUNTRY_TIMEOUT_MS, lookupCountry, parseIpCountryAnswer } from "./ip-country.server.ts";
import { rateLimitKey } from "./rate-limit.server.ts";

const secret = "s".repeat(32);

describe("form token", () => {
  const shown = 1_800_000_000_000;
  const token = signFormToken(secret, shown);

  it("is refused as too fast before the minimum fill time, and gives its submission id after it", () => {
    expect(checkFormToken(secret, token, { minFillMs: 3000, now: shown + 2999 })).toEqual({ problem: "tooFast" });
    const accepted = checkFormToken(secret, token, { minFillMs: 3000, now: shown + 3000 });
    expect(accepted).toEqual({ id: token.split(".")[1] });
    expect(checkFormToken(secret, token, { minFillMs: 3000, now: shown + 9000 })).toEqual(accepted);
  });

  it("carries a new id in each token", () => {
    expect(signFormToken(secret, shown).split(".")[1]).not.toBe(token.split(".")[1]);
  });

  it("expires after a day", () => {
    expect(checkFormToken(secret, token, { minFillMs: 0, now: shown + FORM_TOKEN_MAX_AGE_MS + 1 })).toEqual({ problem: "expired" });
  });

  it("cannot be forged, given another id, or checked with another secret", () => {
    const [, id, signature] = token.split(".");
    const expired = { problem: "expired" };
    expect(checkFormToken(secret, `${shown - 60_000}.${id}.${signature}`, { minFillMs: 3000, now: shown + 5000 })).toEqual(expired);
    expect(checkFormToken(secret, `${shown}.0000AAAA0000.${signature}`, { minFillMs: 0, now: shown + 5000 })).toEqual(expired);
    expect(checkFormToken("t".repeat(32), token, { minFillMs: 0, now: shown + 5000 })).toEqual(expired);
    for (const junk of ["", "abc", "1.2", `${shown}.`, `${token}.x`, "…….…"])
      expect(checkFormToken(secret, junk, { minFillMs: 0, now: shown })).toEqual(expired);
  });
});

describe("rate limit key", () => {
  it("is the IPv4 address, or the IPv6 address's /64", () => {
    expect(rateLimitKey("198.51.100.7")).toBe("198.51.100.7");
    expect(rateLimitKey("::ffff:198.51.100.7")).toBe("198.51.100.7");
    expect(rateLimitKey("2001:db8:1:2:aaaa::1")).toBe("2001:db8:1:2::/64");
    expect(rateLimitKey("2001:0DB8:0001:0002:bbbb:cccc:dddd:eeee")).toBe("2001:db8:1:2::/64");
    expect(rateLimitKey("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(rateLimitKey("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
    expect(rateLimitKey(undefined)).toBe("unknown");
  });
});

describe("IP-to-country answer", () => {
  it("counts only when it starts with 1, and reads the country from characters 3 and 4", () => {
    expect(parseIpCountryAnswer("1;TR;TUR;Turkey")).toBe("TR");
    expect(parseIpCountryAnswer("1;DE;DEU;Germany")).toBe("DE");
    expect(parseIpCountryAnswer("2;;;UNKNOWN")).toBeUndefined();
    expect(parseIpCountryAnswer("0;TR;TUR;Turkey")).toBeUndefined();
    expect(parseIpCountryAnswer("")).toBeUndefined();
  });
});

describe("services on a loopback server", () => {
  let server: Server;
  let base: string;
  const seen: { url: string; body: string }[] = [];
  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = "";
      req.on("data", (chunk) => {
        body += chunk;
      });
      req.on("end", () => {
        seen.push({ url: req.url ?? "", body });
        // A service that takes the request and never answers.
        if (req.url?.startsWith("/hang")) return;
        if (req.url?.startsWith("/ip/198.51.100.1")) return res.end("1;GB;GBR;United Kingdom");
        if (req.url?.startsWith("/ip/")) return res.end("2;;;UNKNOWN");
        if (req.url === "/verify") {
          const params = new URLSearchParams(body);
          const score = params.get("response")?.startsWith("human") ? 0.9 : 0.1;
          const action = params.get("response") === "human-elsewhere" ? "quote" : "finance";
          return res.end(JSON.stringify({ success: params.get("secret") === "shh", score, action }));
        }
        res.statusCode = 500;
        res.end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(
    () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(resolve);
      }),
  );

  it("looks the visitor's country up once, and gives nothing when the service names none", async () => {
    expect(await lookupCountry(`${base}/ip/{ip}`, "198.51.100.1")).toBe("GB");
    expect(await lookupCountry(`${base}/ip/{ip}`, "198.51.100.1")).toBe("GB");
    expect(seen.filter((s) => s.url === "/ip/198.51.100.1")).toHaveLength(1);
    expect(await lookupCountry(`${base}/ip/{ip}`, "198.51.100.2")).toBeUndefined();
    expect(await lookupCountry("http://127.0.0.1:9/{ip}", "198.51.100.3")).toBeUndefined();
  });

  it("passes the bot check only with a verified, high-scoring token", async () => {
    const config = { siteKey: "key", secret: "shh", verifyUrl: `${base}/verify`, minScore: 0.5 };
    expect(await verifyBotCheck(config, "human", "finance", "198.51.100.1")).toBe("passed");
    expect(seen.at(-1)?.body).toContain("remoteip=198.51.100.1");
    expect(await verifyBotCheck(config, "bot", "finance", undefined)).toBe("failed");
    expect(await verifyBotCheck(config, "", "finance", undefined)).toBe("failed");
    expect(await verifyBotCheck(config, "human-elsewhere", "finance", undefined)).toBe("failed");
    expect(await verifyBotCheck({ ...config, secret: "wrong" }, "human", "finance", undefined)).toBe("failed");
    expect(await verifyBotCheck({ ...config, verifyUrl: `${base}/broken` }, "human", "finance", undefined)).toBe("unavailable");
  });

  it("gives up on a service that never answers within its timeout, so a form page or a post is never held longer", async () => {
    let started = Date.now();
    expect(await lookupCountry(`${base}/hang/{ip}`, "198.51.100.9")).toBeUndefined();
    expect(Date.now() - started).toBeLessThan(IP_COUNTRY_TIMEOUT_MS + 1000);
    started = Date.now();
    const config = { siteKey: "key", secret: "shh", verifyUrl: `${base}/hang`, minScore: 0.5 };
    expect(await verifyBotCheck(config, "human", "finance", undefined)).toBe("unavailable");
    expect(Date.now() - started).toBeLessThan(6000);
  });
});
