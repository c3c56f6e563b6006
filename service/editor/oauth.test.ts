/**
 * GitHub's sign-in for the editor in production, against a local HTTP server standing in for
 * github.com (its token endpoint answers as GitHub's OAuth documentation shows:
 * https://docs.github.com/en/apps/oauth-apps/building-oauth-apps/authorizing-oauth-apps). The
 * window sends the editor to GitHub with the application's id, a state held in a cookie and the
 * site's callback; the callback trades the code for a token with the secret, and hands the token
 * to the editor's window only from the site's own origin; a foreign or replayed state gets nothing.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { gitHubOAuthApp } from "./oauth.ts";

const SITE = "https://www.meridianpress.example";
let github: Server;
let web: string;
const trades: Record<string, unknown>[] = [];

beforeAll(async () => {
  github = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      if (req.method !== "POST" || req.url !== "/login/oauth/access_token") return void res.writeHead(404).end();
      const trade = JSON.parse(body) as Record<string, unknown>;
      trades.push(trade);
      const answer =
        trade.code === "good-code"
          ? { access_token: "gho_token", token_type: "bearer", scope: "repo" }
          : { error: "bad_verification_code", error_description: "The code passed is incorrect or expired." };
      res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify(answer));
    });
  });
  await new Promise<void>((resolve) => github.listen(0, "127.0.0.1", resolve));
  web = `http://127.0.0.1:${(github.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => github.close(resolve)));

const app = () => gitHubOAuthApp({ clientId: "Iv1.client", clientSecret: "the-secret", web, siteUrl: SITE });
const data = (html: string, name: string) => {
  const value = new RegExp(`data-${name}="([^"]*)"`).exec(html)?.[1];
  return value?.replaceAll("&quot;", '"').replaceAll("&lt;", "<").replaceAll("&amp;", "&");
};

describe("signing in to GitHub from the editor", () => {
  it("sends the editor to GitHub with the application, a state kept in a cookie, and the site's callback", async () => {
    const response = await app().request("/admin/oauth/authorize?provider=github&site_id=www.meridianpress.example&scope=repo");
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('<script src="/admin/oauth.js"></script>');
    expect([data(html, "step"), data(html, "provider"), data(html, "origin")]).toEqual(["handshake", "github", SITE]);
    const target = new URL(data(html, "target") ?? "");
    expect(`${target.origin}${target.pathname}`).toBe(`${web}/login/oauth/authorize`);
    expect(Object.fromEntries(target.searchParams)).toMatchObject({
      client_id: "Iv1.client",
      redirect_uri: `${SITE}/admin/oauth/callback`,
      scope: "repo",
    });
    expect(response.headers.get("set-cookie")).toMatch(
      new RegExp(`editor_oauth_state=${target.searchParams.get("state")}; Max-Age=600; Path=/admin/oauth; HttpOnly; Secure; SameSite=Lax`),
    );
  });

  it("trades the code for a token with the secret, and hands it to the editor's window on the site's origin", async () => {
    const response = await app().request("/admin/oauth/callback?code=good-code&state=s1", { headers: { Cookie: "editor_oauth_state=s1" } });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect([data(html, "step"), data(html, "origin")]).toEqual(["done", SITE]);
    expect(data(html, "message")).toBe('authorization:github:success:{"token":"gho_token","provider":"github"}');
    expect(trades.at(-1)).toEqual({
      client_id: "Iv1.client",
      client_secret: "the-secret",
      code: "good-code",
      redirect_uri: `${SITE}/admin/oauth/callback`,
    });
  });

  it("gives nothing for a state it did not set, and passes GitHub's refusal on", async () => {
    const foreign = await app().request("/admin/oauth/callback?code=good-code&state=other", { headers: { Cookie: "editor_oauth_state=s1" } });
    expect(foreign.status).toBe(400);
    expect(data(await foreign.text(), "message")).toBe(
      'authorization:github:error:{"message":"the sign-in expired or did not start here: try again"}',
    );
    const noCookie = await app().request("/admin/oauth/callback?code=good-code&state=s1");
    expect(noCookie.status).toBe(400);
    const refused = await app().request("/admin/oauth/callback?code=old-code&state=s2", { headers: { Cookie: "editor_oauth_state=s2" } });
    expect(refused.status).toBe(502);
    expect(data(await refused.text(), "message")).toBe('authorization:github:error:{"message":"The code passed is incorrect or expired."}');
    expect((await app().request("/admin/oauth/authorize?provider=gitlab")).status).toBe(400);
  });
});
