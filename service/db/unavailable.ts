/**
 * The database could not answer: unreachable, restarting, frozen, or too slow. The content API
 * answers it with 503 and Retry-After (a visitor is asked to try again), never 500.
 */
export class DatabaseUnavailable extends Error {
  override name = "DatabaseUnavailable";
}

/** How long a client is asked to wait before trying again (Retry-After, in seconds). */
export const RETRY_AFTER_SECONDS = 5;

export const isDatabaseUnavailable = (error: unknown): error is DatabaseUnavailable => error instanceof DatabaseUnavailable;
