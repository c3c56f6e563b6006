/**
 * A country's flag, served by the site at /flags/{CODE}.svg (3:2). Decorative: the country's
 * name or dial code is always next to it. Width and height are fixed so nothing moves when it loads.
 */
export function Flag({ code, lazy = false }: { code: string; lazy?: boolean }) {
  return (
    <img
      src={`/flags/${code}.svg`}
      alt=""
      width={24}
      height={16}
      loading={lazy ? "lazy" : undefined}
      decoding="async"
      className="h-4 w-6 shrink-0 rounded-[2px] bg-stone-200 object-cover shadow-[0_0_0_1px_rgb(0_0_0/0.08)]"
    />
  );
}
