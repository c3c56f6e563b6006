import type { ContentImage } from "../../../contract/api-types.ts";
import type { ImageColumns } from "../../db/schema.ts";

/** A row's photograph, or null when it has none; the credit only where its licence asks for one. */
export function imageOf({
  image,
  imageAuthor,
  imageLicence,
  imageLicenceUrl,
  imageAlt,
}: ImageColumns & { imageAlt: string | null }): ContentImage | null {
  if (!image) return null;
  const credit =
    imageAuthor && imageLicence && imageLicenceUrl ? { author: imageAuthor, licence: { name: imageLicence, url: imageLicenceUrl } } : null;
  return { file: image, alt: imageAlt ?? "", credit };
}
