/**
 * The widths the image optimizer produces: the specification's breakpoints, at densities 1 and 2,
 * and the fixed cover sizes the pages show (at 1x and 2x). Any other width is refused, so the
 * optimizer's cache cannot be flooded with variants.
 */
export const BREAKPOINTS = { xs: 320, sm: 640, md: 768, lg: 1024, xl: 1280, "2xl": 1536 } as const;
export const DENSITIES = [1, 2] as const;
/** Cover widths in CSS pixels: list cards, page headers, and the home page's cards (where the designed cover's title reads at 12–22 px). */
export const COVER_WIDTHS = [80, 112, 160] as const;

export const IMAGE_WIDTHS: readonly number[] = [
  ...new Set([...Object.values(BREAKPOINTS), ...COVER_WIDTHS].flatMap((width) => DENSITIES.map((density) => width * density))),
].sort((a, b) => a - b);

/** The optimizer's URL of a source image at a width, as webp. */
export const imageUrl = (src: string, width: number) => `/images/${width}/${src}`;
