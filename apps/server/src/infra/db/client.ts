import { AsyncLocalStorage } from 'node:async_hooks';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { PGlite, type Results, type Transaction as PgliteTransaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { sql, type SQL } from 'drizzle-orm';
import { acquireLock, LockHeldError } from './data-dir-lock.js';

/** Queries are built from each owner's tables (modules/<name>/<name>.tables.ts); no relational schema. */
export type Db = PgDatabase<PgQueryResultHKT>;
/** The transaction handle given to `db.transaction(async (tx) => …)`. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Either the database or a transaction: repositories accept both. */
export type Executor = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * How many batches of writes are worth running at once (infra/batch.ts): one on the embedded
   * database, which runs one statement at a time; a few on PostgreSQL's pool.
   */
  batches: number;
  /** Runs raw SQL, possibly several statements, without parameters. */
  exec(sql: string): Promise<void>;
  /**
   * Runs `fn` while holding a lock that every process on this database shares: a PostgreSQL
   * session advisory lock on a connection of its own (freed by the server if this process dies).
   * The embedded database has one process (its folder is locked), so there it only queues `fn`.
   */
  withLock<T>(name: string, fn: () => Promise<T>): Promise<T>;
  /**
   * The embedded database's files as a gzipped tar, taken while no statement runs: a
   * crash-consistent snapshot (PostgreSQL's recovery finishes it on restore). Embedded only.
   */
  dump?(): Promise<Blob>;
  /** Connections in use and waiting (PostgreSQL pool); null for the embedded database. */
  poolStats(): { total: number; idle: number; waiting: number; max: number } | null;
  /**
   * Embedded only: calls `fn` with each NOTIFY payload on `channel`, delivered when the writing
   * statement or transaction commits, before its caller resumes. Returns the unsubscribe.
   */
  listen?(channel: string, fn: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/** A stable 64-bit advisory lock key for a name (PostgreSQL's own hash, not JavaScript's). */
const lockKey = (name: string) => sql`hashtextextended(${`jara:${name}`}, 0)`;

/** A queue per name inside one process (the embedded database, and a fallback before the server lock). */
function localMutex() {
  const tails = new Map<string, Promise<unknown>>();
  return async <T>(name: string, fn: () => Promise<T>): Promise<T> => {
    const before = tails.get(name) ?? Promise.resolve();
    let done!: () => void;
    const mine = new Promise<void>((r) => (done = r));
    const tail = before.then(() => mine);
    tails.set(name, tail);
    await before;
    try {
      return await fn();
    } finally {
      done();
      if (tails.get(name) === tail) tails.delete(name);
    }
  };
}

const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../migrations');

export class DataDirLockedError extends Error {
  constructor(dir: string, holderPid?: number) {
    super(
      `The embedded database in ${dir} is already in use by another Jara process${holderPid ? ` (pid ${holderPid})` : ''}. ` +
        'Stop that process, choose another DATA_DIR, or set DATABASE_URL to use PostgreSQL.',
    );
  }
}

const openTransaction = new AsyncLocalStorage<true>();

/** How a database is opened. */
export interface OpenOptions {
  /**
   * Keep track of open transactions, so that slow outside calls refuse to run inside one
   * (`assertOutsideTransaction`). On unless turned off: every test runs with it, and so does
   * development; production turns it off (app.ts). What it costs is not the check but the
   * bookkeeping: an AsyncLocalStorage makes Node run a hook for every promise, socket write and
   * timer of every request — 8 % of the server's CPU for a revalidation (decision 0031).
   */
  watchTransactions?: boolean;
  /**
   * Embedded only: what to do if the database's thread dies (a crash in PostgreSQL or PGlite).
   * By default the process writes why to stderr and exits with 1; tests watch it instead.
   */
  onThreadDeath?: (err: Error) => void;
}

/**
 * Marks everything run inside `db.transaction(…)` so that slow calls (payment provider, SMTP)
 * can refuse to run there: on the embedded database one open transaction holds up every other
 * request, and on PostgreSQL it holds a pool connection for as long as the call takes.
 */
function markTransactions(db: Db, opts: OpenOptions): Db {
  if (opts.watchTransactions === false) return db;
  const transaction = db.transaction.bind(db);
  db.transaction = ((fn, config) => openTransaction.run(true, () => transaction(fn, config))) as Db['transaction'];
  return db;
}

/** True while the caller runs inside a `db.transaction` callback. */
function inTransaction(): boolean {
  return openTransaction.getStore() === true;
}

/** Throws when a slow outside call is about to run inside a database transaction (a programming error). */
export function assertOutsideTransaction(what: string): void {
  if (inTransaction()) throw new Error(`${what} must not run inside a database transaction`);
}

/**
 * Replaces the embedded database in `dataDir` with a `dump()` archive. The folder must not be in
 * use (its lock is taken); the current database is kept aside, never deleted. Returns where.
 */
export async function restorePglite(dataDir: string, archive: Blob): Promise<string | null> {
  mkdirSync(dataDir, { recursive: true });
  let release: () => Promise<void>;
  try {
    release = acquireLock(path.join(dataDir, '.lock'));
  } catch (err) {
    if (err instanceof LockHeldError) throw new DataDirLockedError(dataDir, err.holder?.pid);
    throw err;
  }
  try {
    const pgDir = path.join(dataDir, 'pg');
    let keptAside: string | null = null;
    if (existsSync(pgDir)) {
      keptAside = `${pgDir}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
      renameSync(pgDir, keptAside);
    }
    const client = new PGlite({ dataDir: pgDir, loadDataDir: archive, extensions: { pg_trgm } });
    await client.waitReady;
    await client.query('select 1');
    await client.close();
    return keptAside;
  } finally {
    await release();
  }
}

/**
 * Drizzle's PGlite driver calls only these on its client (drizzle-orm/pglite/session.js): the
 * thread's client below provides them, and a transaction handle with `query` and `exec`.
 */
type DrizzlePgliteClient = Pick<PGlite, 'query' | 'transaction'>;

/** What the database thread answers to (pglite-thread.worker.js). */
type ThreadCall =
  | { op: 'query'; sql: string; params?: unknown[]; rowMode?: 'array' | 'object'; tx?: number }
  | { op: 'exec'; sql: string; tx?: number }
  | { op: 'begin' }
  | { op: 'end'; tx: number; commit: boolean }
  | { op: 'listen' | 'unlisten'; channel: string }
  | { op: 'dump' }
  | { op: 'close' };

/** An error as it crossed from the thread: the message and PostgreSQL's fields (code, detail …). */
type PlainError = { name?: string; message: string } & Record<string, string | number | boolean>;

type ThreadMessage =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; error: PlainError }
  | { notify: string; payload: string }
  | { ready: true }
  | { ready: false; error: PlainError };

/** The error again on this side, with the caller's stack and PostgreSQL's fields (`code` …). */
function errorFrom(plain: PlainError): Error {
  const err = new Error(plain.message);
  Object.assign(err, plain);
  return err;
}

/** What the process does when the database thread dies: say so plainly, and stop. */
function stopTheProcess(err: Error): void {
  process.stderr.write(`\nFatal: ${err.message}. Jara cannot go on without its database and stops.\n`);
  process.exit(1);
}

const WORKER_FILE = new URL('./pglite-thread.worker.js', import.meta.url);

/**
 * The embedded database's thread, seen from the request thread (decision 0035): calls go as
 * messages and come back in the order the database answered them, NOTIFY payloads before the
 * answer to the statement that committed them. If the thread dies, every call waiting fails and
 * `onDeath` is told (by default the process says why and exits: it cannot go on without it).
 */
class PgliteThread {
  readonly worker: Worker;
  readonly ready: Promise<void>;
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: unknown) => void }>();
  private readonly listeners = new Map<string, Set<(payload: string) => void>>();
  private closing = false;
  private dead: Error | null = null;

  constructor(pgDir: string | null, onDeath: (err: Error) => void = stopTheProcess) {
    this.worker = new Worker(WORKER_FILE, { workerData: { dataDir: pgDir } });
    let opened!: () => void;
    let failed!: (err: Error) => void;
    this.ready = new Promise<void>((resolve, reject) => ((opened = resolve), (failed = reject)));
    this.worker.on('message', (msg: ThreadMessage) => {
      if ('notify' in msg) {
        for (const fn of this.listeners.get(msg.notify) ?? []) fn(msg.payload);
      } else if ('ready' in msg) {
        if (msg.ready) opened();
        else {
          failed(errorFrom(msg.error));
          this.closing = true;
          void this.worker.terminate();
        }
      } else {
        const call = this.pending.get(msg.id);
        if (!call) return;
        this.pending.delete(msg.id);
        if (!this.pending.size) this.worker.unref();
        if (msg.ok) call.resolve(msg.value);
        else call.reject(errorFrom(msg.error));
      }
    });
    const die = (why: string) => {
      if (this.closing || this.dead) return;
      this.dead = new Error(`the embedded database's thread stopped: ${why}`);
      failed(this.dead);
      for (const call of this.pending.values()) call.reject(this.dead);
      this.pending.clear();
      onDeath(this.dead);
    };
    this.worker.on('error', (err) => die(err.stack ?? err.message));
    this.worker.on('messageerror', (err) => die(`a message could not be read (${err.message})`));
    this.worker.on('exit', (code) => die(`it exited with code ${code}`));
    // Once open, only calls waiting for an answer keep the process alive, as with PGlite in this
    // thread (until then, opening is such a call).
    void this.ready.then(
      () => this.pending.size || this.worker.unref(),
      () => undefined,
    );
  }

  call<T>(msg: ThreadCall): Promise<T> {
    if (this.dead) return Promise.reject(this.dead);
    // Closing waits for the transaction open in the thread: its own statements and its end go on.
    const ofOpenTransaction = 'tx' in msg && msg.tx !== undefined;
    if (this.closing && msg.op !== 'close' && !ofOpenTransaction)
      return Promise.reject(new Error('the embedded database is closed'));
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      if (!this.pending.size) this.worker.ref();
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      try {
        this.worker.postMessage({ id, ...msg });
      } catch (err) {
        // A parameter that cannot be copied to the thread (a function, a symbol): this call fails.
        this.pending.delete(id);
        if (!this.pending.size) this.worker.unref();
        reject(err);
      }
    });
  }

  async listen(channel: string, fn: (payload: string) => void): Promise<() => Promise<void>> {
    let fns = this.listeners.get(channel);
    if (!fns) {
      fns = new Set();
      this.listeners.set(channel, fns);
      await this.call({ op: 'listen', channel });
    }
    fns.add(fn);
    return async () => {
      fns.delete(fn);
      if (fns.size || this.listeners.get(channel) !== fns) return;
      this.listeners.delete(channel);
      await this.call({ op: 'unlisten', channel });
    };
  }

  async close(): Promise<void> {
    if (this.dead) return;
    const closed = this.call({ op: 'close' });
    this.closing = true;
    try {
      await closed;
    } finally {
      await this.worker.terminate();
    }
  }
}

/** Drizzle's client over the thread: statements, and transactions held open in the thread. */
function threadClient(thread: PgliteThread): DrizzlePgliteClient {
  const statements = (tx?: number) => ({
    query: <T>(sql: string, params?: unknown[], options?: { rowMode?: 'array' | 'object' }) =>
      thread.call<Results<T>>({ op: 'query', sql, params, rowMode: options?.rowMode, tx }),
    exec: (sql: string) => thread.call<Results[]>({ op: 'exec', sql, tx }),
  });
  return {
    ...statements(),
    transaction: async <T>(fn: (tx: PgliteTransaction) => Promise<T>): Promise<T> => {
      const tx = await thread.call<number>({ op: 'begin' });
      const handle = {
        ...statements(tx),
        sql: () => Promise.reject(new Error('tx.sql is not available across the thread')),
        rollback: () => Promise.reject(new Error('tx.rollback is not available across the thread')),
        listen: () => Promise.reject(new Error('tx.listen is not available across the thread')),
        closed: false,
      };
      let value: T;
      try {
        value = await fn(handle);
      } catch (err) {
        await thread.call({ op: 'end', tx, commit: false }).catch(() => undefined);
        throw err;
      }
      await thread.call({ op: 'end', tx, commit: true });
      return value;
    },
  };
}

/**
 * Embedded PostgreSQL (PGlite) in a thread of its own (decision 0035). `dataDir` null = in memory
 * (tests). Locks the folder.
 */
export async function openPglite(dataDir: string | null, opts: OpenOptions = {}): Promise<Database> {
  let release: (() => Promise<void>) | null = null;
  if (dataDir) {
    mkdirSync(dataDir, { recursive: true });
    try {
      release = acquireLock(path.join(dataDir, '.lock'));
    } catch (err) {
      if (err instanceof LockHeldError) throw new DataDirLockedError(dataDir, err.holder?.pid);
      throw err;
    }
  }
  const thread = new PgliteThread(dataDir ? path.join(dataDir, 'pg') : null, opts.onThreadDeath);
  try {
    await thread.ready;
  } catch (err) {
    if (release) await release();
    throw err;
  }
  const db = markTransactions(drizzlePglite({ client: threadClient(thread) as PGlite }), opts);
  return {
    db,
    kind: 'pglite',
    batches: 1,
    exec: async (sql) => {
      await thread.call({ op: 'exec', sql });
    },
    withLock: localMutex(),
    poolStats: () => null,
    listen: (channel, fn) => thread.listen(channel, fn),
    dump: async () => new Blob([await thread.call<ArrayBuffer>({ op: 'dump' })], { type: 'application/x-gzip' }),
    close: async () => {
      await thread.close();
      if (release) await release();
    },
  };
}

export async function openPostgres(
  url: string,
  poolSize = 10,
  timeouts: { connectMs?: number; queryMs?: number } = {},
  opts: OpenOptions = {},
): Promise<Database> {
  // Bounded waits: with PostgreSQL gone, a request fails (503) within its time instead of hanging.
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    connectionTimeoutMillis: timeouts.connectMs ?? 5_000,
    query_timeout: timeouts.queryMs ?? 60_000,
  });
  await pool.query('select 1');
  // An idle connection the server closed (restart, failover) must not crash the process:
  // the pool drops it and the next query opens a new one.
  pool.on('error', () => undefined);
  const db = markTransactions(drizzlePg({ client: pool }), opts);
  const local = localMutex();
  return {
    db,
    kind: 'postgres',
    batches: Math.max(2, Math.floor(poolSize / 3)),
    exec: async (sql) => {
      await pool.query(sql);
    },
    withLock: (name, fn) =>
      local(name, async () => {
        // Its own connection, outside the pool, so `fn` can use the whole pool meanwhile.
        const conn = new pg.Client({ connectionString: url });
        conn.on('error', () => undefined);
        await conn.connect();
        try {
          const key = lockKey(name);
          const q = drizzlePg({ client: conn });
          await q.execute(sql`select pg_advisory_lock(${key})`);
          try {
            return await fn();
          } finally {
            await q.execute(sql`select pg_advisory_unlock(${key})`).catch(() => undefined);
          }
        } finally {
          await conn.end().catch(() => undefined);
        }
      }),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: poolSize }),
    close: () => pool.end(),
  };
}

/** The lock that migrations and the demo seed run under, so instances started together take turns. */
export const STARTUP_LOCK = 'startup';

/**
 * Files renamed after databases had applied them under their old name: new name → old name.
 * Two files once shared the number 0005; the second is now 0006 and the rest moved up by one.
 */
const RENAMED_MIGRATIONS: Readonly<Record<string, string>> = {
  '0006_portals_transfers.sql': '0005_portals_transfers.sql',
};

/** The migration files in order. */
export function migrationFiles(dir = MIGRATIONS_DIR): string[] {
  return readdirSync(dir)
    .filter((f) => /^\d{4}_.+\.sql$/.test(f))
    .sort();
}

/**
 * Applies the numbered SQL files in migrations/ that have not run yet, each in a transaction,
 * under the start-up lock: a second instance waits, then finds nothing left to apply.
 */
export function migrate(database: Database, dir = MIGRATIONS_DIR): Promise<string[]> {
  return database.withLock(STARTUP_LOCK, () => migrateNow(database, dir));
}

async function migrateNow(database: Database, dir: string): Promise<string[]> {
  await database.exec(
    'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
  );
  const files = migrationFiles(dir);
  const rows = await queryRows<{ name: string }>(database.db, sql`select name from schema_migrations`);
  const done = new Set(rows.map((r) => r.name));
  for (const [now, was] of Object.entries(RENAMED_MIGRATIONS)) {
    if (!done.has(was) || done.has(now)) continue;
    await database.exec(`UPDATE schema_migrations SET name = '${now}' WHERE name = '${was}'`);
    done.add(now);
  }
  const applied: string[] = [];
  for (const file of files) {
    if (done.has(file)) continue;
    const body = readFileSync(path.join(dir, file), 'utf8');
    const escaped = file.replace(/'/g, "''");
    await database.exec(`BEGIN;\n${body}\nINSERT INTO schema_migrations(name) VALUES ('${escaped}');\nCOMMIT;`);
    applied.push(file);
  }
  return applied;
}

/** Raw SQL returning rows, the same on both drivers. */
export async function queryRows<T>(ex: Executor, query: SQL): Promise<T[]> {
  // Db's query result kind is `unknown`: both drivers answer with `rows`.
  const result = (await ex.execute(query)) as { rows: T[] };
  return result.rows;
}
