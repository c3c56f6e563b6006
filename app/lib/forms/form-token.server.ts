/**
 * The form token: when the form was shown, signed, so a bot can neither skip the minimum fill
 * time nor reuse a token for ever. A page with a form is never cached, so its token is fresh.
 * @example const token = signFormToken(secret); checkFormToken(secret, token, { minFillMs: 3000 }) // "tooFast"
 */
import { createHmac, timingSafeEqual } from "node:crypto";

/** A form older than this is refused as expired (its page is reloaded with a new token). */
export const FORM_TOKEN_MAX_AGE_MS = 24 * 60 * 60_000;

const signature = (secret: string, issuedAt: string) => createHmac("sha256", secret).update(`form:${issuedAt}`).digest("base64url");

export function signFormToken(secret: string, now = Date.now()): string {
  const issuedAt = String(now);
  return `${issuedAt}.${signature(secret, issuedAt)}`;
}

export type FormTokenProblem = "tooFast" | "expired";

/** Why a token is refused, or `undefined` when it is good. A forged or unreadable token counts as expired. */
export function checkFormToken(
  secret: string,
  token: string,
  { minFillMs, now = Date.now() }: { minFillMs: number; now?: number },
): FormTokenProblem | undefined {
  const [issuedAt, given] = token.split(".");
  if (!issuedAt || !given || !/^\d{13}$/.test(issuedAt)) return "expired";
  const expected = Buffer.from(signature(secret, issuedAt));
  const actual = Buffer.from(given);
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return "expired";
  const age = now - Number(issuedAt);
  if (age > FORM_TOKEN_MAX_AGE_MS || age < -60_000) return "expired";
  if (age < minFillMs) return "tooFast";
  return undefined;
}
