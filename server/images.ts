/**
 * /images/{width}/{path}: resizes an image of the image origin to one of the allowed widths, as
 * webp, and keeps the result. The origin is the allow-listed image host (IMAGE_HOST) or, without
 * one, the local image folder (the demo content's images). A path can name nothing else: no
 * other host, no parent folder. Non-images, oversized inputs and unknown widths are 4xx.
 * A designed cover's path (`designed-covers/…`) is drawn from its record's data instead
 * (service/covers/designed-cover.ts) and kept like any other image (decision 029).
 *
 * What it reads is bounded (decision 043): a local image is reached through no symbolic link (an
 * image committed as a link to a file outside the folder is no image: 404, and not a byte of it is
 * read), and the image host's answer is read as it arrives, counted, and dropped at the limit
 * whatever its Content-Length said or did not say. Every answer is a file that runs nothing and is
 * framed by nobody (the resource policy, `frame-ancestors 'none'`), even served by this app alone.
 */
import { Hono } from "hono";
import { etag } from "hono/etag";
import sharp from "sharp";
import { designedCoverOf } from "../contract/designed-cover.ts";
import { IMAGE_WIDTHS, imageUrl } from "../contract/image-widths.ts";
import { readInside } from "../service/content/confined.ts";
import { RESOURCE_POLICY } from "./security-headers.ts";

export interface ImageOptions {
  /** An https origin to read sources from; without it, `localDir`. */
  host?: string;
  localDir: string;
  /** Sources larger than this many pixels are refused (decompression bombs). */
  maxPixels?: number;
  maxSourceBytes?: number;
  cacheBytes?: number;
  /** Draws a designed cover's SVG, or says the path its record's cover has now; without it those paths name nothing. */
  designedCover?: (file: string) => Promise<{ svg: string } | { moved: string } | undefined>;
}

const SOURCE_PATH = /^[a-z0-9][a-z0-9_-]*(?:\/[a-z0-9][a-z0-9_-]*)*\.(?:svg|png|jpe?g|webp|avif|gif)$/i;
const FORMATS = new Set(["svg", "png", "jpeg", "webp", "avif", "gif"]);

class ImageFailure extends Error {
  readonly status: 400 | 404 | 413 | 415 | 502;
  constructor(status: 400 | 404 | 413 | 415 | 502, message: string) {
    super(message);
    this.status = status;
  }
}

/** A designed cover asked for by a path its record has left: the cover it shows now is at `file`. */
class ImageMoved extends Error {
  readonly file: string;
  constructor(file: string) {
    super(`Moved to ${file}.`);
    this.file = file;
  }
}

/** What sharp's refusal means for the visitor: too many pixels, or not an image at all. */
function unreadable(error: Error): never {
  throw /pixel limit/i.test(error.message)
    ? new ImageFailure(413, "The image has too many pixels.")
    : new ImageFailure(415, "The file cannot be read as an image.");
}

/** An answer's body, read chunk by chunk and given up (the connection closed) once it passes `limit` bytes. */
async function readUpTo(response: Response, limit: number): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  let length = 0;
  try {
    for await (const chunk of response.body ?? []) {
      length += chunk.byteLength;
      if (length > limit) throw new ImageFailure(413, "The image is too large.");
      chunks.push(chunk);
    }
  } catch (error) {
    await response.body?.cancel().catch(() => {});
    if (error instanceof ImageFailure) throw error;
    throw new ImageFailure(502, "The image host's answer was cut off.");
  }
  return Buffer.concat(chunks, length);
}

export function createImageApp({
  host,
  localDir,
  maxPixels = 40_000_000,
  maxSourceBytes = 20 * 1024 * 1024,
  cacheBytes = 64 * 1024 * 1024,
  designedCover,
}: ImageOptions) {
  const cache = new Map<string, Promise<Buffer>>();
  const sizes = new Map<string, number>();
  let cachedBytes = 0;

  async function source(file: string): Promise<Buffer> {
    if (designedCoverOf(file)) {
      const drawn = await designedCover?.(file);
      if (!drawn) throw new ImageFailure(404, "No such image.");
      if ("moved" in drawn) throw new ImageMoved(drawn.moved);
      return Buffer.from(drawn.svg);
    }
    if (host) {
      const response = await fetch(`${host.replace(/\/$/, "")}/${file}`, { signal: AbortSignal.timeout(5000), redirect: "error" }).catch(() => {
        throw new ImageFailure(502, "The image host did not answer.");
      });
      if (response.status === 404) throw new ImageFailure(404, "No such image.");
      if (!response.ok) throw new ImageFailure(502, `The image host answered ${response.status}.`);
      if (Number(response.headers.get("content-length") ?? 0) > maxSourceBytes) {
        await response.body?.cancel();
        throw new ImageFailure(413, "The image is too large.");
      }
      return readUpTo(response, maxSourceBytes);
    }
    // SOURCE_PATH names no parent folder; readInside also refuses a link anywhere on the way.
    return readInside(localDir, file).catch(() => {
      throw new ImageFailure(404, "No such image.");
    });
  }

  async function optimize(file: string, width: number): Promise<Buffer> {
    const input = await source(file);
    if (input.length > maxSourceBytes) throw new ImageFailure(413, "The image is too large.");
    const image = sharp(input, { limitInputPixels: maxPixels, failOn: "error" });
    const metadata = await image.metadata().catch(unreadable);
    if (!metadata.format || !FORMATS.has(metadata.format)) throw new ImageFailure(415, "The file is not an image.");
    if ((metadata.width ?? 0) * (metadata.height ?? 0) > maxPixels) throw new ImageFailure(413, "The image has too many pixels.");
    return image.resize({ width, withoutEnlargement: true }).webp({ quality: 80 }).toBuffer().catch(unreadable);
  }

  function remember(key: string, output: Buffer) {
    sizes.set(key, output.length);
    cachedBytes += output.length;
    // Oldest first (a Map keeps insertion order) until the cache fits its budget again.
    for (const [oldKey, size] of sizes) {
      if (cachedBytes <= cacheBytes) break;
      sizes.delete(oldKey);
      cache.delete(oldKey);
      cachedBytes -= size;
    }
  }

  const app = new Hono();
  app.use("/images/*", async (c, next) => {
    await next();
    c.header("Content-Security-Policy", RESOURCE_POLICY);
  });
  // The same image at the same path: a browser that has it is answered 304.
  app.use("/images/*", etag());
  app.get("/images/:width/:file{.+}", async (c) => {
    const width = Number(c.req.param("width"));
    const file = c.req.param("file");
    try {
      if (!IMAGE_WIDTHS.includes(width)) throw new ImageFailure(400, `Width must be one of ${IMAGE_WIDTHS.join(", ")}.`);
      if (!SOURCE_PATH.test(file) || file.length > 300) throw new ImageFailure(400, "Only the image host's image files can be resized.");
      const key = `${width}/${file}`;
      let output = cache.get(key);
      if (!output) {
        output = optimize(file, width);
        cache.set(key, output);
        output.then(
          (buffer) => remember(key, buffer),
          () => cache.delete(key),
        );
      }
      const body = await output;
      return c.body(new Uint8Array(body), 200, {
        "Content-Type": "image/webp",
        "Cache-Control": "public, max-age=86400, stale-while-revalidate=604800",
      });
    } catch (error) {
      if (error instanceof ImageMoved) return c.redirect(imageUrl(error.file, width), 302);
      if (!(error instanceof ImageFailure)) throw error;
      return c.json({ error: "bad_image", message: error.message }, error.status);
    }
  });
  return app;
}
