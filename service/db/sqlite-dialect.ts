/**
 * A Kysely dialect over Node's built-in node:sqlite (no native addon to compile) that never waits
 * for SQLite's write lock on the event loop (docs/decisions/017-sqlite-writes.md):
 * - two connections to a file: reads outside a transaction go to a read-only one (in WAL mode a
 *   reader never waits for a writer); writes and transactions go to the other, one at a time;
 * - a transaction starts with BEGIN IMMEDIATE, so it takes the write lock first or not at all;
 * - neither connection has a busy timeout: when another process holds the lock, the statement is
 *   tried again after a timer (service/db/busy.ts) until `busyDeadlineMs`, then DatabaseBusy.
 */
import { DatabaseSync } from "node:sqlite";
import {
  type CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type QueryResult,
  SelectQueryNode,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from "kysely";
import { retryWhileBusy } from "./busy.ts";
import { SqliteConnection } from "./sqlite-connection.ts";

export interface SqliteOptions {
  /** How long a statement waits for another process's write lock before DatabaseBusy (default 5 s). */
  busyDeadlineMs?: number;
}

/** A WAL left large by a big transaction is cut back to this when it is next reset. */
const JOURNAL_SIZE_LIMIT = 64 * 1024 * 1024;

export function createSqliteDialect(file: string, options: SqliteOptions = {}): Dialect {
  return {
    createAdapter: () => new ConcurrentSqliteAdapter(),
    createDriver: () => new NodeSqliteDriver(file, options.busyDeadlineMs ?? 5000),
    createIntrospector: (db) => new SqliteIntrospector(db),
    createQueryCompiler: () => new SqliteQueryCompiler(),
  };
}

/** Kysely queues every query behind SQLite's one connection; this driver queues only the writes. */
class ConcurrentSqliteAdapter extends SqliteAdapter {
  override get supportsMultipleConnections() {
    return true;
  }
}

/** A FIFO lock: the writer connection runs one transaction, or one write, at a time. */
class Mutex {
  #last: Promise<void> = Promise.resolve();
  lock(): Promise<() => void> {
    let unlock = () => {};
    const held = new Promise<void>((resolve) => (unlock = resolve));
    const turn = this.#last.then(() => unlock);
    this.#last = held;
    return turn;
  }
}

/** What Kysely holds for one query or one transaction; `unlock` is set while it owns the writer. */
class Session implements DatabaseConnection {
  unlock?: () => void;
  readonly #driver: NodeSqliteDriver;
  constructor(driver: NodeSqliteDriver) {
    this.#driver = driver;
  }
  executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    return this.#driver.execute(this, query);
  }
  // Nothing here streams; a stream gets the rows of one query, one by one.
  async *streamQuery<R>(query: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    for (const row of (await this.executeQuery<R>(query)).rows) yield { rows: [row] };
  }
}

/** Plain reads: Kysely's selects, and raw SQL that is a SELECT (SQLite's SELECT cannot write). */
const isRead = ({ query, sql }: CompiledQuery) => SelectQueryNode.is(query) || /^\s*select\b/i.test(sql);

class NodeSqliteDriver implements Driver {
  #writer?: SqliteConnection;
  /** Absent for `:memory:`, where a second connection would open a second, empty database. */
  #reader?: SqliteConnection;
  readonly #writes = new Mutex();
  readonly #file: string;
  readonly #busyDeadlineMs: number;

  constructor(file: string, busyDeadlineMs: number) {
    this.#file = file;
    this.#busyDeadlineMs = busyDeadlineMs;
  }

  async init(): Promise<void> {
    const writer = new DatabaseSync(this.#file, { timeout: 0 });
    const settings = `PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON; PRAGMA journal_size_limit = ${JOURNAL_SIZE_LIMIT};`;
    try {
      await retryWhileBusy(() => writer.exec(settings), this.#deadline());
    } catch (error) {
      writer.close();
      throw error;
    }
    this.#writer = new SqliteConnection(writer);
    if (this.#file !== ":memory:") this.#reader = new SqliteConnection(new DatabaseSync(this.#file, { timeout: 0, readOnly: true }));
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    return new Session(this);
  }

  async releaseConnection(session: Session): Promise<void> {
    // A transaction Kysely left open (it rolls back only one it saw begin) must not pass to the next writer.
    if (session.unlock) await this.rollbackTransaction(session);
  }

  async execute<R>(session: Session, query: CompiledQuery): Promise<QueryResult<R>> {
    const writer = this.#open(this.#writer);
    if (session.unlock) return writer.run(query);
    const reader = this.#reader;
    const deadline = this.#deadline();
    if (reader && isRead(query)) return retryWhileBusy(() => reader.run<R>(query), deadline);
    const unlock = await this.#writes.lock();
    try {
      return await retryWhileBusy(() => writer.run<R>(query), deadline);
    } finally {
      unlock();
    }
  }

  async beginTransaction(session: Session): Promise<void> {
    const writer = this.#open(this.#writer).database;
    const deadline = this.#deadline();
    const unlock = await this.#writes.lock();
    try {
      await retryWhileBusy(() => writer.exec("BEGIN IMMEDIATE"), deadline);
    } catch (error) {
      unlock();
      throw error;
    }
    session.unlock = unlock;
  }

  async commitTransaction(session: Session): Promise<void> {
    const writer = this.#open(this.#writer).database;
    // In WAL mode a commit does not wait for readers; retried all the same, as SQLite allows.
    await retryWhileBusy(() => writer.exec("COMMIT"), this.#deadline());
    this.#end(session);
  }

  async rollbackTransaction(session: Session): Promise<void> {
    const writer = this.#open(this.#writer).database;
    try {
      if (writer.isTransaction) writer.exec("ROLLBACK");
    } finally {
      this.#end(session);
    }
  }

  async destroy(): Promise<void> {
    this.#reader?.database.close();
    this.#writer?.database.close();
  }

  #end(session: Session) {
    session.unlock?.();
    session.unlock = undefined;
  }

  #deadline() {
    return Date.now() + this.#busyDeadlineMs;
  }

  #open(connection: SqliteConnection | undefined): SqliteConnection {
    if (!connection) throw new Error("the SQLite driver is not initialised");
    return connection;
  }
}
