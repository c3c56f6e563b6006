import { timingSafeEqual } from "node:crypto";

/** Whether an Authorization header carries the token (compared in constant time). */
export function hasBearer(header: string | undefined, token: string): boolean {
  const given = Buffer.from(header?.replace(/^Bearer\s+/i, "") ?? "");
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
