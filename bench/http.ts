/**
 * What the benchmark sends and what it reads back. Every request carries what a browser sends,
 * since the server answers by it: the encodings it accepts (the build's Brotli files, pages gzipped
 * as they go out), and a browser's user agent (the site renders for crawlers, which isbot says
 * headless and unknown agents are, differently). Answers are read with node:http as they came over
 * the wire, still encoded: global fetch decodes bodies, which would hide what was transferred.
 */
import http from "node:http";
import { brotliDecompressSync, gunzipSync, inflateSync, zstdDecompressSync } from "node:zlib";

const USER_AGENT = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36";
const ACCEPT_ENCODING = "gzip, deflate, br, zstd";

/** Chrome's headers for a page (a navigation) and for a script or an image (a subresource). */
export const pageHeaders = {
  accept: "text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,image/apng,*/*;q=0.8,application/signed-exchange;v=b3;q=0.7",
  "accept-encoding": ACCEPT_ENCODING,
  "user-agent": USER_AGENT,
};
export const assetHeaders = { accept: "*/*", "accept-encoding": ACCEPT_ENCODING, "user-agent": USER_AGENT };

/** An answer as it was sent: its status, its headers in order and as spelled, its body still encoded. */
export interface RawResponse {
  status: number;
  headers: [string, string][];
  body: Buffer;
}

export function rawGet(url: string, headers: Record<string, string>): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("error", reject);
        response.on("end", () => {
          const raw = response.rawHeaders;
          const pairs: [string, string][] = [];
          for (let i = 0; i < raw.length; i += 2) pairs.push([raw[i], raw[i + 1]]);
          resolve({ status: response.statusCode ?? 0, headers: pairs, body: Buffer.concat(chunks) });
        });
      })
      .on("error", reject);
  });
}

export const headerOf = (response: RawResponse, name: string) => response.headers.find(([n]) => n.toLowerCase() === name)?.[1];

/** How the body was sent: its Content-Encoding, or "identity". */
export const encodingOf = (response: RawResponse) => headerOf(response, "content-encoding") ?? "identity";

const decoders: Record<string, (body: Buffer) => Buffer> = {
  identity: (body) => body,
  gzip: gunzipSync,
  deflate: inflateSync,
  br: brotliDecompressSync,
  zstd: zstdDecompressSync,
};

export function decodedBody(response: RawResponse): Buffer {
  const decode = decoders[encodingOf(response)];
  if (!decode) throw new Error(`unknown Content-Encoding ${encodingOf(response)}`);
  return decode(response.body);
}

/** The scripts a page's HTML makes the browser load at once: its script elements' sources and its module preloads. */
export function scriptsOf(html: string): string[] {
  const urls = new Set<string>();
  for (const [, src] of html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)) urls.add(src);
  for (const [tag] of html.matchAll(/<link\b[^>]*>/g)) {
    const href = tag.match(/\bhref="([^"]+)"/)?.[1];
    if (href && /\brel="modulepreload"/.test(tag)) urls.add(href);
  }
  return [...urls];
}

/**
 * The framework file among a page's scripts (React, React DOM, React Router: scripts/client-chunks.ts
 * names it framework-{hash}.js), the largest script every page loads. The entry script itself is
 * a few hundred bytes since the build's files were grouped (decision 027): sending it measures
 * little but the cost of a request.
 */
export function frameworkScriptOf(html: string): string {
  const framework = scriptsOf(html).find((url) => /^\/assets\/framework-[^/]+\.js$/.test(url));
  if (!framework) throw new Error("the page names no /assets/framework-*.js");
  return framework;
}

export interface FirstVisit {
  /** The HTML as sent to a browser, and how it was encoded. */
  html: { bytes: number; encoding: string };
  /** Its scripts' bodies as sent for `Accept-Encoding: br`, and for `gzip`, summed (headers not counted). */
  jsBr: number;
  jsGzip: number;
}

/** What a first visit to a page transfers: the HTML, then each script it loads at once, each once. */
export async function firstVisit(base: string, pagePath: string): Promise<FirstVisit> {
  const page = await rawGet(base + pagePath, pageHeaders);
  if (page.status !== 200) console.warn(`warning: ${pagePath} answered ${page.status}`);
  const sizeAs = async (encoding: string) => {
    let bytes = 0;
    for (const url of scriptsOf(decodedBody(page).toString("utf8"))) {
      bytes += (await rawGet(new URL(url, base).href, { ...assetHeaders, "accept-encoding": encoding })).body.length;
    }
    return bytes;
  };
  return { html: { bytes: page.body.length, encoding: encodingOf(page) }, jsBr: await sizeAs("br"), jsGzip: await sizeAs("gzip") };
}
