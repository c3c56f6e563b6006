import { useRouteLoaderData } from "react-router";
import type { loader } from "../root.tsx";

/**
 * A content icon: a symbol of the site's icon sprite (lib/icons.server.ts), drawn in the text's
 * colour; without one, the dashed circle.
 */
export function Icon({ id, className = "h-6 w-6" }: { id: string | null; className?: string }) {
  const sprite = useRouteLoaderData<typeof loader>("root")?.iconSprite;
  if (!id || !sprite) {
    return (
      <svg viewBox="0 0 24 24" className={className} aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2" strokeDasharray="3 3">
        <circle cx="12" cy="12" r="9" />
      </svg>
    );
  }
  return (
    <svg className={className} aria-hidden="true">
      <use href={`${sprite}#${id}`} />
    </svg>
  );
}
