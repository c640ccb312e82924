/**
 * Several instances on one PostgreSQL database share the jobs table: every outbox job, the
 * reconciliation slot and a payout transfer run once, whichever instance picks them up.
 */
import { and, eq, like, sql } from 'drizzle-orm';
import pino from 'pino';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, type Database } from '../src/infra/db/client.js';
import { jobs } from '../src/infra/db/schema.js';
import { payouts } from '../src/infra/db/schema-portals.js';
import { JobQueue, jobKind, noPayload } from '../src/infra/jobs/jobs.js';
import { PAYOUT_JOB } from '../src/modules/seller/payouts.js';
import { buildTestApp, createUser, freshDatabase, type TestApp } from './helpers.js';

const silent = pino({ level: 'silent' });
const outboxJob = jobKind('test.outbox', z.object({ n: z.number() }));
const slowJob = jobKind('test.slow', noPayload);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(check: () => Promise<boolean>, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('not done in time');
    await sleep(100);
  }
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
    Number((await a.ctx.db.select({ n: sql<number>`count(*)::int` }).from(jobs).where(and(eq(jobs.kind, kind), sql`done_at is null`)))[0]!.n);

  it('each of 40 outbox jobs runs once, and both instances take a share', async () => {
    const runs: { instance: string; n: number }[] = [];
    for (const [name, app] of [['a', a], ['b', b]] as const) {
      app.ctx.jobs.register(outboxJob, async ({ n }) => {
        runs.push({ instance: name, n });
        await sleep(30);
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
    for (const q of [qa, qb]) {
      q.register(slowJob, async () => {
        runs++;
        await sleep(2_500);
      });
    }
    await qa.enqueue(dbs[0]!.db, slowJob, {}, { dedupeKey: 'slow-1' });
    qa.start();
    await sleep(300);
    qb.start();
    try {
      await until(async () => (await pending('test.slow')) === 0);
    } finally {
      await Promise.all([qa.stop(), qb.stop()]);
    }
    expect(runs).toBe(1);
    const [job] = await a.ctx.db.select().from(jobs).where(eq(jobs.dedupeKey, 'slow-1'));
    expect(job).toMatchObject({ attempts: 1, failedAt: null });
    expect(job!.doneAt).not.toBeNull();
  });

  it('reconciliation runs once per slot however many instances offer it', async () => {
    const calls = { a: 0, b: 0 };
    for (const [name, app] of [['a', a], ['b', b]] as const) {
      const real = app.ctx.payments.reconcile.bind(app.ctx.payments);
      app.ctx.payments.reconcile = async (now?: Date) => {
        calls[name]++;
        return real(now);
      };
    }
    await a.ctx.db.delete(jobs).where(eq(jobs.kind, 'payments.reconcile'));
    const now = new Date();
    await Promise.all([a.ctx.jobs.offerSchedules(now), b.ctx.jobs.offerSchedules(now), a.ctx.jobs.offerSchedules(now)]);
    const slots = await a.ctx.db.select().from(jobs).where(eq(jobs.kind, 'payments.reconcile'));
    expect(slots).toHaveLength(1);
    a.ctx.jobs.start();
    b.ctx.jobs.start();
    try {
      await until(async () => (await a.ctx.db.select().from(jobs).where(eq(jobs.id, slots[0]!.id)))[0]!.doneAt !== null);
      await sleep(700); // both workers keep polling: a second run would show now
    } finally {
      await Promise.all([a.ctx.jobs.stop(), b.ctx.jobs.stop()]);
    }
    expect(calls.a + calls.b).toBe(1);
    // The run scheduled the next slot, once.
    const next = await a.ctx.db.select().from(jobs).where(and(eq(jobs.kind, 'payments.reconcile'), like(jobs.dedupeKey, 'payments.reconcile:%')));
    expect(next).toHaveLength(2);
  });

  it('a payout due now is transferred once with both workers running', async () => {
    const transfers: string[] = [];
    for (const app of [a, b]) {
      const provider = app.ctx.payments.provider;
      const real = provider.transfer.bind(provider);
      provider.transfer = async (input) => {
        transfers.push(input.reference);
        await sleep(300); // a slow provider widens any window for a second transfer
        return real(input);
      };
    }
    const { user } = await createUser(a, { role: 'vendor' });
    const [row] = await a.ctx.db.insert(payouts).values({
      userId: user.id, payeeType: 'vendor', amountKobo: 250_000, dueAt: new Date(Date.now() - 1000),
      accountName: 'Vera Vendor', accountNumber: '0123456789', bankCode: '058', reference: `jara_payout_${user.id.replace(/-/g, '')}`,
    }).returning();
    // Both instances try to schedule it (a retried request, say): one job.
    for (const app of [a, b]) await app.ctx.jobs.enqueue(app.ctx.db, PAYOUT_JOB, { payoutId: row!.id }, { dedupeKey: `payout:${row!.id}` });
    a.ctx.jobs.start();
    b.ctx.jobs.start();
    try {
      await until(async () => (await a.ctx.db.select().from(payouts).where(eq(payouts.id, row!.id)))[0]!.state === 'paid');
      await sleep(700);
    } finally {
      await Promise.all([a.ctx.jobs.stop(), b.ctx.jobs.stop()]);
    }
    expect(transfers).toEqual([row!.reference]);
  });
});
