/**
 * The client build's files (scripts, styles, the build's identity files, the public files such as
 * /favicon.svg), read into memory once at start with the Brotli and gzip forms the build made
 * beside them (scripts/compress-assets.ts), and answered from there with headers made once: the
 * form the request takes, `Vary: Accept-Encoding` where there is a choice, a strong ETag per form
 * (304 on If-None-Match), the file's lifetime (hashed assets immutable, the build's identity files
 * revalidated, the others an hour) and a resource's Content-Security-Policy (the other security
 * headers are set around it, server/security-headers.ts `commonHeaders`). The build is a few
 * megabytes; read from the file system for each request, its files were sent at a few per cent of
 * what this machine can send (docs/benchmarks.md).
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { MiddlewareHandler } from "hono";
import { getMimeType } from "hono/utils/mime";
import { BUILD_FILES_CACHE_CONTROL, BUILDS_PATH, IMMUTABLE } from "../contract/route-rules.ts";
import { bodyTag, encodingOf, matchesEtag } from "./encodings.ts";
import { RESOURCE_POLICY } from "./security-headers.ts";

type Form = "identity" | "br" | "gzip";

/** One form of a file: its bytes and the headers that go with them. */
interface Sent {
  body: Uint8Array<ArrayBuffer>;
  headers: [string, string][];
  etag: string;
}

const FORM_SUFFIX = { br: ".br", gzip: ".gz" } as const;

/** A file's lifetime in caches, by where it lies in the build. */
function cacheControlOf(urlPath: string): string {
  if (urlPath.startsWith("/assets/")) return IMMUTABLE;
  if (urlPath.startsWith(`${BUILDS_PATH}/`)) return BUILD_FILES_CACHE_CONTROL;
  return "public, max-age=3600";
}

/** Every file of the build under its URL path, each form with its headers. */
function readBuild(clientDir: string): Map<string, Partial<Record<Form, Sent>>> {
  const files = new Map<string, Partial<Record<Form, Sent>>>();
  for (const entry of readdirSync(clientDir, { recursive: true, withFileTypes: true })) {
    const file = path.join(entry.parentPath, entry.name);
    const urlPath = `/${path.relative(clientDir, file).split(path.sep).join("/")}`;
    // The compressed forms are read with their file; the build's manifest (.vite/) is no file of the site.
    if (!entry.isFile() || /\.(br|gz)$/.test(entry.name) || urlPath.split("/").some((part) => part.startsWith("."))) continue;
    const forms: Partial<Record<Form, Uint8Array<ArrayBuffer>>> = { identity: readFileSync(file) as Uint8Array<ArrayBuffer> };
    for (const form of ["br", "gzip"] as const) {
      try {
        forms[form] = readFileSync(file + FORM_SUFFIX[form]) as Uint8Array<ArrayBuffer>;
      } catch {
        // Not compressed at build time (small, or a format that does not compress): sent as it is.
      }
    }
    const compressed = forms.br !== undefined || forms.gzip !== undefined;
    const common: [string, string][] = [
      ["Content-Security-Policy", RESOURCE_POLICY],
      ["Content-Type", getMimeType(entry.name) ?? "application/octet-stream"],
      ["Cache-Control", cacheControlOf(urlPath)],
      ...(compressed ? ([["Vary", "Accept-Encoding"]] as [string, string][]) : []),
    ];
    const hash = bodyTag(forms.identity as Uint8Array);
    const sent: Partial<Record<Form, Sent>> = {};
    for (const [form, body] of Object.entries(forms) as [Form, Uint8Array<ArrayBuffer>][]) {
      const etag = form === "identity" ? `"${hash}"` : `"${hash}-${form}"`;
      const headers: [string, string][] = [...common, ["ETag", etag]];
      if (form !== "identity") headers.push(["Content-Encoding", form]);
      sent[form] = { body, headers, etag };
    }
    files.set(urlPath, sent);
  }
  return files;
}

/**
 * Answers GET and HEAD for a file of the build, from memory; anything else goes on. `skip` leaves
 * a request to the middleware after this one (a visitor to be sent to HTTPS, an unknown host).
 */
export function buildFiles(clientDir: string, skip: (c: Parameters<MiddlewareHandler>[0]) => boolean): MiddlewareHandler {
  const files = readBuild(clientDir);
  return async (c, next) => {
    const file = files.get(c.req.path);
    if (!file || (c.req.method !== "GET" && c.req.method !== "HEAD") || skip(c)) return next();
    const encoding = encodingOf(c);
    const sent = file[encoding] ?? (file.identity as Sent);
    const headers = new Headers(sent.headers);
    if (matchesEtag(c.req.header("if-none-match"), sent.etag)) {
      headers.delete("Content-Type");
      headers.delete("Content-Encoding");
      return new Response(null, { status: 304, headers });
    }
    if (c.req.method === "HEAD") {
      headers.set("Content-Length", String(sent.body.byteLength));
      return new Response(null, { status: 200, headers });
    }
    return new Response(sent.body, { status: 200, headers });
  };
}
