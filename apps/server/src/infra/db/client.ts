import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import lockfile from 'proper-lockfile';
import pg from 'pg';
import { sql, type SQL } from 'drizzle-orm';
import * as schema from './schema.js';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** The transaction handle given to `db.transaction(async (tx) => …)`. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Either the database or a transaction: repositories accept both. */
export type Executor = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs raw SQL, possibly several statements, without parameters. */
  exec(sql: string): Promise<void>;
  close(): Promise<void>;
}

export const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../migrations');

export class DataDirLockedError extends Error {
  constructor(dir: string) {
    super(
      `The embedded database in ${dir} is already in use by another Jara process. ` +
        'Stop that process, choose another DATA_DIR, or set DATABASE_URL to use PostgreSQL.',
    );
  }
}

/** Embedded PostgreSQL (PGlite). `dataDir` null = in memory (tests). Locks the folder. */
export async function openPglite(dataDir: string | null): Promise<Database> {
  let release: (() => Promise<void>) | null = null;
  if (dataDir) {
    mkdirSync(dataDir, { recursive: true });
    try {
      release = await lockfile.lock(dataDir, { stale: 15_000, update: 5_000, lockfilePath: path.join(dataDir, '.lock') });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ELOCKED') throw new DataDirLockedError(dataDir);
      throw err;
    }
  }
  const client = new PGlite({ ...(dataDir ? { dataDir: path.join(dataDir, 'pg') } : {}), extensions: { pg_trgm } });
  await client.waitReady;
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    exec: async (sql) => {
      await client.exec(sql);
    },
    close: async () => {
      await client.close();
      if (release) await release();
    },
  };
}

export async function openPostgres(url: string, poolSize = 10): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  await pool.query('select 1');
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    exec: async (sql) => {
      await pool.query(sql);
    },
    close: () => pool.end(),
  };
}

/** Applies the numbered SQL files in migrations/ that have not run yet, each in a transaction. */
export async function migrate(database: Database, dir = MIGRATIONS_DIR): Promise<string[]> {
  await database.exec(
    'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
  );
  const files = readdirSync(dir).filter((f) => /^\d{4}_.+\.sql$/.test(f)).sort();
  const rows = await queryRows<{ name: string }>(database.db, sql`select name from schema_migrations`);
  const done = new Set(rows.map((r) => r.name));
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
  const result = (await ex.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
