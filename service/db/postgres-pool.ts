/**
 * The PostgreSQL connection pool of a web process, made to survive its database:
 * - a connection the server ends while idle (a restart, a failover, `pg_terminate_backend`) is
 *   logged and replaced, instead of raising an `'error'` nobody listens to, which ends the process;
 * - a statement runs at most `statementTimeoutMs` (the server cancels it), a frozen server is given
 *   up on a second later, and a connection is waited for at most `connectTimeoutMs`;
 * - once the database has refused a connection or not answered a query in time, every query fails
 *   at once for `pauseMs` (a circuit breaker), so that pages answer 503 in milliseconds instead of
 *   each waiting out its own timeouts; the first query after the pause finds out whether it is back.
 *   One connection ended by the server is only replaced: the caller's retry takes another.
 * Every such failure is thrown as `DatabaseUnavailable` (503), with the driver's error as its cause.
 */
import pg from "pg";
import { DatabaseUnavailable } from "./unavailable.ts";

/** Without them (commands, migrations, whose statements may rightly run long) only connecting is bounded, to 5 s. */
export interface PoolTimeouts {
  connectTimeoutMs: number;
  statementTimeoutMs: number;
  /** How long queries fail at once after the database failed to connect or answer. */
  pauseMs?: number;
}

/** Errors that say the database or the connection to it is gone, not that a query was wrong. */
const CONNECTION_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "EHOSTUNREACH", "ENOTFOUND", "EAI_AGAIN"]);
const SERVER_GONE = /^(08|57P0[1-3]|53300)/; // connection exception, admin/crash shutdown, cannot connect now, too many connections
const STATEMENT_TIMEOUT = "57014";

function isConnectionFailure(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: string }).code ?? "";
  return (
    CONNECTION_CODES.has(code) ||
    SERVER_GONE.test(code) ||
    /^(Connection terminated|Query read timeout|Client has encountered a connection error)/.test(error.message)
  );
}

export function openPostgresPool(connectionString: string, timeouts?: PoolTimeouts): pg.Pool {
  const pauseMs = timeouts?.pauseMs ?? 1000;
  let downUntil = 0;
  const unavailable = (error: unknown, trip: boolean) => {
    if (trip) downUntil = Date.now() + pauseMs;
    return new DatabaseUnavailable(`the database did not answer: ${(error as Error).message}`, { cause: error });
  };

  /** A connection whose query failed for want of its server is not handed out again. */
  class Client extends pg.Client {
    broken = false;
    // biome-ignore lint/suspicious/noExplicitAny: pg.Client's constructor takes its config.
    constructor(config?: any) {
      super(config);
      // The server may end a connection between two queries of a request (no query to fail, so
      // pg emits 'error'; the pool listens only while the connection is idle): it is dropped on release.
      this.on("error", (error) => {
        this.broken = true;
        console.warn(`database connection lost while in use: ${error.message}`);
      });
    }
    // biome-ignore lint/suspicious/noExplicitAny: pg's overloads; Kysely calls query(sql, parameters) and awaits it.
    override query(...args: any[]): any {
      // biome-ignore lint/suspicious/noExplicitAny: as above.
      const result = (super.query as (...a: any[]) => any)(...args);
      if (!(result instanceof Promise)) return result;
      return result.catch((error: unknown) => {
        const gone = isConnectionFailure(error);
        if (gone) {
          this.broken = true;
          // A frozen server never finishes the query: end the socket so the pool drops this client.
          this.connection.stream.destroy();
        }
        // A frozen server stops everyone; one ended connection is replaced on the caller's retry.
        const frozen = gone && /^Query read timeout/.test((error as Error).message);
        if (gone || (error as { code?: string }).code === STATEMENT_TIMEOUT) throw unavailable(error, frozen);
        throw error;
      });
    }
  }

  class Pool extends pg.Pool {
    // biome-ignore lint/suspicious/noExplicitAny: pg-pool's callback overload is not used here.
    override connect(...args: any[]): any {
      if (args.length > 0) return (super.connect as (...a: unknown[]) => unknown)(...args);
      if (Date.now() < downUntil) return Promise.reject(new DatabaseUnavailable("the database did not answer a moment ago"));
      return super.connect().then(
        (client) => {
          const release = client.release.bind(client);
          client.release = (error?: Error | boolean) => release(error ?? (client as unknown as Client).broken);
          return client;
        },
        (error: Error) => {
          // Waiting for a free connection of a full pool is load, not an unreachable database.
          throw unavailable(error, !/^timeout exceeded when trying to connect/.test(error.message));
        },
      );
    }
  }

  const pool = new Pool({
    connectionString,
    max: 10,
    keepAlive: true,
    Client,
    // A database that does not answer fails a query (and a start) instead of hanging.
    connectionTimeoutMillis: timeouts?.connectTimeoutMs ?? 5000,
    ...(timeouts && {
      statement_timeout: timeouts.statementTimeoutMs,
      query_timeout: timeouts.statementTimeoutMs + 1000,
      // A transaction left open (its process frozen) does not hold its locks for long.
      idle_in_transaction_session_timeout: timeouts.statementTimeoutMs * 2,
    }),
  });
  pool.on("error", (error) => console.warn(`database connection lost (it will be replaced): ${error.message}`));
  return pool;
}
