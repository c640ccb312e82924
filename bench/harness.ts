/**
 * What the server benchmarks share: a fresh database (embedded, or a new database on the
 * PostgreSQL server of DATABASE_URL), customers with sessions and addresses written straight to
 * it, and the real server started as `npm start` starts it (`src/main.ts`, its own process,
 * production settings, info logging, the demo catalogue) against a local Paystack.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openPglite, openPostgres, type Database } from '../apps/server/src/infra/db/client.js';
import { freePort } from '../apps/server/test/instances.js';
import type { LocalPaystack } from '../apps/server/test/local-paystack.js';

const SERVER_DIR = path.resolve(import.meta.dirname, '../apps/server');

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The p-th percentile (nearest rank); NaN for no values. */
/** mulberry32: the same numbers for the same seed, so that runs compare. */
export function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const pct = (xs: number[], p: number) => {
  if (!xs.length) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
};

export async function waitReady(url: string, child: ChildProcess, timeoutMs = 300_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url} exited with ${child.exitCode}`);
    try {
      if ((await fetch(url, { signal: AbortSignal.timeout(2_000) })).ok) return;
    } catch {
      /* not yet */
    }
    await sleep(250);
  }
  throw new Error(`${url} not ready`);
}

export interface BenchDatabase {
  database: Database;
  /** The server's environment for this database. */
  env: Record<string, string>;
  /** Drops what was made (PostgreSQL); call after the server stopped. */
  drop: () => Promise<void>;
}

/** A fresh embedded database in a temporary folder, or a new database on DATABASE_URL's server. */
export async function benchDatabase(kind: 'embedded' | 'postgres', poolSize = 2): Promise<BenchDatabase> {
  if (kind === 'embedded') {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'jara-bench-'));
    return { database: await openPglite(dataDir), env: { DATA_DIR: dataDir }, drop: async () => undefined };
  }
  const base = process.env.DATABASE_URL!;
  const name = `jara_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const u = new URL(base);
  u.pathname = `/${name}`;
  return {
    database: await openPostgres(u.toString(), poolSize),
    env: { DATABASE_URL: u.toString(), DATA_DIR: mkdtempSync(path.join(tmpdir(), 'jara-bench-')) },
    drop: async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export { makeCustomers, type BenchCustomer } from '../apps/server/test/crowd.js';

/** The real server on a free port, production settings, paying at the local Paystack. */
export async function startServer(
  env: Record<string, string>,
  paystack: Pick<LocalPaystack, 'secret' | 'baseUrl'>,
): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(
    process.execPath,
    [...(process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? []), '--import', 'tsx', 'src/main.ts'],
    {
      cwd: SERVER_DIR,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        ENV_FILE: '/dev/null',
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(port),
        PUBLIC_URL: url,
        LOG_LEVEL: 'info',
        SEED_DEMO: 'true',
        WEB_DIST: path.join(tmpdir(), 'jara-no-web'),
        UPLOAD_DIR: mkdtempSync(path.join(tmpdir(), 'jara-bench-up-')),
        PAYMENT_PROVIDER: 'paystack',
        PAYSTACK_SECRET_KEY: paystack.secret,
        PAYSTACK_BASE_URL: paystack.baseUrl,
        // A benchmark measures the same work at any hour (the demo vendors are open round the clock).
        DELIVERY_HOURS: '00:00-24:00',
        ...env,
      },
      // Logs go where a production process's go: out of the process (here, nowhere).
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  await waitReady(`${url}/api/health`, child);
  return { url, child };
}

/** Stops the processes and waits for them to exit. */
export async function stopAll(children: ChildProcess[]): Promise<void> {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGTERM');
  await Promise.all(
    children.map(
      (c) => new Promise((r) => (c.exitCode !== null || c.signalCode !== null ? r(null) : c.once('exit', r))),
    ),
  );
}
