/**
 * What the editor may upload into the content folder: images under images/ (covers, photographs,
 * figures in an article's figures/) and an article's PDF galley, each of its kind by its bytes,
 * not only by its name, and within its size. Decap's own limits are advice to the browser; these
 * are the rule.
 */

const MB = 1024 * 1024;
/** An image's limit: a cover or a photograph at print quality is well under it (content/README.md asks for 400 KB). */
export const IMAGE_MAX_BYTES = 5 * MB;
export const GALLEY_MAX_BYTES = 20 * MB;

const startsWith = (bytes: Uint8Array, signature: number[], at = 0) => signature.every((byte, i) => bytes[at + i] === byte);
const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

const KINDS: Record<string, { name: string; max: number; is: (bytes: Uint8Array) => boolean }> = {
  png: { name: "a PNG image", max: IMAGE_MAX_BYTES, is: (b) => startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) },
  jpg: { name: "a JPEG image", max: IMAGE_MAX_BYTES, is: (b) => startsWith(b, [0xff, 0xd8, 0xff]) },
  webp: { name: "a WebP image", max: IMAGE_MAX_BYTES, is: (b) => startsWith(b, ascii("RIFF")) && startsWith(b, ascii("WEBP"), 8) },
  svg: {
    name: "an SVG image",
    max: IMAGE_MAX_BYTES,
    is: (b) =>
      /^(?:\uFEFF)?\s*(?:<\?xml[^>]*>\s*)?(?:<!--[\s\S]*?-->\s*)*(?:<!DOCTYPE svg[^>]*>\s*)?<svg[\s>]/i.test(
        new TextDecoder().decode(b.subarray(0, 4096)),
      ),
  },
  pdf: { name: "a PDF", max: GALLEY_MAX_BYTES, is: (b) => startsWith(b, ascii("%PDF-")) },
};
KINDS.jpeg = KINDS.jpg;

/** A file name the site can serve: lowercase ASCII words joined by hyphens, and its extension. */
const NAME = /^[a-z0-9][a-z0-9-]*\.[a-z]+$/;
const IMAGE_PLACE = /^images\/(?:[a-z0-9][a-z0-9-]*\/)*[^/]+$/;
const ARTICLE_PLACE = /^journals\/[a-z0-9-]+\/articles\/[a-z0-9-]+\/(?:figures\/[^/]+|galley\.pdf)$/;

/** Why these bytes may not be written at this path (under the content folder), or undefined when they may. */
export function mediaProblem(file: string, bytes: Uint8Array): string | undefined {
  const name = file.slice(file.lastIndexOf("/") + 1);
  const extension = name.slice(name.lastIndexOf(".") + 1);
  const kind = KINDS[extension];
  if (!kind) return "only PNG, JPEG, WebP and SVG images and PDF galleys can be uploaded";
  if (!NAME.test(name)) return "the file's name must be lowercase letters, digits and hyphens (such as journal-cover.jpg)";
  const place = extension === "pdf" ? /\/galley\.pdf$/.test(file) && ARTICLE_PLACE.test(file) : IMAGE_PLACE.test(file) || ARTICLE_PLACE.test(file);
  if (!place)
    return extension === "pdf" ? "a PDF galley goes to an article's folder as galley.pdf" : "an image goes under images/ or an article's figures/";
  if (!kind.is(bytes)) return `the file is not ${kind.name}, whatever its name says`;
  if (bytes.length > kind.max) return `${kind.name} may be at most ${kind.max / MB} MB; this one is ${(bytes.length / MB).toFixed(1)} MB`;
  return undefined;
}
