/**
 * The MDN HTTP Observatory's grading (algorithm version 4: every test's results and their score
 * modifiers, the extra-credit rule and the grade chart of @mdn/mdn-http-observatory), applied to
 * answers our own server gave, as they would reach a visitor over HTTPS. The package itself cannot be
 * installed here (its install script downloads a certificate bundle), so its rules are written out.
 */

export interface ObservedResponse {
  status: number;
  /** Header names in lower case; a repeated header's values joined by ", " (Set-Cookie as a list). */
  headers: Record<string, string>;
  setCookies?: string[];
  body?: string;
}

export interface Observation {
  /** The page, as served over HTTPS. */
  page: ObservedResponse;
  /** The first answer to the same URL over plain HTTP, and where its redirects led (URLs in order). */
  http: ObservedResponse;
  httpRedirects: string[];
  /** The page's answer to a CORS preflight from another origin. */
  cors: ObservedResponse;
  host: string;
}

export interface Grade {
  grade: string;
  score: number;
  results: Record<string, { result: string; modifier: number }>;
}

const MODIFIERS: Record<string, number> = {
  "csp-implemented-with-no-unsafe-default-src-none": 10,
  "csp-implemented-with-no-unsafe": 5,
  "csp-implemented-with-unsafe-inline-in-style-src-only": 0,
  "csp-implemented-with-insecure-scheme-in-passive-content-only": -10,
  "csp-implemented-with-unsafe-eval": -10,
  "csp-implemented-with-unsafe-inline": -20,
  "csp-implemented-with-insecure-scheme": -20,
  "csp-header-invalid": -25,
  "csp-not-implemented": -25,
  "cookies-secure-with-httponly-sessions-and-samesite": 5,
  "cookies-secure-with-httponly-sessions": 0,
  "cookies-not-found": 0,
  "cookies-without-secure-flag-but-protected-by-hsts": -5,
  "cookies-session-without-secure-flag-but-protected-by-hsts": -10,
  "cookies-without-secure-flag": -20,
  "cookies-samesite-flag-invalid": -20,
  "cookies-session-without-httponly-flag": -30,
  "cookies-session-without-secure-flag": -40,
  "cross-origin-resource-sharing-not-implemented": 0,
  "cross-origin-resource-sharing-implemented-with-public-access": 0,
  "cross-origin-resource-sharing-implemented-with-restricted-access": 0,
  "cross-origin-resource-sharing-implemented-with-universal-access": -50,
  "redirection-to-https": 0,
  "redirection-off-host-from-http": -5,
  "redirection-not-to-https-on-initial-redirection": -10,
  "redirection-not-to-https": -20,
  "redirection-missing": -20,
  "referrer-policy-private": 5,
  "referrer-policy-not-implemented": 0,
  "referrer-policy-unsafe": -5,
  "referrer-policy-header-invalid": -5,
  "hsts-implemented-max-age-at-least-six-months": 0,
  "hsts-implemented-max-age-less-than-six-months": -10,
  "hsts-not-implemented": -20,
  "hsts-header-invalid": -20,
  "sri-implemented-and-all-scripts-loaded-securely": 5,
  "sri-not-implemented-but-no-scripts-loaded": 0,
  "sri-not-implemented-but-all-scripts-loaded-from-secure-origin": 0,
  "sri-not-implemented-but-external-scripts-loaded-securely": -5,
  "sri-not-implemented-and-external-scripts-not-loaded-securely": -50,
  "x-content-type-options-nosniff": 0,
  "x-content-type-options-not-implemented": -5,
  "x-content-type-options-header-invalid": -5,
  "x-frame-options-implemented-via-csp": 5,
  "x-frame-options-sameorigin-or-deny": 0,
  "x-frame-options-not-implemented": -20,
  "x-frame-options-header-invalid": -20,
  "corp-header-invalid": -5,
  "corp-implemented-with-cross-origin": 0,
  "corp-implemented-with-same-origin": 10,
  "corp-implemented-with-same-site": 10,
  "corp-not-implemented": 0,
};
const MINIMUM_SCORE_FOR_EXTRA_CREDIT = 90;
const GRADES: [number, string][] = [
  [100, "A+"],
  [90, "A"],
  [85, "A-"],
  [80, "B+"],
  [70, "B"],
  [65, "B-"],
  [60, "C+"],
  [50, "C"],
  [45, "C-"],
  [40, "D+"],
  [30, "D"],
  [25, "D-"],
  [0, "F"],
];

const DANGEROUSLY_BROAD = new Set(["ftp:", "http:", "https:", "*", "http://*", "http://*.*", "https://*", "https://*.*"]);
const BROAD_OR_INLINE = new Set([...DANGEROUSLY_BROAD, "'unsafe-inline'", "data:"]);
const PASSIVE = new Set(["img-src", "media-src"]);
const isNonceOrHash = (source: string) => /^'(sha256|sha384|sha512|nonce)-/.test(source);

/** A policy's directives, or undefined when it repeats a directive or is empty (invalid for the Observatory). */
function parseCsp(header: string): Map<string, Set<string>> | undefined {
  const directives = new Map<string, Set<string>>();
  for (const part of header.split(";")) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (!name) continue;
    if (directives.has(name.toLowerCase())) return undefined;
    directives.set(name.toLowerCase(), new Set(sources.map((s) => (s.startsWith("'") ? s.toLowerCase() : s))));
  }
  return directives.size > 0 ? directives : undefined;
}

function csp(page: ObservedResponse): string {
  const header = page.headers["content-security-policy"];
  if (!header) return "csp-not-implemented";
  const policy = parseCsp(header);
  if (!policy) return "csp-header-invalid";
  const fallback = (name: string) => new Set(policy.get(name) ?? policy.get("default-src") ?? ["*"]);
  const script = fallback("script-src");
  const style = fallback("style-src");
  const object = fallback("object-src");
  for (const list of [script, style]) if ([...list].some(isNonceOrHash)) list.delete("'unsafe-inline'");
  if (script.has("'strict-dynamic'")) {
    if (![...script].some(isNonceOrHash)) return "csp-header-invalid";
    for (const source of script) if ([...DANGEROUSLY_BROAD].some((b) => source.startsWith(b)) || source === "'self'") script.delete(source);
  }
  const active = [...policy].filter(([name]) => !PASSIVE.has(name) && name !== "script-src").flatMap(([, s]) => [...s]);
  active.push(...script);
  const passive = [...PASSIVE].flatMap((name) => [...(policy.get(name) ?? policy.get("default-src") ?? [])]);
  const insecure = (source: string) => source.startsWith("http:") || source.startsWith("ftp:");
  if ([...script].some((s) => BROAD_OR_INLINE.has(s)) || [...object].some((s) => DANGEROUSLY_BROAD.has(s)))
    return "csp-implemented-with-unsafe-inline";
  if (active.some(insecure)) return "csp-implemented-with-insecure-scheme";
  if (script.has("'unsafe-eval'") || style.has("'unsafe-eval'")) return "csp-implemented-with-unsafe-eval";
  if (passive.some(insecure)) return "csp-implemented-with-insecure-scheme-in-passive-content-only";
  if ([...style].some((s) => BROAD_OR_INLINE.has(s))) return "csp-implemented-with-unsafe-inline-in-style-src-only";
  const defaultSrc = policy.get("default-src");
  return defaultSrc?.size === 1 && defaultSrc.has("'none'") ? "csp-implemented-with-no-unsafe-default-src-none" : "csp-implemented-with-no-unsafe";
}

function cookies(page: ObservedResponse, hsts: boolean): string {
  const list = (page.setCookies ?? []).map((line) => {
    const [pair, ...attributes] = line.split(";").map((s) => s.trim().toLowerCase());
    const has = (name: string) => attributes.some((a) => a === name || a.startsWith(`${name}=`));
    const sameSite = attributes.find((a) => a.startsWith("samesite="))?.split("=")[1];
    const session = /sess|login|token|auth|csrf|xsrf/.test(pair.split("=")[0]);
    return { secure: has("secure"), httpOnly: has("httponly"), sameSite, session };
  });
  if (list.length === 0) return "cookies-not-found";
  if (list.some((c) => c.sameSite !== undefined && !["strict", "lax", "none"].includes(c.sameSite))) return "cookies-samesite-flag-invalid";
  if (list.some((c) => c.session && !c.secure))
    return hsts ? "cookies-session-without-secure-flag-but-protected-by-hsts" : "cookies-session-without-secure-flag";
  if (list.some((c) => c.session && !c.httpOnly)) return "cookies-session-without-httponly-flag";
  if (list.some((c) => !c.secure)) return hsts ? "cookies-without-secure-flag-but-protected-by-hsts" : "cookies-without-secure-flag";
  return list.every((c) => c.sameSite !== undefined) ? "cookies-secure-with-httponly-sessions-and-samesite" : "cookies-secure-with-httponly-sessions";
}

function cors(response: ObservedResponse): string {
  const origin = response.headers["access-control-allow-origin"];
  if (!origin) return "cross-origin-resource-sharing-not-implemented";
  if (origin.trim() === "*") return "cross-origin-resource-sharing-implemented-with-public-access";
  return response.headers["access-control-allow-credentials"] === "true" && origin.includes("http")
    ? "cross-origin-resource-sharing-implemented-with-universal-access"
    : "cross-origin-resource-sharing-implemented-with-restricted-access";
}

function redirection({ http, httpRedirects, host }: Observation): string {
  if (![301, 302, 303, 307, 308].includes(http.status) || httpRedirects.length < 2) return "redirection-missing";
  const [, first] = httpRedirects.map((u) => new URL(u));
  const final = new URL(httpRedirects[httpRedirects.length - 1]);
  if (final.protocol !== "https:") return "redirection-not-to-https";
  if (first.protocol !== "https:") return "redirection-not-to-https-on-initial-redirection";
  if (first.hostname !== host) return "redirection-off-host-from-http";
  return "redirection-to-https";
}

function referrer(page: ObservedResponse): string {
  const header = page.headers["referrer-policy"];
  if (!header) return "referrer-policy-not-implemented";
  const values = header.split(",").map((v) => v.trim().toLowerCase());
  const valid = [
    "no-referrer",
    "same-origin",
    "strict-origin",
    "strict-origin-when-cross-origin",
    "origin",
    "origin-when-cross-origin",
    "unsafe-url",
    "no-referrer-when-downgrade",
  ];
  const last = values.filter((v) => valid.includes(v)).at(-1);
  if (!last) return "referrer-policy-header-invalid";
  return ["no-referrer", "same-origin", "strict-origin", "strict-origin-when-cross-origin"].includes(last)
    ? "referrer-policy-private"
    : "referrer-policy-unsafe";
}

function hsts(page: ObservedResponse): string {
  const header = page.headers["strict-transport-security"];
  if (!header) return "hsts-not-implemented";
  const maxAge = header.match(/max-age\s*=\s*"?(\d+)"?/i)?.[1];
  if (maxAge === undefined) return "hsts-header-invalid";
  return Number(maxAge) >= 15_768_000 ? "hsts-implemented-max-age-at-least-six-months" : "hsts-implemented-max-age-less-than-six-months";
}

function sri(page: ObservedResponse, host: string): string {
  if (!/^text\/html/i.test(page.headers["content-type"] ?? "")) return "sri-not-implemented-response-not-html";
  const scripts = [...(page.body ?? "").matchAll(/<script\b([^>]*)>/gi)].flatMap(([, attributes]) => {
    const src = attributes.match(/\bsrc\s*=\s*["']([^"']+)["']/i)?.[1];
    return src ? [{ src: new URL(src, `https://${host}/`), integrity: /\bintegrity\s*=/i.test(attributes) }] : [];
  });
  if (scripts.length === 0) return "sri-not-implemented-but-no-scripts-loaded";
  const external = scripts.filter((s) => s.src.hostname !== host);
  if (external.length === 0) return "sri-not-implemented-but-all-scripts-loaded-from-secure-origin";
  if (external.some((s) => s.src.protocol !== "https:")) return "sri-not-implemented-and-external-scripts-not-loaded-securely";
  return external.every((s) => s.integrity)
    ? "sri-implemented-and-all-scripts-loaded-securely"
    : "sri-not-implemented-but-external-scripts-loaded-securely";
}

function contentTypeOptions(page: ObservedResponse): string {
  const header = page.headers["x-content-type-options"];
  if (header === undefined) return "x-content-type-options-not-implemented";
  return header.trim().toLowerCase() === "nosniff" ? "x-content-type-options-nosniff" : "x-content-type-options-header-invalid";
}

function frameOptions(page: ObservedResponse): string {
  const policy = parseCsp(page.headers["content-security-policy"] ?? "");
  const ancestors = policy?.get("frame-ancestors");
  if (ancestors && ![...ancestors].some((s) => DANGEROUSLY_BROAD.has(s))) return "x-frame-options-implemented-via-csp";
  const header = page.headers["x-frame-options"]?.trim().toLowerCase();
  if (header === undefined) return "x-frame-options-not-implemented";
  return header === "deny" || header === "sameorigin" ? "x-frame-options-sameorigin-or-deny" : "x-frame-options-header-invalid";
}

function crossOriginResourcePolicy(page: ObservedResponse): string {
  const header = page.headers["cross-origin-resource-policy"]?.trim().toLowerCase();
  if (header === undefined) return "corp-not-implemented";
  const results: Record<string, string> = {
    "same-origin": "corp-implemented-with-same-origin",
    "same-site": "corp-implemented-with-same-site",
    "cross-origin": "corp-implemented-with-cross-origin",
  };
  return results[header] ?? "corp-header-invalid";
}

export function observatoryGrade(observation: Observation): Grade {
  const { page, host } = observation;
  const hstsResult = hsts(page);
  const results = Object.fromEntries(
    Object.entries({
      "content-security-policy": csp(page),
      cookies: cookies(page, hstsResult === "hsts-implemented-max-age-at-least-six-months"),
      "cross-origin-resource-sharing": cors(observation.cors),
      redirection: redirection(observation),
      "referrer-policy": referrer(page),
      "strict-transport-security": hstsResult,
      "subresource-integrity": sri(page, host),
      "x-content-type-options": contentTypeOptions(page),
      "x-frame-options": frameOptions(page),
      "cross-origin-resource-policy": crossOriginResourcePolicy(page),
    }).map(([test, result]) => [test, { result, modifier: MODIFIERS[result] ?? 0 }]),
  );
  const modifiers = Object.values(results).map((r) => r.modifier);
  const uncurved = 100 + modifiers.filter((m) => m < 0).reduce((a, b) => a + b, 0);
  const score = Math.max(0, uncurved >= MINIMUM_SCORE_FOR_EXTRA_CREDIT ? 100 + modifiers.reduce((a, b) => a + b, 0) : uncurved);
  const grade = GRADES.find(([minimum]) => Math.min(score, 100) >= minimum)?.[1] ?? "F";
  return { grade, score, results };
}
