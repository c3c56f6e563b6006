/**
 * The three writes: a submission, a hit on the shared rate limit, and a batch of counted uses. Not reachable from outside:
 * the site mounts only the API's GET routes; its form actions call them in-process, or over
 * API_URL with API_TOKEN (server/site.ts).
 */
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { validator } from "hono/validator";
import type { z } from "zod";
import { submissionEnvelope } from "../../submissions/accept.ts";
import { usageBatch } from "../../usage/record.ts";
import type { ContentService } from "../content-service.ts";
import { errorLocale, fail } from "../failure.ts";
import { rateLimitRequest } from "../rate-limit.ts";

export const SUBMISSION_MAX_BYTES = 64 * 1024;
/** A batch of uses: 20 000 at most (record.ts), some 300 bytes each. */
const USAGE_MAX_BYTES = 8 * 1024 * 1024;

/** A JSON body of `schema`'s shape, or a 400 in the request's language. */
const jsonBody = <T>(schema: z.ZodType<T>) =>
  validator("json", (value, c): T => {
    const parsed = schema.safeParse(value);
    if (!parsed.success) fail(errorLocale(c.req.path, c.req.header("accept-language")), 400, "bad_request", "badBody");
    return parsed.data;
  });

export const submissionRoutes = (service: ContentService) =>
  new Hono()
    /** Stores a submission and queues its e-mail; the same id again stores nothing twice (200 instead of 201). */
    .post(
      "/submissions",
      bodyLimit({
        maxSize: SUBMISSION_MAX_BYTES,
        onError: (c) => fail(errorLocale(c.req.path, c.req.header("accept-language")), 413, "bad_request", "badBody"),
      }),
      jsonBody(submissionEnvelope),
      async (c) => {
        const { stored, ...accepted } = await service.submit(c.req.valid("json"));
        return c.json(accepted, stored ? 201 : 200);
      },
    )
    .post("/rate-limit", jsonBody(rateLimitRequest), async (c) => c.json(await service.rateLimit(c.req.valid("json"))))
    .post(
      "/usage",
      bodyLimit({
        maxSize: USAGE_MAX_BYTES,
        onError: (c) => fail(errorLocale(c.req.path, c.req.header("accept-language")), 413, "bad_request", "badBody"),
      }),
      jsonBody(usageBatch),
      async (c) => c.json(await service.recordUsage(c.req.valid("json"))),
    );
