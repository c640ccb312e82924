/**
 * What the benchmarks of many people at once on two instances share (positions.ts, threads.ts):
 * accounts and sessions written straight to the database, sockets as the web app opens them, and
 * the processes' CPU, memory and event-loop lag read from /proc and /metrics.
 */
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import pg from 'pg';
import { createClient } from 'redis';
import { io, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '@jara/shared';
import type { Database } from '../apps/server/src/infra/db/client.js';
import { sessions } from '../apps/server/src/infra/db/tables.js';
import { SESSION_COOKIE } from '../apps/server/src/infra/sessions.js';
import { users } from '../apps/server/src/modules/auth/auth.tables.js';

export type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

export interface Account {
  id: string;
  email: string;
}

/** A session of `userId` written as sign-in writes it: the cookie carries the token, the table its hash. */
function session(userId: string) {
  const token = randomBytes(32).toString('base64url');
  return {
    row: {
      idHash: createHash('sha256').update(token).digest('hex'),
      userId,
      expiresAt: new Date(Date.now() + 86_400_000),
    },
    cookie: `${SESSION_COOKIE}=${token}`,
  };
}

export async function makeUsers(
  database: Database,
  n: number,
  label: string,
  roles: ('customer' | 'rider' | 'support')[],
): Promise<Account[]> {
  const run = randomBytes(3).toString('hex');
  const out: Account[] = [];
  for (let start = 0; start < n; start += 250) {
    const made = await database.db
      .insert(users)
      .values(
        Array.from({ length: Math.min(250, n - start) }, (_, i) => ({
          name: `Bench ${label} ${start + i}`,
          email: `bench-${label.toLowerCase()}${start + i}.${run}@example.com`,
          roles,
        })),
      )
      .returning({ id: users.id, email: users.email });
    out.push(...made);
  }
  return out;
}

/** A signed-in session per user id, in order: their cookies. */
export async function makeSessions(database: Database, userIds: string[]): Promise<string[]> {
  const made = userIds.map(session);
  for (let start = 0; start < made.length; start += 500)
    await database.db.insert(sessions).values(made.slice(start, start + 500).map((m) => m.row));
  return made.map((m) => m.cookie);
}

/** A socket as the web app opens one: websocket, the session cookie; resolves once connected. */
export function connect(url: string, cookie: string): Promise<ClientSocket> {
  return new Promise((resolve, reject) => {
    const socket: ClientSocket = io(url, {
      transports: ['websocket'],
      extraHeaders: { cookie },
      reconnection: false,
      forceNew: true,
      timeout: 20_000,
    });
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (err) => {
      socket.close();
      reject(err);
    });
  });
}

/** CPU time a process has used so far, ms (user + system, all threads), from /proc; 0 once it is gone. */
export function cpuMs(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}

/**
 * The processes besides the instances: PostgreSQL's backends for the bench database and the Redis
 * server (which may serve other work on this machine too); and the bench database's counts so far
 * of transactions (a statement outside a transaction is one) and of rows read, which no neighbour
 * on the machine changes.
 */
export async function helpers(databaseUrl: string, redisUrl: string) {
  const name = new URL(databaseUrl).pathname.slice(1);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const rows = (
    await client.query<{ pid: number }>(
      'SELECT pid FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
      [name],
    )
  ).rows;
  const [counts] = (
    await client.query<{ xacts: string; rows: string }>(
      'SELECT xact_commit + xact_rollback AS xacts, tup_returned AS rows FROM pg_stat_database WHERE datname = $1',
      [name],
    )
  ).rows;
  await client.end();
  const redis = createClient({ url: redisUrl });
  await redis.connect();
  const pid = /process_id:(\d+)/.exec(await redis.info('server'))?.[1];
  await redis.quit();
  return {
    postgres: rows.map((r) => r.pid),
    redis: pid ? [Number(pid)] : [],
    transactions: Number(counts!.xacts),
    rowsRead: Number(counts!.rows),
  };
}

/**
 * CPU ms used since `before` by these processes: one that began meanwhile counts from 0, one that
 * ended meanwhile (a pool connection closed) is left out.
 */
export const cpuSince = (pids: number[], before: Map<number, number>) =>
  pids.reduce((sum, pid) => {
    const now = cpuMs(pid);
    return now ? sum + Math.max(0, now - (before.get(pid) ?? 0)) : sum;
  }, 0);
export const cpuNow = (pids: number[]) => new Map(pids.map((pid) => [pid, cpuMs(pid)]));

/** Resident memory of a process, MB, from /proc. */
export function rssMb(pid: number): number {
  const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Number(kb) / 1024;
}

/** An instance's /metrics, first value of each name. */
export async function scrape(url: string, token: string): Promise<Record<string, number>> {
  const text = await (await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${token}` } })).text();
  const out: Record<string, number> = {};
  for (const m of text.matchAll(/^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{[^}]*\})?\s+(\S+)$/gm))
    if (!(m[1]! in out)) out[m[1]!] = Number(m[2]);
  return out;
}

export const r1 = (x: number) => Math.round(x * 10) / 10;
/**
 * monitorEventLoopDelay records the time between ticks of its timer, the timer's own interval
 * included (10 ms here and in prom-client's default metrics): the lag is what comes on top, in ms.
 */
export const LAG_TIMER_MS = 10;
export const lagMs = (ns: number) => r1(Math.max(0, ns / 1e6 - LAG_TIMER_MS));
export const load = () =>
  os
    .loadavg()
    .map((x) => x.toFixed(1))
    .join(' ');

/** Deletes a round's Redis keys (its own prefix). */
export async function dropRedisPrefix(redisUrl: string, prefix: string): Promise<void> {
  const redis = createClient({ url: redisUrl });
  await redis.connect();
  for await (const keys of redis.scanIterator({ MATCH: `${prefix}*`, COUNT: 1000 }))
    if (keys.length) await redis.del(keys);
  await redis.quit();
}
