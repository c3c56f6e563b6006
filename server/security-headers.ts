/**
 * The security headers of every answer (docs/decisions/016-security-headers.md). A page's
 * Content-Security-Policy allows its own inline scripts by their SHA-256 hashes, and what they load
 * through 'strict-dynamic': the policy depends on the page's bytes only, so it is computed once per
 * render and kept with the page in the page cache, a CDN's copy or a 304's revalidated copy. Google's
 * analytics and bot-check origins are allowed only when they are configured.
 */
import { createHash } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import { secureHeaders } from "hono/secure-headers";

/** The third parties a page may talk to: each only when it is configured. */
export interface ThirdParties {
  analytics: boolean;
  botCheck: boolean;
}

const CSP = "Content-Security-Policy";

/**
 * What every answer carries, whatever its type and whatever answers it (a kept page, a build file):
 * Hono's secure headers with our values, and none of its others (Cross-Origin-Opener-Policy would
 * cut the editor's sign-in window from the page that opened it).
 */
export const commonHeaders = (): MiddlewareHandler =>
  secureHeaders({
    strictTransportSecurity: "max-age=31536000",
    xContentTypeOptions: true,
    referrerPolicy: "strict-origin-when-cross-origin",
    crossOriginResourcePolicy: "same-origin",
    xFrameOptions: "DENY",
    permissionsPolicy: { camera: [], microphone: [], geolocation: [], payment: [], usb: [], browsingTopics: [] },
    crossOriginOpenerPolicy: false,
    originAgentCluster: false,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
  });

/** Anything but a page (files, JSON, XML, SVG) runs nothing, loads nothing and is framed by nobody. */
export const RESOURCE_POLICY = "default-src 'none'; style-src-attr 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

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

const LT = 0x3c;
const GT = 0x3e;
const SLASH = 0x2f;
const SCRIPT = [0x73, 0x63, 0x72, 0x69, 0x70, 0x74]; // "script"
/** ASCII letters, digits and "_": what a regular expression's \b tells from the rest. */
const isWordByte = (b: number) => (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5a) || (b >= 0x61 && b <= 0x7a) || b === 0x5f;
/** HTML's ASCII whitespace (and vertical tab). */
const isSpaceByte = (b: number) => b === 0x20 || (b >= 0x09 && b <= 0x0d);
/** Whether "script" is written at `at`, in any case. */
function isScriptName(bytes: Uint8Array, at: number): boolean {
  for (let k = 0; k < 6; k++) if ((bytes[at + k] | 0x20) !== SCRIPT[k]) return false;
  return true;
}
/** Where the first `</script>` (any case, spaces before its ">") at or after `from` starts and ends, or undefined. */
function closingTag(bytes: Uint8Array, from: number): [number, number] | undefined {
  for (let i = bytes.indexOf(LT, from); i !== -1; i = bytes.indexOf(LT, i + 1)) {
    if (bytes[i + 1] !== SLASH || !isScriptName(bytes, i + 2)) continue;
    let end = i + 8;
    while (end < bytes.length && isSpaceByte(bytes[end])) end++;
    if (bytes[end] === GT) return [i, end + 1];
  }
  return undefined;
}

/**
 * The 'sha256-…' sources of the inline scripts in a page's UTF-8 bytes, in order, each once. It
 * reads the bytes as they are: a page is often more than 128 kB, and making it one string costs
 * more than rendering parts of it (decoding, and a large object for the garbage collector).
 * What it finds is what `<script\b([^>]*)>([\s\S]*?)<\/script\s*>` (case-insensitive) finds.
 */
function inlineScriptHashes(bytes: Uint8Array): string[] {
  const hashes = new Set<string>();
  for (let i = bytes.indexOf(LT); i !== -1; i = bytes.indexOf(LT, i + 1)) {
    if (!isScriptName(bytes, i + 1) || isWordByte(bytes[i + 7])) continue;
    const attributesEnd = bytes.indexOf(GT, i + 7);
    if (attributesEnd === -1) break;
    const closing = closingTag(bytes, attributesEnd + 1);
    if (!closing) break;
    const attributes = Buffer.from(bytes.buffer, bytes.byteOffset + i + 7, attributesEnd - i - 7).toString("utf8");
    const body = bytes.subarray(attributesEnd + 1, closing[0]);
    i = closing[1] - 1;
    if (/\bsrc\s*=/i.test(attributes)) continue;
    const type = attributes.match(/\btype\s*=\s*["']?([^"'\s>]*)/i)?.[1];
    if (!isScriptType(type) || body.length === 0) continue;
    hashes.add(`'sha256-${createHash("sha256").update(body).digest("base64")}'`);
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

/** The policy of a page with this HTML (a string, or its UTF-8 bytes). */
export const htmlPolicy = (html: string | Uint8Array, thirdParties: ThirdParties) =>
  pagePolicy(inlineScriptHashes(typeof html === "string" ? Buffer.from(html) : html), thirdParties);

const isHtml = (response: Response) => /^text\/html\b/i.test(response.headers.get("content-type") ?? "");

/** A page with its policy, computed from its HTML (the body is read whole, as bytes). Other answers are returned as they are. */
export async function withPagePolicy(response: Response, thirdParties: ThirdParties): Promise<Response> {
  if (!isHtml(response) || response.body === null || response.headers.has(CSP)) return response;
  const html = new Uint8Array(await response.arrayBuffer());
  const headers = new Headers(response.headers);
  headers.set(CSP, htmlPolicy(html, thirdParties));
  // Passed on as a stream of one chunk: a byte body would be copied into a byte stream of its own,
  // and the compression that follows takes one chunk for less than many.
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(html);
      controller.close();
    },
  });
  return new Response(body, { status: response.status, statusText: response.statusText, headers });
}

/**
 * Every answer's policy where it has none yet: a rendered or prerendered page has its own already,
 * computed once with the page; a page refused before React Router gets its policy here, anything
 * else the resource policy. Inside the compression: the hashes are of the page's own bytes.
 */
export function contentPolicies(thirdParties: ThirdParties): MiddlewareHandler {
  return async (c, next) => {
    await next();
    // Only a new answer is set: Hono's setter makes even the same answer anew, its body a stream.
    const answer = await withPagePolicy(c.res, thirdParties);
    if (answer !== c.res) c.res = answer;
    if (!c.res.headers.has(CSP)) c.res.headers.set(CSP, RESOURCE_POLICY);
  };
}
