/**
 * Bytes compressed once and sent many times: a body's Brotli and gzip forms, and which one a
 * request takes (its Accept-Encoding; Brotli first, then gzip, else the bytes themselves). Used by
 * the page cache and by the answers the server builds once at start (the messages files).
 */
import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { Context } from "hono";
import { accepts } from "hono/accepts";

/** The forms kept, in the order of preference when a request takes several. */
const ENCODINGS = ["br", "gzip"] as const;
export type Encoding = (typeof ENCODINGS)[number] | "identity";
export type Variants = Record<Encoding, Uint8Array<ArrayBuffer>>;

const compressBrotli = promisify(brotliCompress);
const compressGzip = promisify(gzip);
/** Brotli's quality 5: some 12 % larger than its best on a page, in a twentieth of the time (5 ms against 90 for the home page's 89 kB). */
const BROTLI_OPTIONS = { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } };
/** Brotli's best, for bytes sent many times: the home page goes from 14.8 to 13.0 kB, under a connection's first round trip (docs/benchmarks.md). */
const BROTLI_BEST = { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } };

/**
 * zlib's output in a buffer of its own size. zlib answers with a view of its working buffer (64 kB
 * in Node 24) whenever the output fits in it: a page's 15 kB Brotli form kept as it comes holds
 * 64 kB, and the page cache, counting 15, held three times the bytes it was allowed (docs/decisions/044-memory-bounded.md).
 */
const ownBuffer = (output: Buffer): Uint8Array<ArrayBuffer> =>
  output.byteLength === output.buffer.byteLength ? (output as Uint8Array<ArrayBuffer>) : new Uint8Array(output);

/** The body and its compressed forms (compressed on the thread pool, off the event loop). */
export async function variantsOf(body: Uint8Array<ArrayBuffer>): Promise<Variants> {
  const [br, gz] = await Promise.all([compressBrotli(body, BROTLI_OPTIONS), compressGzip(body)]);
  return { identity: body, br: ownBuffer(br), gzip: ownBuffer(gz) };
}

/** The body's smallest Brotli form (on the thread pool). */
export const smallestBrotli = async (body: Uint8Array<ArrayBuffer>) => ownBuffer(await compressBrotli(body, BROTLI_BEST));

export const variantsBytes = (variants: Variants) => variants.identity.byteLength + variants.br.byteLength + variants.gzip.byteLength;

/** What an ETag says of a body: 160 bits of its SHA-256, base64url. */
export const bodyTag = (body: Uint8Array) => createHash("sha256").update(body).digest("base64url").slice(0, 27);

/** The stored form a request takes first: Brotli, then gzip, else the bytes as they are. */
export function encodingOf(c: Context): Encoding {
  return accepts(c, {
    header: "Accept-Encoding",
    supports: [...ENCODINGS],
    default: "identity",
    // Ours in our order of preference, among those the request takes (a q of 0 refuses one).
    match: (accepted, { supports }) =>
      supports.find((encoding) => accepted.some(({ type, q }) => q > 0 && (type === encoding || type === "*"))) ?? "identity",
  }) as Encoding;
}

/** `Vary` with Accept-Encoding added to what it says already. */
export function varyOnEncoding(vary: string | null): string {
  if (vary?.toLowerCase().includes("accept-encoding")) return vary;
  return vary ? `${vary}, Accept-Encoding` : "Accept-Encoding";
}

/** Whether If-None-Match names this ETag (weak comparison, RFC 9110 §13.1.2). */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  const bare = etag.replace(/^W\//, "");
  return Boolean(
    ifNoneMatch?.split(",").some((tag) => {
      const t = tag.trim();
      return t === "*" || t.replace(/^W\//, "") === bare;
    }),
  );
}

/** The answer with the form the request takes, or a 304 when it has these bytes; `headers` are the same for every form. */
export function sendVariant(c: Context, variants: Variants, status: number, headers: Headers, etag: string): Response {
  if (matchesEtag(c.req.header("if-none-match"), etag)) {
    headers.delete("Content-Type");
    return new Response(null, { status: 304, headers });
  }
  const encoding = encodingOf(c);
  if (encoding !== "identity") headers.set("Content-Encoding", encoding);
  return new Response(variants[encoding], { status, headers });
}
