/**
 * Structured logs: every line the process writes through `console` becomes one JSON object (time,
 * level, message, and the id of the request it was written for), which a log collector parses and
 * groups by request. A request's id is the proxy's X-Request-Id when it is a plain token, else a new
 * one; it goes back in the answer. A request that fails (5xx) or takes over a second is logged, and
 * so is one whose client closed the connection before its answer (as 499, the status nginx gives it).
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";
import { format } from "node:util";
import type { MiddlewareHandler } from "hono";

const currentRequest = new AsyncLocalStorage<string>();
/** A request slower than this is logged with its timing. */
const SLOW_MS = 1000;
/** The status logged for a request whose client left before its answer (nginx's "client closed request"). */
const CLIENT_CLOSED = 499;

type Level = "info" | "warn" | "error";

function write(level: Level, message: string, fields: Record<string, unknown> = {}) {
  const line = JSON.stringify({ time: new Date().toISOString(), level, requestId: currentRequest.getStore(), message, ...fields });
  (level === "info" ? process.stdout : process.stderr).write(`${line}\n`);
}

/** From now on, `console.log`, `info`, `warn` and `error` write JSON lines. */
export function writeJsonLogs(): void {
  const to =
    (level: Level) =>
    (...args: unknown[]) =>
      write(level, format(...args));
  console.log = to("info");
  console.info = to("info");
  console.warn = to("warn");
  console.error = to("error");
}

/** Gives each request its id (for the logs written while it is answered, and in X-Request-Id). */
export function requestIds(): MiddlewareHandler {
  return async (c, next) => {
    const given = c.req.header("x-request-id");
    const id = given && /^[\w.:-]{8,128}$/.test(given) ? given : randomUUID();
    const started = performance.now();
    await currentRequest.run(id, next);
    c.res.headers.set("X-Request-Id", id);
    const ms = Math.round(performance.now() - started);
    const fields = { requestId: id, method: c.req.method, path: c.req.path, status: c.res.status, ms };
    // The server aborts a request's signal when its client goes away; React Router then answers
    // 500, which nobody receives: that is the client's doing, not a failure of ours.
    if (c.req.raw.signal.aborted) write("info", "client closed the connection", { ...fields, status: CLIENT_CLOSED });
    else if (c.res.status >= 500 || ms > SLOW_MS) write(c.res.status >= 500 ? "error" : "warn", "request", fields);
  };
}
