/**
 * The security headers of every answer (docs/decisions/016-security-headers.md). A page's
 * Content-Security-Policy allows its own inline scripts by their SHA-256 hashes, and what they load
 * through 'strict-dynamic': the policy depends on the page's bytes only, so it is computed once per
 * render and kept with the page in the page cache, a CDN's copy or a 304's revalidated copy. Google's
 * analytics and bot-check origins are allowed only when they are configured.
 */
import { createHash } from "node:crypto";
import type { MiddlewareHandler } from "hono";

/** The third parties a page may talk to: each only when it is configured. */
export interface ThirdParties {
  analytics: boolean;
  botCheck: boolean;
}

const CSP = "Content-Security-Policy";

/** What every answer carries, whatever its type (and every kept page, page-cache.ts, answered ahead of this middleware). */
export const COMMON_HEADERS: Record<string, string> = {
  "Strict-Transport-Security": "max-age=31536000",
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "Cross-Origin-Resource-Policy": "same-origin",
  "X-Frame-Options": "DENY",
  "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=()",
};

/** Anything but a page (files, JSON, XML, SVG) runs nothing, loads nothing and is framed by nobody. */
const RESOURCE_POLICY = "default-src 'none'; style-src-attr 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/** Google Analytics 4 (gtag.js) and reCAPTCHA v3: the hosts their scripts fetch from, frame and beacon to. */
const ANALYTICS = {
  connect: ["https://*.google-analytics.com", "https://*.analytics.google.com", "https://*.googletagmanager.com"],
  img: ["https://*.google-analytics.com", "https://*.googletagmanager.com"],
};
const BOT_CHECK = {
  connect: ["https://www.google.com/recaptcha/"],
  frame: ["https://www.google.com/recaptcha/", "https://recaptcha.google.com/recaptcha/"],
};

/** Script types a browser runs (no type, a JavaScript MIME type, or a module); JSON-LD and the like are data. */
const isScriptType = (type: string | undefined) =>
  type === undefined || type === "" || type === "module" || /^(text|application)\/(x-)?(java|ecma)script$/i.test(type);

/** The 'sha256-…' sources of the inline scripts in a page, in order, each once. */
function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes, body] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    if (/\bsrc\s*=/i.test(attributes)) continue;
    const type = attributes.match(/\btype\s*=\s*["']?([^"'\s>]*)/i)?.[1];
    if (!isScriptType(type) || body === "") continue;
    hashes.add(`'sha256-${createHash("sha256").update(body, "utf8").digest("base64")}'`);
  }
  return [...hashes];
}

/**
 * A page's policy: its inline scripts by hash and, through 'strict-dynamic', the modules and
 * scripts they load ('self' serves browsers without 'strict-dynamic', which ignore it otherwise);
 * a page without inline scripts runs none.
 * Styles come from the stylesheet; style attributes (a cover's size, a panel's position) are allowed.
 */
function pagePolicy(hashes: readonly string[], thirdParties: ThirdParties): string {
  const connect = ["'self'", ...(thirdParties.analytics ? ANALYTICS.connect : []), ...(thirdParties.botCheck ? BOT_CHECK.connect : [])];
  const directives: [string, string[]][] = [
    ["default-src", ["'none'"]],
    ["script-src", hashes.length > 0 ? ["'strict-dynamic'", ...hashes, "'self'"] : ["'none'"]],
    ["style-src", ["'self'"]],
    ["style-src-attr", ["'unsafe-inline'"]],
    ["img-src", ["'self'", "data:", ...(thirdParties.analytics ? ANALYTICS.img : [])]],
    ["font-src", ["'self'"]],
    ["connect-src", connect],
    ["frame-src", thirdParties.botCheck ? BOT_CHECK.frame : []],
    ["manifest-src", ["'self'"]],
    ["form-action", ["'self'"]],
    ["base-uri", ["'none'"]],
    ["object-src", ["'none'"]],
    ["frame-ancestors", ["'none'"]],
  ];
  return directives
    .filter(([, sources]) => sources.length > 0)
    .map(([name, sources]) => `${name} ${sources.join(" ")}`)
    .join("; ");
}

/** The policy of a page with this HTML. */
export const htmlPolicy = (html: string, thirdParties: ThirdParties) => pagePolicy(inlineScriptHashes(html), thirdParties);

const isHtml = (response: Response) => /^text\/html\b/i.test(response.headers.get("content-type") ?? "");

/** A page with its policy, computed from its HTML (the body is read whole). Other answers are returned as they are. */
export async function withPagePolicy(response: Response, thirdParties: ThirdParties): Promise<Response> {
  if (!isHtml(response) || response.body === null || response.headers.has(CSP)) return response;
  const html = await response.text();
  const headers = new Headers(response.headers);
  headers.set(CSP, htmlPolicy(html, thirdParties));
  return new Response(html, { status: response.status, statusText: response.statusText, headers });
}

/**
 * The headers of every answer: the common ones, and a policy where the answer has none yet (a
 * rendered or prerendered page has its own already, computed once with the page; a page refused
 * before React Router gets its policy here, anything else the resource policy).
 */
export function securityHeaders(thirdParties: ThirdParties): MiddlewareHandler {
  const common = Object.entries(COMMON_HEADERS);
  return async (c, next) => {
    await next();
    c.res = await withPagePolicy(c.res, thirdParties);
    if (!c.res.headers.has(CSP)) c.res.headers.set(CSP, RESOURCE_POLICY);
    for (const [name, value] of common) c.res.headers.set(name, value);
  };
}
