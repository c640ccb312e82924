/**
 * Several instances on one PostgreSQL database share the jobs table: every outbox job, the
 * reconciliation slot and a payout transfer run once, whichever instance picks them up.
 */
import { and, eq, like, sql } from 'drizzle-orm';
import pino from 'pino';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openPostgres, queryRows, type Database } from '../src/infra/db/client.js';
import { jobs } from '../src/infra/db/tables.js';
import { payouts } from '../src/modules/payouts/payouts.tables.js';
import { JobQueue, jobKind, noPayload } from '../src/infra/jobs/jobs.js';
import { Reconciliation } from '../src/modules/payments/reconciliation.js';
import { buildTestApp, createUser, createVendor, freshDatabase, type TestApp } from './helpers.js';

const silent = pino({ level: 'silent' });
const outboxJob = jobKind('test.outbox', z.object({ n: z.number() }));
const slowJob = jobKind('test.slow', noPayload);
/** The payouts module's transfer job, as the jobs table stores it (what a payout request enqueues). */
const payoutTransfer = jobKind('payout.transfer', z.object({ payoutId: z.string() }));

async function until(check: () => Promise<boolean>, timeout = 30_000) {
  await expect.poll(check, { timeout, interval: 100 }).toBe(true);
}

/** A promise and the function that resolves it. */
function gate(): { opened: Promise<void>; open: () => void } {
  let open!: () => void;
  const opened = new Promise<void>((r) => (open = r));
  return { opened, open };
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('jobs across two instances on PostgreSQL', () => {
  let fresh: Awaited<ReturnType<typeof freshDatabase>>;
  const dbs: Database[] = [];
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    fresh = await freshDatabase();
    // Each instance has its own pool, as two processes would.
    dbs.push(await openPostgres(fresh.url!, 5), await openPostgres(fresh.url!, 5));
    a = await buildTestApp({}, dbs[0]);
    b = await buildTestApp({}, dbs[1]);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    for (const d of dbs) await d.close();
    await fresh.database.close();
    await fresh.drop();
  });

  const pending = async (kind: string) =>
    Number(
      (
        await a.ctx.db
          .select({ n: sql<number>`count(*)::int` })
          .from(jobs)
          .where(and(eq(jobs.kind, kind), sql`done_at is null`))
      )[0]!.n,
    );

  it('each of 40 outbox jobs runs once, and both instances take a share', async () => {
    const runs: { instance: string; n: number }[] = [];
    // Each instance's first job waits until the other instance has started one too: the other
    // worker claims while this one is busy, so both take a share whatever the timing.
    const both = gate();
    for (const [name, app] of [
      ['a', a],
      ['b', b],
    ] as const) {
      app.ctx.jobs.register(outboxJob, async ({ n }) => {
        runs.push({ instance: name, n });
        if (runs.some((r) => r.instance === 'a') && runs.some((r) => r.instance === 'b')) both.open();
        await both.opened;
      });
    }
    await a.ctx.db.transaction(async (tx) => {
      for (let n = 0; n < 40; n++) await a.ctx.jobs.enqueue(tx, outboxJob, { n });
    });
    a.ctx.jobs.start();
    b.ctx.jobs.start();
    try {
      await until(async () => (await pending('test.outbox')) === 0);
    } finally {
      await Promise.all([a.ctx.jobs.stop(), b.ctx.jobs.stop()]);
    }
    expect(runs.map((r) => r.n).sort((x, y) => x - y)).toEqual(Array.from({ length: 40 }, (_, n) => n));
    expect(runs.some((r) => r.instance === 'a') && runs.some((r) => r.instance === 'b')).toBe(true);
  });

  it('a job that outlives its lease is renewed, not run again by the other instance', async () => {
    // Short leases so the test need not wait two minutes: renewed every 200 ms, 600 ms long.
    const qa = new JobQueue(dbs[0]!.db, silent, 50, 600);
    const qb = new JobQueue(dbs[1]!.db, silent, 50, 600);
    let runs = 0;
    const finish = gate();
    for (const q of [qa, qb]) {
      q.register(slowJob, async () => {
        // The first run lasts until the test ends it; a second run (the bug) would end at once.
        if (++runs === 1) await finish.opened;
      });
    }
    await qa.enqueue(dbs[0]!.db, slowJob, {}, { dedupeKey: 'slow-1' });
    const lease = async () =>
      (await a.ctx.db.select({ until: jobs.lockedUntil }).from(jobs).where(eq(jobs.dedupeKey, 'slow-1')))[0]!.until;
    qa.start();
    qb.start();
    try {
      await until(async () => runs === 1);
      // The lease taken with the claim runs out, and by then it has been renewed.
      const first = (await lease())!;
      await until(async () => {
        const [row] = await queryRows<{ renewed: boolean }>(
          a.ctx.db,
          sql`SELECT now() > ${first.toISOString()}::timestamptz AND locked_until > now() AS renewed
              FROM jobs WHERE dedupe_key = 'slow-1'`,
        );
        return row!.renewed;
      });
      // Asked now, neither instance runs it again (whichever of them holds it).
      await qa.drain();
      await qb.drain();
      expect(runs).toBe(1);
      finish.open();
      await until(async () => (await pending('test.slow')) === 0);
    } finally {
      finish.open();
      await Promise.all([qa.stop(), qb.stop()]);
    }
    expect(runs).toBe(1);
    const [job] = await a.ctx.db.select().from(jobs).where(eq(jobs.dedupeKey, 'slow-1'));
    expect(job).toMatchObject({ attempts: 1, failedAt: null });
    expect(job!.doneAt).not.toBeNull();
  });

  it('reconciliation runs once per slot however many instances offer it', async () => {
    // Every run, on either instance, goes through the one Reconciliation of its payments module.
    const runs = vi.spyOn(Reconciliation.prototype, 'reconcile');
    await a.ctx.db.delete(jobs).where(eq(jobs.kind, 'payments.reconcile'));
    const now = new Date();
    await Promise.all([a.ctx.jobs.offerSchedules(now), b.ctx.jobs.offerSchedules(now), a.ctx.jobs.offerSchedules(now)]);
    const slots = await a.ctx.db.select().from(jobs).where(eq(jobs.kind, 'payments.reconcile'));
    expect(slots).toHaveLength(1);
    a.ctx.jobs.start();
    b.ctx.jobs.start();
    try {
      await until(
        async () => (await a.ctx.db.select().from(jobs).where(eq(jobs.id, slots[0]!.id)))[0]!.doneAt !== null,
      );
    } finally {
      // stop() waits for a run in progress: a second run begun meanwhile has counted by now.
      await Promise.all([a.ctx.jobs.stop(), b.ctx.jobs.stop()]);
    }
    // Both asked once more: neither finds the slot to run again.
    await a.ctx.jobs.drain();
    await b.ctx.jobs.drain();
    expect(runs).toHaveBeenCalledTimes(1);
    runs.mockRestore();
    // The run scheduled the next slot, once.
    const next = await a.ctx.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, 'payments.reconcile'), like(jobs.dedupeKey, 'payments.reconcile:%')));
    expect(next).toHaveLength(2);
  });

  it('a payout due now is transferred once with both workers running', async () => {
    const transfers: string[] = [];
    // The provider answers the first transfer only once the test has seen both instances ask
    // for work meanwhile (the widest window for a second transfer).
    const answer = gate();
    for (const app of [a, b]) {
      const provider = app.services.payments.provider;
      const real = provider.transfer.bind(provider);
      provider.transfer = async (input) => {
        transfers.push(input.reference);
        if (transfers.length === 1) await answer.opened;
        return real(input);
      };
    }
    // A vendor's payout is paid from its shop's ledger account, as every real one is.
    const { user } = await createUser(a, { role: 'vendor' });
    const shop = await createVendor(a, { userId: user.id });
    const [row] = await a.ctx.db
      .insert(payouts)
      .values({
        userId: user.id,
        vendorId: shop.id,
        payeeType: 'vendor',
        amountKobo: 250_000,
        dueAt: new Date(Date.now() - 1000),
        accountName: 'Vera Vendor',
        accountNumber: '0123456789',
        bankCode: '058',
        reference: `jara_payout_${user.id.replace(/-/g, '')}`,
      })
      .returning();
    // Both instances try to schedule it (a retried request, say): one job.
    for (const app of [a, b])
      await app.ctx.jobs.enqueue(app.ctx.db, payoutTransfer, { payoutId: row!.id }, { dedupeKey: `payout:${row!.id}` });
    a.ctx.jobs.start();
    b.ctx.jobs.start();
    try {
      await until(async () => transfers.length === 1);
      // While the transfer is out, each instance asked for work transfers nothing more.
      await a.ctx.jobs.drain();
      await b.ctx.jobs.drain();
      expect(transfers).toHaveLength(1);
      answer.open();
      await until(
        async () => (await a.ctx.db.select().from(payouts).where(eq(payouts.id, row!.id)))[0]!.state === 'paid',
      );
    } finally {
      answer.open();
      await Promise.all([a.ctx.jobs.stop(), b.ctx.jobs.stop()]);
    }
    await a.ctx.jobs.drain();
    await b.ctx.jobs.drain();
    expect(transfers).toEqual([row!.reference]);
  });
});
