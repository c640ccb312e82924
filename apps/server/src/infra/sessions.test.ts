/**
 * The session store on its own: who a token belongs to, when a session ends by idleness, and
 * how sessions seen again are marked seen (at most once a minute, together when they come together).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { inArray } from 'drizzle-orm';
import { migratedDatabaseForFile } from '../../test/helpers.js';
import type { Database } from './db/client.js';
import { sessions } from './db/tables.js';
import { users } from '../modules/auth/auth.tables.js';
import { findSessions } from '../modules/auth/index.js';
import { SessionStore } from './sessions.js';
import { sha256 } from '../lib/crypto.js';

const MINUTE = 60_000;
const db = migratedDatabaseForFile();
let database: Database;
let store: SessionStore;
let userId: string;

beforeAll(async () => {
  database = db();
  store = new SessionStore(database.db, { idleMs: 30 * MINUTE, absoluteMs: 24 * 60 * MINUTE }, findSessions);
  const [user] = await database.db
    .insert(users)
    .values({ name: 'Ada', email: 'ada@example.com', passwordHash: 'x', roles: ['customer'] })
    .returning();
  userId = user!.id;
});

/** New sessions last seen `agoMs` ago. */
async function sessionsSeen(agoMs: number, n: number): Promise<string[]> {
  const tokens: string[] = [];
  for (let i = 0; i < n; i++) tokens.push((await store.create(userId)).token);
  await database.db
    .update(sessions)
    .set({ lastSeenAt: new Date(Date.now() - agoMs) })
    .where(inArray(sessions.idHash, tokens.map(sha256)));
  return tokens;
}

const lastSeen = async (tokens: string[]) =>
  (
    await database.db
      .select({ lastSeenAt: sessions.lastSeenAt })
      .from(sessions)
      .where(inArray(sessions.idHash, tokens.map(sha256)))
  ).map((r) => r.lastSeenAt.getTime());

describe('SessionStore', () => {
  it('answers with the user of a live session, and nobody for an unknown or malformed token', async () => {
    const [token] = await sessionsSeen(0, 1);
    expect(await store.resolve(token!)).toMatchObject({ id: userId, name: 'Ada', roles: ['customer'] });
    expect(await store.resolve('A'.repeat(43))).toBeNull();
    expect(await store.resolve('not a token')).toBeNull();
  });

  it('ends a session idle longer than the idle limit, and leaves it unmarked', async () => {
    const [token] = await sessionsSeen(31 * MINUTE, 1);
    const before = await lastSeen([token!]);
    expect(await store.resolve(token!)).toBeNull();
    expect(await lastSeen([token!])).toEqual(before);
  });

  it('marks a session seen within the last minute as it was', async () => {
    const [token] = await sessionsSeen(10_000, 1);
    const before = await lastSeen([token!]);
    expect(await store.resolve(token!)).not.toBeNull();
    expect(await lastSeen([token!])).toEqual(before);
  });

  it('marks sessions seen again after a while, all those that come together in one statement', async () => {
    const tokens = await sessionsSeen(5 * MINUTE, 6);
    const users = await Promise.all(tokens.map((t) => store.resolve(t)));
    expect(users.every((u) => u?.id === userId)).toBe(true);
    const seen = await lastSeen(tokens);
    expect(seen).toHaveLength(6);
    // now() is the time its statement (its transaction) began: one value, one statement.
    expect(new Set(seen).size).toBe(1);
    expect(Math.abs(seen[0]! - Date.now())).toBeLessThan(MINUTE);
  });
});
