import type { ApiClient } from "../../../service/api/client.ts";
import type { RateLimitAnswer } from "../../../service/api/rate-limit.ts";
import { RETRY_AFTER_SECONDS } from "../../../service/db/unavailable.ts";

/**
 * A per-client limit on form posts: at most `limit` in any `windowMs`, counted by the content
 * service in its database (service/api/rate-limit.ts), so that it holds across web processes. When
 * the content service cannot count, the post is refused (`uncounted`: the visitor is asked to try
 * again in a moment): a limit that cannot count must not let every post through.
 */
export interface RateLimiter {
  /** Counts one post; `retryAfterMs` is set when it is over the limit. */
  hit(client: string): Promise<RateLimitAnswer & { uncounted?: true }>;
}

export function createRateLimiter({ limit, windowMs, api }: { limit: number; windowMs: number; api: ApiClient }): RateLimiter {
  return {
    async hit(client) {
      try {
        return await api.rateLimit({ key: client, limit, windowMs });
      } catch (error) {
        console.error(`rate limit could not count a post, which is refused: ${(error as Error).message}`);
        return { allowed: false, retryAfterMs: RETRY_AFTER_SECONDS * 1000, uncounted: true };
      }
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
