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

/**
 * Whose submissions count together: an IPv4 address, or an IPv6 address's /64 (one household or
 * office network, which can hand itself any address inside it).
 * @example rateLimitKey("2001:db8:1:2:aaaa::1") // "2001:db8:1:2::/64"
 */
export function rateLimitKey(ip: string | undefined): string {
  if (!ip) return "unknown";
  const address = ip.replace(/%.*$/, "").toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(address);
  if (mapped) return mapped[1];
  if (!address.includes(":")) return address;
  const [head, tail] = address.split("::");
  const before = head ? head.split(":") : [];
  const after = tail ? tail.split(":") : [];
  const groups = tail === undefined ? before : [...before, ...Array(Math.max(0, 8 - before.length - after.length)).fill("0"), ...after];
  return `${groups
    .slice(0, 4)
    .map((g) => Number.parseInt(g || "0", 16).toString(16))
    .join(":")}::/64`;
}
