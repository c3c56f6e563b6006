import type { ContentImage } from "../../contract/api-types.ts";
import { format } from "../../i18n/format.ts";
import { useMessages } from "../i18n.ts";
import { Image } from "./image.tsx";

/**
 * A content photograph (about page, departments), cropped to 3:2, through the /images optimizer,
 * with its credit under it where its licence asks for one.
 */
export function Photo({
  image,
  width,
  sizes,
  priority = false,
  className = "",
}: {
  image: ContentImage;
  /** The widest it is shown, in CSS pixels. */
  width: number;
  sizes?: string;
  priority?: boolean;
  className?: string;
}) {
  return (
    <figure className={className}>
      <PhotoImage image={image} width={width} sizes={sizes} priority={priority} className="rounded-lg" />
      {image.credit && (
        <figcaption className="mt-2 text-xs text-stone-600">
          <PhotoCredit credit={image.credit} />
        </figcaption>
      )}
    </figure>
  );
}

/**
 * The photograph alone, cropped from its centre to 3:2 as `Photo` shows it, or `wide` to 2:1 (a
 * card's band); `alt` replaces its text alternative (`""` where it only decorates).
 */
export function PhotoImage({
  image,
  width,
  wide = false,
  sizes,
  priority,
  alt = image.alt,
  className = "",
}: {
  image: ContentImage;
  width: number;
  wide?: boolean;
  sizes?: string;
  priority?: boolean;
  alt?: string;
  className?: string;
}) {
  const height = Math.round(width / (wide ? 2 : 3 / 2));
  return (
    <Image
      src={image.file}
      alt={alt}
      width={width}
      height={height}
      sizes={sizes}
      priority={priority}
      className={`h-auto w-full bg-stone-100 object-cover ${wide ? "aspect-[2/1]" : "aspect-[3/2]"} ${className}`}
    />
  );
}

/** "Photo: {author}, {licence}", the licence linking to its text. */
export function PhotoCredit({ credit }: { credit: NonNullable<ContentImage["credit"]> }) {
  const t = useMessages();
  const [before, after = ""] = t.photo.credit.split("{licence}");
  return (
    <>
      {format(before, { author: credit.author })}
      <a href={credit.licence.url} rel="license" className="underline hover:text-orange-800">
        {credit.licence.name}
      </a>
      {format(after, { author: credit.author })}
    </>
  );
}
