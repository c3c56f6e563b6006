/**
 * A per-client limit on form submissions: at most `limit` in any `windowMs` (a sliding log of
 * times per client, in this process's memory). At most `maxClients` are tracked; the oldest
 * are forgotten first.
 */
export interface RateLimiter {
  /** Counts one submission; `retryAfterMs` is set when it is over the limit. */
  hit(client: string): { allowed: boolean; retryAfterMs: number };
}

export function createRateLimiter({
  limit,
  windowMs,
  maxClients = 10_000,
  now = Date.now,
}: {
  limit: number;
  windowMs: number;
  maxClients?: number;
  now?: () => number;
}): RateLimiter {
  const clients = new Map<string, number[]>();
  return {
    hit(client) {
      const time = now();
      const recent = (clients.get(client) ?? []).filter((t) => time - t < windowMs);
      clients.delete(client);
      if (recent.length >= limit) {
        clients.set(client, recent);
        return { allowed: false, retryAfterMs: recent[0] + windowMs - time };
      }
      recent.push(time);
      clients.set(client, recent);
      if (clients.size > maxClients) clients.delete(clients.keys().next().value as string);
      return { allowed: true, retryAfterMs: 0 };
    },
  };
}
