import { IMAGE_WIDTHS, imageUrl } from "../../contract/image-widths.ts";

/**
 * An image from the image origin through the /images optimizer (webp): `srcset` offers every
 * allowed width up to twice the displayed width (the breakpoints and densities 1 and 2), and the
 * fixed width and height reserve its box, so nothing shifts when it loads.
 */
export function Image({
  src,
  alt,
  width,
  height,
  sizes,
  priority = false,
  className = "",
}: {
  src: string;
  alt: string;
  width: number;
  height: number;
  /** The displayed width (a CSS media list); the fixed `width` when absent. */
  sizes?: string;
  /** Above the fold: load at once. */
  priority?: boolean;
  className?: string;
}) {
  const widths = IMAGE_WIDTHS.filter((w) => w <= 2 * width);
  const fallback = IMAGE_WIDTHS.find((w) => w >= width) ?? IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1];
  return (
    <img
      src={imageUrl(src, fallback)}
      srcSet={widths.map((w) => `${imageUrl(src, w)} ${w}w`).join(", ")}
      sizes={sizes ?? `${width}px`}
      width={width}
      height={height}
      alt={alt}
      loading={priority ? "eager" : "lazy"}
      decoding="async"
      className={className}
    />
  );
}
