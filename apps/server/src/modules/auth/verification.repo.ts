/** The SQL of verification: codes, the account's verified email and phone, their record. */
import { and, count, desc, eq, gt, inArray, isNull, max, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../infra/db/client.js';
import { users, verificationCodes, verificationEvents } from './auth.tables.js';

export type Channel = 'email' | 'phone';
export type CodeRow = typeof verificationCodes.$inferSelect;

/** Verified email, verified phone and the student mark of the given accounts, in one statement. */
export async function verificationRows(ex: Executor, ids: readonly string[]) {
  if (!ids.length) return [];
  return ex
    .select({
      id: users.id,
      emailVerifiedAt: users.emailVerifiedAt,
      phone: users.phone,
      phoneVerifiedAt: users.phoneVerifiedAt,
      verifiedStudent: users.verifiedStudent,
    })
    .from(users)
    .where(inArray(users.id, [...new Set(ids)]));
}

/** How many codes went to the account on this channel since `since`, and when the latest did. */
export async function codesSentSince(ex: Executor, userId: string, channel: Channel, since: Date) {
  const [row] = await ex
    .select({ sent: count(), latest: max(verificationCodes.createdAt) })
    .from(verificationCodes)
    .where(
      and(
        eq(verificationCodes.userId, userId),
        eq(verificationCodes.channel, channel),
        gt(verificationCodes.createdAt, since),
      ),
    );
  return { sent: row?.sent ?? 0, latest: row?.latest ?? null };
}

/** Ends the account's codes still open on this channel (a newer one replaces them, or an admin revoked). */
export async function endOpenCodes(ex: Executor, userId: string, channel: Channel | null, at: Date): Promise<void> {
  await ex
    .update(verificationCodes)
    .set({ endedAt: at })
    .where(
      and(
        eq(verificationCodes.userId, userId),
        channel ? eq(verificationCodes.channel, channel) : undefined,
        isNull(verificationCodes.endedAt),
      ),
    );
}

export async function insertCode(ex: Executor, row: typeof verificationCodes.$inferInsert): Promise<void> {
  await ex.insert(verificationCodes).values(row);
}

/** The account's latest code on this channel, locked for the rest of the transaction. */
export async function latestCode(ex: Executor, userId: string, channel: Channel): Promise<CodeRow | undefined> {
  const [row] = await ex
    .select()
    .from(verificationCodes)
    .where(and(eq(verificationCodes.userId, userId), eq(verificationCodes.channel, channel)))
    .orderBy(desc(verificationCodes.createdAt))
    .limit(1)
    .for('update');
  return row;
}

/** Counts a wrong try; the `max`-th ends the code. Answers the tries counted so far. */
export async function countWrongTry(ex: Executor, id: string, maxTries: number, at: Date): Promise<number> {
  const [row] = await ex
    .update(verificationCodes)
    .set({
      attempts: sql`${verificationCodes.attempts} + 1`,
      endedAt: sql`CASE WHEN ${verificationCodes.attempts} + 1 >= ${maxTries} THEN ${at.toISOString()}::timestamptz END`,
    })
    .where(eq(verificationCodes.id, id))
    .returning({ attempts: verificationCodes.attempts });
  return row!.attempts;
}

export async function endCode(ex: Executor, id: string, at: Date): Promise<void> {
  await ex.update(verificationCodes).set({ endedAt: at }).where(eq(verificationCodes.id, id));
}

export async function setEmailVerified(ex: Executor, userId: string, at: Date, student: boolean): Promise<void> {
  await ex
    .update(users)
    .set({ emailVerifiedAt: at, verifiedStudent: student, updatedAt: at })
    .where(eq(users.id, userId));
}

export async function setPhoneVerified(ex: Executor, userId: string, phone: string, at: Date): Promise<void> {
  await ex.update(users).set({ phone, phoneVerifiedAt: at, updatedAt: at }).where(eq(users.id, userId));
}

/**
 * Holds, until the transaction ends, a lock on one phone number: two accounts verifying the
 * same number take turns, so the second sees the first's verification (one person, one phone).
 */
export async function lockPhone(ex: Executor, phone: string): Promise<void> {
  await ex.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`jara:phone:${phone}`}, 0))`);
}

/** Whether another account holds this number verified. */
export async function phoneVerifiedElsewhere(ex: Executor, phone: string, userId: string): Promise<boolean> {
  const [row] = await ex
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.phone, phone), sql`${users.phoneVerifiedAt} IS NOT NULL`, ne(users.id, userId)))
    .limit(1);
  return !!row;
}

/** Clears the account's verified email and phone (and the student mark). */
export async function clearVerification(ex: Executor, userId: string, at: Date): Promise<void> {
  await ex
    .update(users)
    .set({ emailVerifiedAt: null, phone: null, phoneVerifiedAt: null, verifiedStudent: false, updatedAt: at })
    .where(eq(users.id, userId));
}

export async function recordEvent(ex: Executor, event: typeof verificationEvents.$inferInsert): Promise<void> {
  await ex.insert(verificationEvents).values(event);
}

/**
 * Marks as students exactly the accounts whose verified email is on one of `domains` (or a
 * subdomain), writing only the rows that change: the list is configuration and may change.
 * Answers how many changed.
 */
export async function refreshStudentMarks(ex: Executor, domains: readonly string[]): Promise<number> {
  const host = sql`lower(substring(${users.email} from '@([^@]*)$'))`;
  const list = sql`${`{${domains.join(',')}}`}::text[]`;
  const student = sql`(${users.emailVerifiedAt} IS NOT NULL AND EXISTS (
    SELECT 1 FROM unnest(${list}) AS d(domain) WHERE ${host} = d.domain OR ${host} LIKE '%.' || d.domain))`;
  const rows = await ex
    .update(users)
    .set({ verifiedStudent: student })
    .where(sql`${users.verifiedStudent} IS DISTINCT FROM ${student}`)
    .returning({ id: users.id });
  return rows.length;
}
