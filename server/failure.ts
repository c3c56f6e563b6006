/**
 * A failure no handler answered itself: a 503 asking to come back when the content is away, a 500
 * otherwise, as a page in the path's language; never a stack trace. An HTTPException (Hono's
 * middleware, such as hono/bearer-auth) carries its own answer.
 */
import type { ErrorHandler } from "hono";
import { HTTPException } from "hono/http-exception";
import { isContentUnavailable } from "../service/api/client.ts";
import { isDatabaseUnavailable, RETRY_AFTER_SECONDS } from "../service/db/unavailable.ts";
import { problemAnswer } from "./problem.ts";

export const answerFailure: ErrorHandler = (error, c) => {
  if (error instanceof HTTPException) return error.getResponse();
  // The client went away mid-request (a cut-off post): nobody reads the answer; log.ts logs it as that.
  if (c.req.raw.signal.aborted) return new Response(null, { status: 499 });
  const unavailable = isContentUnavailable(error) || isDatabaseUnavailable(error);
  if (unavailable) console.warn(`${c.req.method} ${c.req.path}: content unavailable: ${error.message}`);
  else console.error(`${c.req.method} ${c.req.path} failed:`, error);
  return problemAnswer(c.req.url, unavailable ? 503 : 500, (t) => (unavailable ? t.errors.unavailable : t.errors.serverError), {
    headers: { "Cache-Control": "no-store", ...(unavailable && { "Retry-After": String(RETRY_AFTER_SECONDS) }) },
  });
};
