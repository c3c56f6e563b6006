import type { RateLimiter } from "../contract/site-context.ts";
import type { ApiClient } from "../service/api/client.ts";
import { RETRY_AFTER_SECONDS } from "../service/db/unavailable.ts";

/**
 * The forms' limit on posts: at most `limit` per client in any `windowMs`, counted by the content
 * service in its database (service/api/rate-limit.ts), so that it holds across web processes. When
 * the content service cannot count, the post is refused: a limit that cannot count must not let
 * every post through.
 */
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
