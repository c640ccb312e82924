import { AsyncLocalStorage } from 'node:async_hooks';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite, type Transaction as PgliteTransaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { sql, type SQL } from 'drizzle-orm';
import { optimiseNextTick } from '../next-tick.js';
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

/** @internal schema.test.ts copies the migrations as once deployed */
export const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../migrations');

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

/**
 * True while the caller runs inside a `db.transaction` callback.
 * @internal the tests check with it where jobs and callbacks run
 */
export function inTransaction(): boolean {
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

/** The real setImmediate, kept even where a test fakes the timers. */
const immediate = setImmediate;
const nextTurn = () => new Promise<void>((resolve) => immediate(resolve));

/**
 * PGlite runs each statement synchronously in this thread, and its own queue hands the next
 * statement over in a microtask: fifty checkouts' statements used to run back to back for a
 * second without the event loop reading a single socket, so a product list answered from memory
 * waited as long as the last checkout (issue 11). Here every statement starts on a turn of the
 * event loop of its own: statements outside a transaction, and whole transactions, queue in
 * order; inside a transaction each statement waits for the next turn. Requests that need no
 * database are answered between statements.
 */
function takingTurns(client: PGlite): PGlite {
  let tail: Promise<unknown> = Promise.resolve();
  const inTurn = <T>(fn: () => Promise<T>): Promise<T> => {
    const run = tail.then(nextTurn).then(fn);
    tail = run.catch(() => undefined);
    return run;
  };
  const asText = textParsersOnce(client);
  const eachStatement = (tx: PgliteTransaction): PgliteTransaction =>
    new Proxy(tx, {
      get(target, prop) {
        if (prop === 'query') {
          return async (...[query, params, options]: Parameters<PgliteTransaction['query']>) => {
            await nextTurn();
            return target.query(query, params, asText(options));
          };
        }
        const value: unknown = Reflect.get(target, prop);
        if (typeof value !== 'function') return value;
        if (prop === 'exec' || prop === 'sql') {
          return async (...args: unknown[]) => {
            await nextTurn();
            return (value as (...a: unknown[]) => unknown).apply(target, args);
          };
        }
        return (value as (...a: unknown[]) => unknown).bind(target);
      },
    });
  return new Proxy(client, {
    get(target, prop) {
      if (prop === 'query') {
        return (...[query, params, options]: Parameters<PGlite['query']>) =>
          inTurn(() => target.query(query, params, asText(options)));
      }
      if (prop === 'transaction') {
        return <T>(fn: (tx: PgliteTransaction) => Promise<T>) =>
          inTurn(() => target.transaction((tx) => fn(eachStatement(tx))));
      }
      // PGlite's private fields need the instance itself as `this`.
      const value: unknown = Reflect.get(target, prop);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/**
 * Drizzle passes the same parsers with every statement (dates, times and intervals, and arrays
 * of them, kept as text), and PGlite copies its whole table of parsers to merge them in, for
 * every statement: a sixth of a checkout's time on the embedded database. They are installed
 * once on the client instead, and left out of each statement's options.
 */
function textParsersOnce(client: PGlite) {
  const AS_TEXT = [1114, 1184, 1186, 1082, 1231, 1115, 1185, 1187, 1182];
  const asIs = (value: string) => value;
  for (const oid of AS_TEXT) client.parsers[oid] = asIs;
  return <O extends { parsers?: Record<number, unknown> }>(options: O | undefined): O | undefined => {
    if (!options?.parsers) return options;
    for (const oid of Object.keys(options.parsers)) if (!AS_TEXT.includes(Number(oid))) return options;
    const { parsers: _, ...rest } = options;
    return rest as O;
  };
}

/** Embedded PostgreSQL (PGlite). `dataDir` null = in memory (tests). Locks the folder. */
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
  // Before PGlite loads pg_trgm (decision 0032).
  await optimiseNextTick();
  let client: PGlite;
  try {
    client = new PGlite({ ...(dataDir ? { dataDir: path.join(dataDir, 'pg') } : {}), extensions: { pg_trgm } });
    await client.waitReady;
  } catch (err) {
    if (release) await release();
    throw err;
  }
  const db = markTransactions(drizzlePglite({ client: takingTurns(client) }), opts);
  return {
    db,
    kind: 'pglite',
    batches: 1,
    exec: async (sql) => {
      await client.exec(sql);
    },
    withLock: localMutex(),
    poolStats: () => null,
    listen: (channel, fn) => client.listen(channel, fn),
    dump: async () => {
      // A checkpoint first, so a restore has little write-ahead log to replay.
      await client.exec('CHECKPOINT');
      return client.dumpDataDir('gzip');
    },
    close: async () => {
      await client.close();
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
 * @internal schema.test.ts replays a deployment made under the old names
 */
export const RENAMED_MIGRATIONS: Readonly<Record<string, string>> = {
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
