import { timingSafeEqual } from "node:crypto";

/** Whether two secrets are the same, compared in constant time (their bytes, whatever their characters). */
export function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Whether an Authorization header carries the token (compared in constant time). */
export function hasBearer(header: string | undefined, token: string): boolean {
  return sameSecret(header?.replace(/^Bearer\s+/i, "") ?? "", token);
}
