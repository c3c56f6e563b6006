import type { ReactNode } from "react";
import { Outlet } from "react-router";

/** A section with its own navigation beside the child page (contact topics, a journal's issues). */
export function SideNavLayout({ nav }: { nav: ReactNode }) {
  return (
    <div className="page grid gap-10 py-10 lg:grid-cols-[16rem_1fr]">
      {nav}
      <div className="min-w-0">
        <Outlet />
      </div>
    </div>
  );
}
