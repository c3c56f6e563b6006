import type { COVER_WIDTHS } from "../../contract/image-widths.ts";
import { Image } from "./image.tsx";

/**
 * A journal's or a book's cover (2:3), or a typographic stand-in when it has none. Decorative:
 * the title stands beside it.
 */
export function Cover({
  src,
  label,
  width,
  priority,
}: {
  src: string | null;
  label: string;
  width: (typeof COVER_WIDTHS)[number];
  priority?: boolean;
}) {
  const height = Math.round((width * 3) / 2);
  if (src) return <Image src={src} alt="" width={width} height={height} priority={priority} className="shrink-0 rounded-sm shadow" />;
  return (
    <span
      aria-hidden="true"
      style={{ width, height }}
      className="flex shrink-0 items-end rounded-sm bg-gradient-to-br from-orange-700 to-stone-800 p-2 font-serif text-xs leading-tight text-white shadow"
    >
      {label}
    </span>
  );
}
