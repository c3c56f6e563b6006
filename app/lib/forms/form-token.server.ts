/**
 * The form token: when the form was shown, and the id its submission will have, signed. A bot can
 * neither skip the minimum fill time nor reuse a token for ever, and posting the same form twice
 * (a double click, a retry after a lost answer, a replay) stores it once: the id is the token's.
 * A page with a form is never cached, so its token is fresh.
 * @example const token = signFormToken(secret); checkFormToken(secret, token, { minFillMs: 3000 }) // { problem: "tooFast" }
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { newSubmissionId, SUBMISSION_ID } from "../../../forms/reference.ts";

/** A form older than this is refused as expired (the visitor gets a new token with the answer). */
export const FORM_TOKEN_MAX_AGE_MS = 24 * 60 * 60_000;

const signature = (secret: string, payload: string) => createHmac("sha256", secret).update(`form:${payload}`).digest("base64url");

export function signFormToken(secret: string, now = Date.now()): string {
  const payload = `${now}.${newSubmissionId()}`;
  return `${payload}.${signature(secret, payload)}`;
}

export type FormTokenProblem = "tooFast" | "expired";

/**
 * The submission id a good token carries, or why it is refused. A forged or unreadable token, or
 * one signed with another secret (before a restart), counts as expired.
 */
export function checkFormToken(
  secret: string,
  token: string,
  { minFillMs, now = Date.now() }: { minFillMs: number; now?: number },
): { id: string } | { problem: FormTokenProblem } {
  const [issuedAt, id, given, extra] = token.split(".");
  if (extra !== undefined || !given || !/^\d{13}$/.test(issuedAt) || !SUBMISSION_ID.test(id)) return { problem: "expired" };
  const expected = Buffer.from(signature(secret, `${issuedAt}.${id}`));
  const actual = Buffer.from(given);
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return { problem: "expired" };
  const age = now - Number(issuedAt);
  if (age > FORM_TOKEN_MAX_AGE_MS || age < -60_000) return { problem: "expired" };
  if (age < minFillMs) return { problem: "tooFast" };
  return { id };
}

/**
 * The proof that goes with a "sent" page's reference (`?sent=…&proof=…`), so that a link cannot
 * show a visitor a thank-you for a message nobody sent.
 */
export const sentProof = (secret: string, reference: string) => signature(secret, `sent:${reference}`).slice(0, 16);
