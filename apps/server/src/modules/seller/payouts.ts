import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { EarningsDto, PayoutDto } from '@jara/shared';
import type { AppContext } from '../../context.js';
import { queryRows, type Executor } from '../../infra/db/client.js';
import { users } from '../../infra/db/schema.js';
import { payouts } from '../../infra/db/schema-portals.js';
import { badRequest } from '../../lib/errors.js';
import { randomToken } from '../../lib/crypto.js';

const LAGOS_OFFSET_MS = 60 * 60 * 1000;
/** Payouts are paid at 10:00 Africa/Lagos on the due day. */
const PAY_HOUR_LAGOS = 10;

/** The next working day (Monday–Friday, Africa/Lagos) after `now`, at 10:00 Lagos time. */
export function nextWorkingDay(now: Date = new Date()): Date {
  const lagos = new Date(now.getTime() + LAGOS_OFFSET_MS);
  const d = new Date(Date.UTC(lagos.getUTCFullYear(), lagos.getUTCMonth(), lagos.getUTCDate() + 1, PAY_HOUR_LAGOS));
  while (d.getUTCDay() === 0 || d.getUTCDay() === 6) d.setUTCDate(d.getUTCDate() + 1);
  return new Date(d.getTime() - LAGOS_OFFSET_MS);
}

/** Midnight today in Africa/Lagos, as an instant. */
export function lagosDayStart(now: Date = new Date()): Date {
  const lagos = new Date(now.getTime() + LAGOS_OFFSET_MS);
  return new Date(Date.UTC(lagos.getUTCFullYear(), lagos.getUTCMonth(), lagos.getUTCDate()) - LAGOS_OFFSET_MS);
}

/** Monday of the Lagos week containing `at`, as YYYY-MM-DD. */
export function lagosWeekStart(at: Date): string {
  const lagos = new Date(at.getTime() + LAGOS_OFFSET_MS);
  const day = (lagos.getUTCDay() + 6) % 7;
  const monday = new Date(Date.UTC(lagos.getUTCFullYear(), lagos.getUTCMonth(), lagos.getUTCDate() - day));
  return monday.toISOString().slice(0, 10);
}

export interface EarningEntry { id: string; at: Date; grossKobo: number; netKobo: number; label: string }

export function toPayoutDto(p: typeof payouts.$inferSelect): PayoutDto {
  return {
    _id: p.id, amount: p.amountKobo / 100, state: p.state, dueAt: p.dueAt.toISOString(),
    paidAt: p.paidAt?.toISOString() ?? null, reference: p.reference, createdAt: p.createdAt.toISOString(),
  };
}

export async function listPayouts(ex: Executor, userId: string, payeeType: 'vendor' | 'rider') {
  return ex.select().from(payouts).where(and(eq(payouts.userId, userId), eq(payouts.payeeType, payeeType))).orderBy(desc(payouts.createdAt)).limit(100);
}

/** Totals, per-week sums and the payout history from a list of earning entries. */
export function summarise(entries: EarningEntry[], history: (typeof payouts.$inferSelect)[], percent: number): EarningsDto {
  const totalNet = entries.reduce((s, e) => s + e.netKobo, 0);
  const paid = history.filter((p) => p.state === 'paid').reduce((s, p) => s + p.amountKobo, 0);
  const scheduled = history.filter((p) => p.state === 'scheduled').reduce((s, p) => s + p.amountKobo, 0);
  const weeks = new Map<string, { gross: number; net: number; count: number }>();
  for (const e of entries) {
    const k = lagosWeekStart(e.at);
    const w = weeks.get(k) ?? { gross: 0, net: 0, count: 0 };
    w.gross += e.grossKobo;
    w.net += e.netKobo;
    w.count += 1;
    weeks.set(k, w);
  }
  return {
    percent,
    totalEarned: totalNet / 100,
    paidOut: paid / 100,
    scheduled: scheduled / 100,
    available: Math.max(0, totalNet - paid - scheduled) / 100,
    byWeek: [...weeks.entries()].sort((a, b) => b[0].localeCompare(a[0])).map(([weekStart, w]) => ({ weekStart, gross: w.gross / 100, net: w.net / 100, count: w.count })),
    entries: entries.slice(0, 200).map((e) => ({ _id: e.id, date: e.at.toISOString(), gross: e.grossKobo / 100, net: e.netKobo / 100, label: e.label })),
    payouts: history.map(toPayoutDto),
  };
}

/**
 * Schedules a payout of everything available, paid the next working day by the payout job.
 * The payee's user row is locked so two requests at once cannot both take the same balance.
 */
export async function requestPayout(
  ctx: AppContext,
  payee: { userId: string; payeeType: 'vendor' | 'rider'; vendorId?: string },
  earnedKobo: (tx: Executor) => Promise<number>,
): Promise<PayoutDto> {
  return ctx.db.transaction(async (tx) => {
    await queryRows(tx, sql`SELECT id FROM users WHERE id = ${payee.userId} FOR UPDATE`);
    const earned = await earnedKobo(tx);
    const [taken] = await tx
      .select({ sum: sql<number>`coalesce(sum(${payouts.amountKobo}), 0)::int` })
      .from(payouts)
      .where(and(eq(payouts.userId, payee.userId), eq(payouts.payeeType, payee.payeeType), inArray(payouts.state, ['scheduled', 'paid'])));
    const available = earned - Number(taken?.sum ?? 0);
    if (available < 100) throw badRequest('There is nothing to pay out yet.', 'nothing_to_pay');
    const dueAt = nextWorkingDay();
    const [row] = await tx
      .insert(payouts)
      .values({ userId: payee.userId, payeeType: payee.payeeType, vendorId: payee.vendorId ?? null, amountKobo: available, dueAt })
      .returning();
    await ctx.jobs.enqueue(tx, 'payout.transfer', { payoutId: row!.id }, { runAt: dueAt, dedupeKey: `payout:${row!.id}` });
    return toPayoutDto(row!);
  });
}

/** The payout job: a sandbox transfer records a reference; Paystack needs a recipient on file. */
export function registerPayoutJob(ctx: AppContext): void {
  ctx.jobs.register('payout.transfer', async (payload) => {
    const id = String(payload.payoutId);
    const [p] = await ctx.db.select().from(payouts).where(eq(payouts.id, id));
    if (!p || p.state !== 'scheduled') return;
    const provider = ctx.config.payments.provider;
    if (provider === 'sandbox') {
      await ctx.db.update(payouts)
        .set({ state: 'paid', paidAt: new Date(), provider, reference: `sandbox_trf_${randomToken(12).toLowerCase().replace(/[^a-z0-9]/g, '')}` })
        .where(and(eq(payouts.id, id), eq(payouts.state, 'scheduled')));
    } else {
      // Bank details are not collected yet, so there is no Paystack recipient to pay: record why.
      await ctx.db.update(payouts)
        .set({ state: 'failed', provider, failureReason: 'No bank account on file for a Paystack transfer.' })
        .where(and(eq(payouts.id, id), eq(payouts.state, 'scheduled')));
    }
    const [u] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.id, p.userId));
    if (u) ctx.realtime.emitToUser(u.id, 'payout.updated', { _id: id });
  });
}
