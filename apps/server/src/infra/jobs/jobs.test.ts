import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { SMTPServer } from 'smtp-server';
import { buildTestApp, type TestApp } from '../../../test/helpers.js';
import { assertOutsideTransaction } from '../db/client.js';
import { jobs, mailOutbox } from '../db/tables.js';
import { jobKind, noPayload } from './jobs.js';

const txJob = jobKind('test.tx', z.object({ n: z.number() }));
const flakyJob = jobKind('test.flaky', noPayload);
const onceJob = jobKind('test.once', noPayload);
const contextJob = jobKind('test.context', z.object({ n: z.number() }));
const everyJob = jobKind('test.every', noPayload);

/** Whether a slow call (a payment provider, SMTP) would be refused here, inside a transaction. */
function refusedHere(): boolean {
  try {
    assertOutsideTransaction('SMTP send');
    return false;
  } catch {
    return true;
  }
}

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.closeAll());

describe('durable jobs', () => {
  it('exists only if the transaction that wrote it commits', async () => {
    const seen: unknown[] = [];
    app.ctx.jobs.register(txJob, async ({ n }) => void seen.push(n));
    await app.ctx.db.transaction(async (tx) => app.ctx.jobs.enqueue(tx, txJob, { n: 1 }));
    await app.ctx.db
      .transaction(async (tx) => {
        await app.ctx.jobs.enqueue(tx, txJob, { n: 2 });
        throw new Error('rollback');
      })
      .catch(() => undefined);
    await app.ctx.jobs.drain();
    expect(seen).toEqual([1]);
  });

  it('retries a failing job later with backoff, then succeeds', async () => {
    let calls = 0;
    app.ctx.jobs.register(flakyJob, async () => {
      calls++;
      if (calls === 1) throw new Error('provider down');
    });
    await app.ctx.jobs.enqueue(app.ctx.db, flakyJob, {}, { dedupeKey: 'flaky-1' });
    await app.ctx.jobs.drain();
    expect(calls).toBe(1);
    const [job] = await app.ctx.db.select().from(jobs).where(eq(jobs.dedupeKey, 'flaky-1'));
    expect(job!.lastError).toBe('provider down');
    expect(job!.runAt.getTime()).toBeGreaterThan(Date.now());
    await app.ctx.db.update(jobs).set({ runAt: new Date() }).where(eq(jobs.id, job!.id));
    await app.ctx.jobs.drain();
    expect(calls).toBe(2);
    const [done] = await app.ctx.db.select().from(jobs).where(eq(jobs.id, job!.id));
    expect(done!.doneAt).not.toBeNull();
  });

  it('ignores a second job with the same dedupe key', async () => {
    let calls = 0;
    app.ctx.jobs.register(onceJob, async () => void calls++);
    await app.ctx.jobs.enqueue(app.ctx.db, onceJob, {}, { dedupeKey: 'once' });
    await app.ctx.jobs.enqueue(app.ctx.db, onceJob, {}, { dedupeKey: 'once' });
    await app.ctx.jobs.drain();
    expect(calls).toBe(1);
  });
});

describe('payloads checked against their kind', () => {
  const payoutLike = jobKind('test.payout', z.object({ payoutId: z.string(), kind: z.enum(['paid', 'cancelled']) }));

  it('refuses an ill-formed payload at enqueue, by type and when written, and writes nothing', async () => {
    const wrongType = app.ctx.jobs.enqueue(
      app.ctx.db,
      payoutLike,
      // @ts-expect-error -- a number where the kind says a string
      { payoutId: 42, kind: 'paid' },
      { dedupeKey: 'bad-1' },
    );
    await expect(wrongType).rejects.toThrow(/invalid payload for job test\.payout:.*payoutId/);
    const unknownValue = app.ctx.jobs.enqueue(
      app.ctx.db,
      payoutLike,
      // @ts-expect-error -- a kind of notice the schema does not have
      { payoutId: 'p1', kind: 'refunded' },
      { dedupeKey: 'bad-2' },
    );
    await expect(unknownValue).rejects.toThrow(/invalid payload for job test\.payout:.*kind/);
    // @ts-expect-error -- a job kind is declared with its schema, never a bare name
    const bareName = app.ctx.jobs.enqueue(app.ctx.db, 'test.payout', { payoutId: 'p1', kind: 'paid' });
    await expect(bareName).rejects.toThrow();
    const rows = await app.ctx.db.select().from(jobs).where(eq(jobs.kind, 'test.payout'));
    expect(rows).toEqual([]);
  });

  it('fails a stored job whose payload its schema refuses, at once and saying why, without calling the handler', async () => {
    const seen: unknown[] = [];
    app.ctx.jobs.register(payoutLike, async (p) => void seen.push(p));
    await app.ctx.jobs.enqueue(app.ctx.db, payoutLike, { payoutId: 'p-good', kind: 'cancelled' });
    // Written by an older version of the code, or by hand: the table takes any JSON.
    const [bad] = await app.ctx.db
      .insert(jobs)
      .values({ kind: payoutLike.kind, payload: { payoutId: 'p-bad', kind: 'refunded' }, runAt: new Date() })
      .returning();
    await app.ctx.jobs.drain();
    expect(seen).toEqual([{ payoutId: 'p-good', kind: 'cancelled' }]);
    const [failed] = await app.ctx.db.select().from(jobs).where(eq(jobs.id, bad!.id));
    expect(failed!.failedAt).not.toBeNull();
    expect(failed!.attempts).toBe(1);
    expect(failed!.lastError).toMatch(/^invalid payload for job test\.payout: .*kind/);
  });
});

describe('the running worker', () => {
  it('runs a job enqueued inside a transaction outside it, and every later job too', async () => {
    const q = app.ctx.jobs;
    const seen: boolean[] = [];
    q.register(contextJob, async () => void seen.push(refusedHere()));
    q.start();
    try {
      // Idle and waiting for its next poll: the enqueue below wakes it from inside the transaction.
      await expect
        .poll(
          () =>
            (q as unknown as { running: boolean; timer: unknown }).timer !== null &&
            !(q as unknown as { running: boolean }).running,
        )
        .toBe(true);
      await app.ctx.db.transaction(async (tx) => q.enqueue(tx, contextJob, { n: 1 }));
      await expect.poll(() => seen.length, { timeout: 10_000 }).toBe(1);
      await q.enqueue(app.ctx.db, contextJob, { n: 2 });
      await expect.poll(() => seen.length, { timeout: 10_000 }).toBe(2);
      // A handler that calls a payment provider or SMTP would be refused inside a transaction.
      expect(seen).toEqual([false, false]);
    } finally {
      await q.stop();
    }
  });
});

describe('schedules', () => {
  it('one job per slot however often it is offered; a slot that failed for good does not end the schedule', async () => {
    const q = app.ctx.jobs;
    q.register(everyJob, async () => {
      throw new Error('always fails');
    });
    q.schedule(everyJob, 60_000);
    const t0 = new Date(Date.UTC(2030, 0, 1, 12, 0, 30));
    await q.offerSchedules(t0);
    await q.offerSchedules(new Date(t0.getTime() + 20_000));
    let rows = await app.ctx.db.select().from(jobs).where(eq(jobs.kind, 'test.every'));
    expect(rows.map((r) => r.dedupeKey)).toEqual([`test.every:${Math.floor(t0.getTime() / 60_000)}`]);
    expect(rows[0]!.runAt).toEqual(new Date(Date.UTC(2030, 0, 1, 12, 0, 0)));
    await app.ctx.db.update(jobs).set({ failedAt: new Date() }).where(eq(jobs.id, rows[0]!.id));
    await q.offerSchedules(new Date(t0.getTime() + 60_000));
    rows = await app.ctx.db.select().from(jobs).where(eq(jobs.kind, 'test.every'));
    expect(rows).toHaveLength(2);
  });
});

describe('mail over SMTP', () => {
  it('delivers an outbox message to a real SMTP server', async () => {
    const received: string[] = [];
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, cb) {
        let data = '';
        stream.on('data', (c: Buffer) => (data += c.toString()));
        stream.on('end', () => {
          received.push(data);
          cb();
        });
      },
    });
    await new Promise<void>((r) => smtp.listen(0, '127.0.0.1', r));
    const port = (smtp.server.address() as { port: number }).port;
    const mailApp = await buildTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}` });
    try {
      await mailApp.ctx.mailer.send(mailApp.ctx.db, {
        to: 'ada@example.com',
        subject: 'Your order',
        text: 'It is on its way.',
      });
      await mailApp.ctx.jobs.drain();
      expect(received).toHaveLength(1);
      expect(received[0]).toContain('Subject: Your order');
      expect(received[0]).toContain('It is on its way.');
      const [row] = await mailApp.ctx.db.select().from(mailOutbox);
      expect(row!.sentAt).not.toBeNull();
    } finally {
      await mailApp.closeAll();
      await new Promise<void>((r) => smtp.close(() => r()));
    }
  });
});
