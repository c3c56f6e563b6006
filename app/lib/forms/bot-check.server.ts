/**
 * The bot check (reCAPTCHA v3): the token the browser got with the form is verified with the
 * configured verify URL (Google's, or a local stub in tests) within 5 s.
 */
import type { BotCheckConfig } from "../../../contract/site-context.ts";

export type BotCheckResult = "passed" | "failed" | "unavailable";

/** Passes a token only when Google verified it for this form (`action`) with a score of at least `minScore`. */
export async function verifyBotCheck(config: BotCheckConfig, token: string, action: string, clientIp: string | undefined): Promise<BotCheckResult> {
  if (!token) return "failed";
  const body = new URLSearchParams({ secret: config.secret, response: token });
  if (clientIp) body.set("remoteip", clientIp);
  try {
    const response = await fetch(config.verifyUrl, { method: "POST", body, signal: AbortSignal.timeout(5000) });
    if (!response.ok) throw new Error(`status ${response.status}`);
    const answer = (await response.json()) as { success?: boolean; score?: unknown; action?: unknown };
    const human = answer.success === true && typeof answer.score === "number" && answer.score >= config.minScore;
    return human && answer.action === action ? "passed" : "failed";
  } catch (error) {
    console.warn(`bot check: the verify service did not answer: ${(error as Error).message}`);
    return "unavailable";
  }
}
