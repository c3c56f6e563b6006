/**
 * The HTTP server's limits on its clients (decision 043). A client has HEADERS_TIMEOUT_MS to send
 * its headers and REQUEST_TIMEOUT_MS its whole request, then it is answered 408 and cut: a form at
 * its largest (128 kB) takes seconds on the slowest mobile link, and a slow-loris client that feeds
 * a byte every few seconds held a socket for Node's 300 s before. Node checks them every
 * second, on requests under way only: an idle keep-alive connection is not a slow request, and is
 * kept KEEP_ALIVE_TIMEOUT_MS (server/http-server.test.ts shows both). Without a proxy in front,
 * an address holds at most `connectionsPerAddress` connections (server/connection-cap.ts).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { capConnectionsPerAddress } from "./connection-cap.ts";

export interface HttpLimits {
  headersTimeoutMs: number;
  requestTimeoutMs: number;
  keepAliveTimeoutMs: number;
  /** How often Node looks for requests past their limits. */
  checkEveryMs: number;
  /** 0: no cap (behind a proxy, every connection is the proxy's). */
  connectionsPerAddress: number;
}

export const HTTP_LIMITS = {
  headersTimeoutMs: 20_000,
  requestTimeoutMs: 60_000,
  /**
   * An idle keep-alive connection is kept 65 s, not Node's 5 s: longer than a proxy's or a client's
   * own idle timeout (60 s for the common load balancers), so that it is they who close it. Closed
   * by the server first, a request the client sends on it at that moment is reset (ECONNRESET, seen
   * by a test client that kept its connection 5 s between two requests).
   */
  keepAliveTimeoutMs: 65_000,
  checkEveryMs: 1000,
} as const;

export function createHttpServer(listener: (req: IncomingMessage, res: ServerResponse) => void, limits: HttpLimits): Server {
  const server = createServer(
    {
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      keepAliveTimeout: limits.keepAliveTimeoutMs,
      connectionsCheckingInterval: limits.checkEveryMs,
    },
    listener,
  );
  if (limits.connectionsPerAddress > 0) capConnectionsPerAddress(server, limits.connectionsPerAddress);
  return server;
}
