/**
 * Signing in to GitHub from the content editor in production: Decap's GitHub backend opens a
 * window at /admin/oauth/authorize and expects the site to run OAuth's code flow with the
 * application's secret, which a browser must not hold, then to hand the token back by
 * `postMessage` (Decap's "authorizing:github" handshake, then "authorization:github:success:…").
 * GitLab, Gitea and Forgejo need none of this: Decap signs in to them with PKCE in the browser.
 * Only someone with write access to the repository gets anywhere: Decap checks it with the token.
 */
import { randomBytes } from "node:crypto";
import { escapeAttribute } from "entities";
import { Hono } from "hono";
import { getCookie, setCookie } from "hono/cookie";
import { sameSecret } from "../api/bearer.ts";

const STATE_COOKIE = "editor_oauth_state";

/** The window's page: its script (`/admin/oauth.js`) reads what to do from the document's data. */
const windowPage = (data: Record<string, string>) => `<!doctype html>
<html lang="en" ${Object.entries(data)
  .map(([key, value]) => `data-${key}="${escapeAttribute(value)}"`)
  .join(" ")}>
<head><meta charset="utf-8"><meta name="robots" content="noindex"><title>Signing in · Meridian</title></head>
<body><p>Signing in…</p><script src="/admin/oauth.js"></script></body>
</html>
`;

/** Its script: the handshake with the editor's window, then the way to GitHub; or the token (or the error) handed back. */
const WINDOW_SCRIPT = `const { step, provider, target, message, origin } = document.documentElement.dataset;
if (step === "handshake") {
  window.addEventListener("message", (event) => {
    if (event.origin === origin && event.data === "authorizing:" + provider) location.href = target;
  });
  window.opener?.postMessage("authorizing:" + provider, origin);
} else {
  window.opener?.postMessage(message, origin);
}
`;

export interface GitHubOAuth {
  clientId: string;
  clientSecret: string;
  /** GitHub's web origin (github.com, or a GitHub Enterprise server). */
  web: string;
  /** The site's public origin: where GitHub sends the editor back, and the origin the token is posted to. */
  siteUrl: string;
}

export function gitHubOAuthApp({ clientId, clientSecret, web, siteUrl }: GitHubOAuth) {
  const app = new Hono();
  const callback = `${siteUrl}/admin/oauth/callback`;
  const secure = siteUrl.startsWith("https:");
  const done = (message: string) => windowPage({ step: "done", message, origin: siteUrl });
  const failed = (text: string) => done(`authorization:github:error:${JSON.stringify({ message: text })}`);

  app.get("/admin/oauth.js", (c) => c.body(WINDOW_SCRIPT, 200, { "Content-Type": "text/javascript; charset=utf-8" }));
  app.get("/admin/oauth/authorize", (c) => {
    if (c.req.query("provider") !== "github") return c.html(failed("only GitHub signs in here"), 400);
    const state = randomBytes(24).toString("base64url");
    setCookie(c, STATE_COOKIE, state, { httpOnly: true, secure, sameSite: "Lax", path: "/admin/oauth", maxAge: 600 });
    const target = new URL("/login/oauth/authorize", web);
    target.search = new URLSearchParams({
      client_id: clientId,
      redirect_uri: callback,
      scope: c.req.query("scope") === "public_repo" ? "public_repo" : "repo",
      state,
    }).toString();
    return c.html(windowPage({ step: "handshake", provider: "github", target: target.toString(), origin: siteUrl }));
  });
  app.get("/admin/oauth/callback", async (c) => {
    const expected = getCookie(c, STATE_COOKIE) ?? "";
    const state = c.req.query("state") ?? "";
    setCookie(c, STATE_COOKIE, "", { httpOnly: true, secure, sameSite: "Lax", path: "/admin/oauth", maxAge: 0 });
    if (!expected || !sameSecret(state, expected)) {
      return c.html(failed("the sign-in expired or did not start here: try again"), 400);
    }
    const code = c.req.query("code");
    if (!code) return c.html(failed(c.req.query("error_description") ?? "GitHub did not sign you in"), 400);
    const response = await fetch(new URL("/login/oauth/access_token", web), {
      method: "POST",
      headers: { Accept: "application/json", "Content-Type": "application/json" },
      body: JSON.stringify({ client_id: clientId, client_secret: clientSecret, code, redirect_uri: callback }),
      signal: AbortSignal.timeout(10_000),
    }).catch(() => undefined);
    const answer = (await response?.json().catch(() => undefined)) as { access_token?: string; error_description?: string } | undefined;
    if (!answer?.access_token) return c.html(failed(answer?.error_description ?? "GitHub could not be reached: try again"), 502);
    return c.html(done(`authorization:github:success:${JSON.stringify({ token: answer.access_token, provider: "github" })}`));
  });
  return app;
}
