import { type Covered, coverSource } from "../../contract/designed-cover.ts";
import type { COVER_WIDTHS } from "../../contract/image-widths.ts";
import { useLocale, useMessages } from "../i18n.ts";
import { Image } from "./image.tsx";

/**
 * A journal's or a book's cover (2:3): its cover image, or the cover the image optimizer designs
 * from its data in the page's locale (decision 029), or the path a loader worked out already
 * (`src`). Decorative: the title stands beside it.
 */
export function Cover({ width, priority, ...covered }: (Covered | { src: string }) & { width: (typeof COVER_WIDTHS)[number]; priority?: boolean }) {
  const t = useMessages();
  const locale = useLocale();
  const height = Math.round((width * 3) / 2);
  const src = "src" in covered ? covered.src : coverSource(covered, t, locale);
  return <Image src={src} alt="" width={width} height={height} priority={priority} className="shrink-0 rounded-sm shadow" />;
}
