import { and, eq, gt, lt, ne, or } from 'drizzle-orm';
import type { Db } from './db/client.js';
import { sessions, users } from './db/schema.js';
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

/** Told the hashes of sessions that just ended (the socket server disconnects them). */
export type SessionsEndedListener = (idHashes: string[]) => void;

/** Server-side sessions: the cookie holds a random token, the database only its hash. */
export class SessionStore {
  private endedListeners: SessionsEndedListener[] = [];

  constructor(
    private readonly db: Db,
    private readonly opts: { idleMs: number; absoluteMs: number },
  ) {}

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
    const [row] = await this.db
      .select({
        id: users.id,
        name: users.name,
        email: users.email,
        roles: users.roles,
        chatId: users.chatId,
        lastSeenAt: sessions.lastSeenAt,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(
        and(
          eq(sessions.idHash, idHash),
          gt(sessions.expiresAt, now),
          gt(sessions.lastSeenAt, new Date(now.getTime() - this.opts.idleMs)),
        ),
      );
    if (!row) return null;
    if (now.getTime() - row.lastSeenAt.getTime() > 60_000) {
      await this.db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.idHash, idHash));
    }
    return { id: row.id, name: row.name, email: row.email, roles: row.roles, chatId: row.chatId };
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
