/**
 * The server's logs, through pino (docs/decisions/020-logging.md). In production every line is one
 * JSON object (level, time, the id of the request it was written for, message, fields), which a log
 * collector parses and groups by request; in development the same lines are printed for a person
 * (pino-pretty, a development dependency). `console` is routed into the logger, so the lines that
 * `app/` and `service/` write (which may not import `server/`), and React Router's own, come out alike.
 *
 * Each request gets an id (hono/request-id: the proxy's X-Request-Id when it is a plain token, else a new one), sent
 * back in X-Request-Id, and one access line when it is answered: method, path, status and duration.
 * A failed one (5xx) is logged as an error, a slow one (over a second) as a warning, and one whose
 * client closed the connection before its answer as that (status 499, nginx's "client closed request").
 */
import { AsyncLocalStorage } from "node:async_hooks";
import cluster from "node:cluster";
import { format } from "node:util";
import type { MiddlewareHandler } from "hono";
import { every } from "hono/combine";
import { requestId } from "hono/request-id";
import { type DestinationStream, type Logger, type LoggerOptions, pino } from "pino";

const currentRequest = new AsyncLocalStorage<string>();
/** A request slower than this is logged as a warning. */
export const SLOW_MS = 1000;
/** The status logged for a request whose client left before its answer (nginx's "client closed request"). */
const CLIENT_CLOSED = 499;

const common: LoggerOptions = {
  messageKey: "message",
  // No pid or hostname on each line: the collector knows which process and host it reads (but see `startLogs`).
  base: undefined,
  // Every line written while a request is answered carries its id.
  mixin: () => {
    const requestId = currentRequest.getStore();
    return requestId ? { requestId } : {};
  },
};

/** Info lines to standard output, warnings and errors to standard error, as a process supervisor expects. */
function byLevel(stream: (fd: 1 | 2) => DestinationStream): DestinationStream {
  return pino.multistream(
    [
      { level: "info", stream: stream(1) },
      { level: "warn", stream: stream(2) },
    ],
    { dedupe: true },
  );
}

/** JSON lines: levels by name and ISO times, written asynchronously (flushed on exit) so a request never waits on the pipe. */
function jsonLogger(base: Record<string, unknown> | undefined): Logger {
  return pino(
    { ...common, base, timestamp: pino.stdTimeFunctions.isoTime, formatters: { level: (label) => ({ level: label }) } },
    byLevel((fd) => pino.destination({ dest: fd, sync: false })),
  );
}

/** Lines for a person at a terminal; pino-pretty is a development dependency, so it is loaded only here. */
async function prettyLogger(): Promise<Logger> {
  const { default: pretty } = await import("pino-pretty");
  const stream = (fd: 1 | 2) =>
    pretty({
      destination: fd,
      sync: true,
      colorize: process.stdout.isTTY,
      messageKey: "message",
      translateTime: "HH:MM:ss.l",
      ignore: "method,path,status,ms,requestId",
      messageFormat: (line, key) =>
        line.method
          ? `${line.method} ${line.path} ${line.status} ${line.ms} ms${line[key] === "request" ? "" : ` (${line[key]})`}`
          : String(line[key]),
    });
  return pino(common, byLevel(stream));
}

/**
 * The process's logger. Silent until `startLogs`: the server's start sets it up, and a test that
 * builds the site in-process does not print an access line per request.
 */
export let logger: Logger = pino({ level: "silent" });

/**
 * Worker processes (WEB_CONCURRENCY > 1, server/primary.ts) write to their primary's output, so each
 * of their lines says which one wrote it: the worker's number (1, 2, …; a replacement gets the next)
 * and its pid. The primary's own lines carry its pid (it passes `base`).
 */
const workerFields = () => (cluster.isWorker && cluster.worker ? { worker: cluster.worker.id, pid: process.pid } : undefined);

/** Sets the process's logger up (JSON, or pretty in development) and routes `console.log`, `info`, `warn` and `error` into it. */
export async function startLogs({
  pretty = false,
  base = workerFields(),
}: {
  pretty?: boolean;
  base?: Record<string, unknown>;
} = {}): Promise<Logger> {
  logger = pretty ? await prettyLogger() : jsonLogger(base);
  const to =
    (level: "info" | "warn" | "error") =>
    (...args: unknown[]) =>
      logger[level](format(...args));
  console.log = to("info");
  console.info = to("info");
  console.warn = to("warn");
  console.error = to("error");
  return logger;
}

/**
 * Logs each request once answered, under the id hono/request-id gave it (`requestId()` runs
 * first), which every line written meanwhile carries too; sends the id back in X-Request-Id
 * whatever answered (request-id sets it only on answers made through the context).
 */
function accessLog(): MiddlewareHandler {
  return async (c, next) => {
    const id = c.get("requestId");
    const started = performance.now();
    await currentRequest.run(id, next);
    c.res.headers.set("X-Request-Id", id);
    const ms = Math.round(performance.now() - started);
    const line = { requestId: id, method: c.req.method, path: c.req.path, status: c.res.status, ms };
    // The server aborts a request's signal when its client goes away; React Router then answers
    // 500, which nobody receives: that is the client's doing, not a failure of ours.
    if (c.req.raw.signal.aborted) logger.info({ ...line, status: CLIENT_CLOSED }, "client closed the connection");
    else if (line.status >= 500) logger.error(line, "request");
    else if (ms > SLOW_MS) logger.warn(line, "request");
    else logger.info(line, "request");
  };
}

/** Each request's id (the proxy's X-Request-Id when it is a plain token of at most 128 characters, else a new UUID) and its access line. */
export const requestLog = (): MiddlewareHandler => every(requestId({ limitLength: 128 }), accessLog());
