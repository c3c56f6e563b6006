/**
 * A graceful stop, as a load balancer and an orchestrator expect it. On SIGTERM the process says it
 * is not ready (/readyz 503) at once and keeps answering for `drainMs`, so the balancer stops
 * sending it visitors while none is refused; every answer then says `Connection: close`. Then it
 * stops accepting, closes idle connections, lets the requests in flight finish and `finish()` (the
 * outbox's pass, the database) run, and exits 0. Whatever is still open at `timeoutMs` after the
 * signal (a client that never finishes its headers, a request that hangs) is cut, so the process
 * is gone within the orchestrator's grace period. SIGINT (Ctrl-C) skips the drain.
 */
import type { IncomingMessage, Server, ServerResponse } from "node:http";

export interface ShutdownOptions {
  drainMs: number;
  timeoutMs: number;
  /** Runs once no request is in flight (or at the deadline): stop background work, close the database. */
  finish: () => Promise<unknown>;
  exit?: (code: number) => void;
}

export function gracefulShutdown(server: Server, { drainMs, timeoutMs, finish, exit = process.exit }: ShutdownOptions) {
  let stopping = false;
  // Keep-alive connections are not offered again once stopping: each client opens its next one elsewhere.
  server.on("request", (_req: IncomingMessage, res: ServerResponse) => {
    if (stopping) res.shouldKeepAlive = false;
  });

  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    const deadline = setTimeout(() => {
      console.warn(`shutdown: still busy after ${timeoutMs} ms, closing every connection`);
      server.closeAllConnections();
      // Background work that does not end by itself (a mail server that does not answer) does not hold the exit.
      setTimeout(() => exit(1), 1000).unref();
    }, timeoutMs);
    deadline.unref();
    const drain = signal === "SIGTERM" ? drainMs : 0;
    console.log(`${signal}: not ready any more; ${drain > 0 ? `answering for ${drain} ms more, then ` : ""}finishing the requests in flight`);
    if (drain > 0) await new Promise((resolve) => setTimeout(resolve, drain));
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    await closed;
    await finish().catch((error: Error) => console.error(`shutdown: ${error.message}`));
    clearTimeout(deadline);
    exit(0);
  };
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));
  return { stopping: () => stopping };
}
