/** Which option the list's navigation keys make active (a select's keys; PageUp/PageDown jump 10). */

const PAGE = 10;

/** The new active index for a navigation key, undefined for any other key. */
export function navigate(key: string, active: number, count: number): number | undefined {
  const last = count - 1;
  const target: Record<string, number> = {
    ArrowDown: active + 1,
    ArrowUp: active - 1,
    Home: 0,
    End: last,
    PageDown: active + PAGE,
    PageUp: active - PAGE,
  };
  return key in target ? Math.min(last, Math.max(0, target[key])) : undefined;
}
