/**
 * `/api/harvest`: how the pulls from the journals' sources stand (service/harvest/schedule.ts):
 * the interval, and per journal its source, its last attempt and last success, where the next
 * pull starts and the last pull's counts and error; and the schedule's last turn, so that turns
 * skipped (the lock held by a process that never lets go) show here, not only in a log.
 * Never kept by a cache: it is a status.
 */
import { Hono } from "hono";
import type { HarvestStatus } from "../../harvest/state.ts";

/** The scheduled pulls' last turn, whichever process took it. */
export interface HarvestTurn {
  at: string;
  /** `locked`: another process held the lock; `recent`: another pulled within the interval; `failed`: the pull threw. */
  outcome: "pulled" | "locked" | "recent" | "failed";
  /** Who held the lock, on a turn skipped for it. */
  heldBy?: { pid: number; host: string; since: string };
  /** Turns in a row on which no process pulled (the lock held, or the pull failed), this one included: 0 after a pull, or a turn another process had just taken. */
  missed: number;
  /** When a turn last pulled. */
  lastPulled?: string;
  message?: string;
}

export type HarvestStatusAnswer = HarvestStatus & { intervalMinutes: number; lastTurn?: HarvestTurn };

export function harvestRoutes(status: (() => Promise<HarvestStatusAnswer>) | undefined) {
  const app = new Hono();
  if (status) app.get("/harvest", async (c) => c.json(await status(), 200, { "Cache-Control": "no-store" }));
  return app;
}
