import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../infra/db/client.js';
import { appSettings, pushSubscriptions } from './push.tables.js';

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;

export async function readSetting<T>(ex: Executor, key: string): Promise<T | undefined> {
  const [row] = await ex.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, key));
  return row?.value as T | undefined;
}

/** Writes the value unless the key exists; returns the value that is kept (the first writer's). */
export async function settleSetting<T extends Record<string, unknown>>(
  ex: Executor,
  key: string,
  value: T,
): Promise<T> {
  await ex.insert(appSettings).values({ key, value }).onConflictDoNothing({ target: appSettings.key });
  return (await readSetting<T>(ex, key))!;
}

/**
 * Saves a subscription for this user. An endpoint is one browser: seen again (new keys, or a
 * different user logged in on that browser) it moves to the caller.
 */
export async function upsertSubscription(
  ex: Executor,
  v: { userId: string; endpoint: string; p256dh: string; auth: string; userAgent: string | null },
): Promise<PushSubscriptionRow> {
  const [row] = await ex
    .insert(pushSubscriptions)
    .values(v)
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { userId: v.userId, p256dh: v.p256dh, auth: v.auth, userAgent: v.userAgent, createdAt: sql`now()` },
    })
    .returning();
  return row!;
}

export async function deleteOwnSubscription(ex: Executor, userId: string, endpoint: string): Promise<boolean> {
  const rows = await ex
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id });
  return rows.length > 0;
}

export async function subscriptionsOf(ex: Executor, userId: string): Promise<PushSubscriptionRow[]> {
  return ex.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
}

export async function findSubscription(ex: Executor, id: string): Promise<PushSubscriptionRow | undefined> {
  const [row] = await ex.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, id));
  return row;
}

export async function deleteSubscription(ex: Executor, id: string): Promise<void> {
  await ex.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
}

export async function markSent(ex: Executor, id: string): Promise<void> {
  await ex.update(pushSubscriptions).set({ lastSentAt: new Date() }).where(eq(pushSubscriptions.id, id));
}
