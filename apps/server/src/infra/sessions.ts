import { and, eq, inArray, lt, ne, or, sql } from 'drizzle-orm';
import { Batcher } from './batch.js';
import type { Db, Executor } from './db/client.js';
import { sessions } from './db/tables.js';
import { randomToken, sha256 } from '../lib/crypto.js';
import type { Role } from '@jara/shared';

export const SESSION_COOKIE = 'jara_sid';

export interface SessionUser {
  id: string;
  name: string;
  email: string;
  roles: Role[];
  chatId: string | null;
}

/** A session as looked up: its user and its clocks. */
export type SessionRow = SessionUser & { idHash: string; lastSeenAt: Date; expiresAt: Date };

/**
 * Finds the sessions with these token hashes, each with its user, in one statement: the
 * accounts module knows users, and every request asks, so the session and its user come together.
 */
export type FindSessions = (db: Db, idHashes: readonly string[]) => Promise<SessionRow[]>;

/** Told the hashes of sessions that just ended (the socket server disconnects them). */
export type SessionsEndedListener = (idHashes: string[]) => void;

/** Server-side sessions: the cookie holds a random token, the database only its hash. */
export class SessionStore {
  private endedListeners: SessionsEndedListener[] = [];
  /** Sessions by hash, many requests' in one statement when they arrive together (a rush of customers paying). */
  private readonly lookups: Batcher<string, SessionRow | null>;
  /**
   * Sessions seen again after a minute or more, marked seen in one statement when they come
   * together: at lunch hour most customers come back after a while away, all at once.
   */
  private readonly touches: Batcher<string, true>;

  constructor(
    private readonly db: Db,
    private readonly opts: { idleMs: number; absoluteMs: number; batches?: number },
    private readonly findSessions: FindSessions,
  ) {
    this.lookups = new Batcher((idHashes) => this.lookUp(idHashes), { concurrency: opts.batches });
    this.touches = new Batcher((idHashes) => this.touch(idHashes), { concurrency: opts.batches });
  }

  async create(userId: string, userAgent?: string): Promise<{ token: string; expiresAt: Date }> {
    const token = randomToken();
    const expiresAt = new Date(Date.now() + this.opts.absoluteMs);
    await this.db
      .insert(sessions)
      .values({ idHash: sha256(token), userId, expiresAt, userAgent: userAgent?.slice(0, 200) ?? null });
    return { token, expiresAt };
  }

  /** The session's user, or null when missing, idle too long, or past its absolute expiry. */
  async resolve(token: string): Promise<SessionUser | null> {
    if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
    const now = new Date();
    const idHash = sha256(token);
    const row = await this.lookups.run(idHash);
    if (!row || row.expiresAt <= now || row.lastSeenAt.getTime() <= now.getTime() - this.opts.idleMs) return null;
    if (now.getTime() - row.lastSeenAt.getTime() > 60_000) await this.touches.run(idHash);
    return { id: row.id, name: row.name, email: row.email, roles: row.roles, chatId: row.chatId };
  }

  private async lookUp(idHashes: string[]): Promise<(SessionRow | null)[]> {
    const rows = await this.findSessions(this.db, idHashes);
    const byHash = new Map(rows.map((r) => [r.idHash, r]));
    return idHashes.map((h) => byHash.get(h) ?? null);
  }

  private async touch(idHashes: string[]): Promise<true[]> {
    await this.db
      .update(sessions)
      .set({ lastSeenAt: sql`now()` })
      .where(inArray(sessions.idHash, [...new Set(idHashes)]));
    return idHashes.map(() => true);
  }

  onEnded(listener: SessionsEndedListener): void {
    this.endedListeners.push(listener);
  }

  async destroy(token: string): Promise<void> {
    const idHash = sha256(token);
    await this.db.delete(sessions).where(eq(sessions.idHash, idHash));
    this.ended([idHash]);
  }

  /** Ends every session of the user, but for the one whose token is `keep` (the caller's own). */
  async destroyAllFor(userId: string, keep?: string | null): Promise<void> {
    const where = keep
      ? and(eq(sessions.userId, userId), ne(sessions.idHash, sha256(keep)))
      : eq(sessions.userId, userId);
    const gone = await this.db.delete(sessions).where(where).returning({ idHash: sessions.idHash });
    this.ended(gone.map((g) => g.idHash));
  }

  /**
   * Ends every session of the user inside the caller's transaction, for a command-line tool that
   * runs no store and no socket server (npm run admin:create), so no listener is told.
   */
  static async endAllIn(ex: Executor, userId: string): Promise<void> {
    await ex.delete(sessions).where(eq(sessions.userId, userId));
  }

  private ended(idHashes: string[]): void {
    if (idHashes.length) for (const listener of this.endedListeners) listener(idHashes);
  }

  async purgeExpired(): Promise<void> {
    const now = new Date();
    await this.db
      .delete(sessions)
      .where(or(lt(sessions.expiresAt, now), lt(sessions.lastSeenAt, new Date(now.getTime() - this.opts.idleMs))));
  }
}
