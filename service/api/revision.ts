/**
 * The content's revision (service/db/migrations/2026-11-23-0013-content-revision.ts), and a process's
 * way of following it: what a process keeps (rendered pages, catalogue-wide figures) is forgotten
 * when an import, in this process or another, moves it on.
 */
import type { ContentDb } from "../db/database.ts";

export async function readRevision(db: ContentDb): Promise<number> {
  const row = await db.selectFrom("contentRevision").where("id", "=", 1).select("revision").executeTakeFirst();
  return Number(row?.revision ?? 0);
}

export interface RevisionFollower {
  /** The revision last read (0 before the first answer). */
  current(): number;
  /** Runs `listener` whenever the revision moves after the first answer. */
  onChange(listener: () => void): void;
  stop(): void;
}

/** Asks for the revision every `intervalMs` (a failed read is skipped). */
export function followRevision(read: () => Promise<number>, intervalMs: number): RevisionFollower {
  const listeners: (() => void)[] = [];
  let revision: number | undefined;
  const poll = async () => {
    const next = await read().catch(() => revision);
    if (next === undefined || next === revision) return;
    const moved = revision !== undefined;
    revision = next;
    if (moved) for (const listener of listeners) listener();
  };
  void poll();
  const timer = setInterval(() => void poll(), intervalMs);
  timer.unref();
  return {
    current: () => revision ?? 0,
    onChange: (listener) => void listeners.push(listener),
    stop: () => clearInterval(timer),
  };
}
