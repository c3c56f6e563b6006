/**
 * `/api/harvest`: how the pulls from the journals' sources stand (server/harvest-schedule.ts):
 * the interval, and per journal its source, its last attempt and last success, where the next
 * pull starts and the last pull's counts and error. Never kept by a cache: it is a status.
 */
import { Hono } from "hono";
import type { HarvestStatus } from "../../harvest/state.ts";

export type HarvestStatusAnswer = HarvestStatus & { intervalMinutes: number };

export function harvestRoutes(status: (() => Promise<HarvestStatusAnswer>) | undefined) {
  const app = new Hono();
  if (status) app.get("/harvest", async (c) => c.json(await status(), 200, { "Cache-Control": "no-store" }));
  return app;
}
