import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_CODE_ATTEMPTS, type JobDto, type JobKind } from '@jara/shared';
import { buildTestApp, createUser, type TestApp } from '../../../test/helpers.js';
import {
  createPaidDispatch,
  createPaidOrder,
  createRiderAccount,
  createVendorAccount,
} from '../../../test/factories-portals.js';
import type { SessionUser } from '../../infra/sessions.js';
import type { DeliveryJob } from './delivery-job.js';
import { DispatchJobs } from './dispatch-jobs.js';
import { OrderJobs } from './order-jobs.js';

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.closeAll());

interface MadeJob {
  id: string;
  customerId: string;
  code: string;
  deliveryFeeKobo: number;
}

/** Per kind: its DeliveryJob and a paid job of that kind ready for the board. */
const KINDS: Record<JobKind, { jobs: () => DeliveryJob; make: () => Promise<MadeJob> }> = {
  order: {
    jobs: () => new OrderJobs(app.ctx),
    make: async () => {
      const vendor = await createVendorAccount(app);
      const customer = await createUser(app);
      const { order } = await createPaidOrder(app, customer.user.id, [{ vendorId: vendor.vendor.id }], {
        status: 'Order Confirmed',
        code: '1234',
      });
      return { id: order.id, customerId: customer.user.id, code: '1234', deliveryFeeKobo: order.deliveryFeeKobo };
    },
  },
  dispatch: {
    jobs: () => new DispatchJobs(app.ctx),
    make: async () => {
      const customer = await createUser(app);
      const d = await createPaidDispatch(app, customer.user.id, { code: '4321' });
      return { id: d.id, customerId: customer.user.id, code: '4321', deliveryFeeKobo: d.deliveryFeeKobo };
    },
  },
};

async function riderSession() {
  const r = await createRiderAccount(app);
  const session: SessionUser = {
    id: r.user.id,
    name: r.user.name,
    email: r.user.email,
    roles: r.user.roles,
    chatId: null,
  };
  return session;
}

const noClaim = async () => {};
const find = (list: JobDto[], id: string) => list.find((j) => j._id === id);
const phones = (j: JobDto) => [...j.pickups, j.dropoff].map((s) => s.phone);

describe.each(['order', 'dispatch'] as const)('a %s as a delivery job', (kind) => {
  it('lives the one life: board, accepted once, picked up, a wrong code counted, delivered, rated, earned', async () => {
    const jobs = KINDS[kind].jobs();
    const job = await KINDS[kind].make();
    const rider = await riderSession();
    const other = await riderSession();

    const onBoard = find(await jobs.open(rider.id), job.id)!;
    expect(onBoard).toMatchObject({ kind, _id: job.id, deliveryFee: job.deliveryFeeKobo / 100 });
    expect(onBoard.distanceKm).toBeGreaterThan(0);
    expect(phones(onBoard).every((p) => p === null)).toBe(true);
    expect(onBoard).not.toHaveProperty('codeAttempts');
    expect(onBoard).not.toHaveProperty('locked');
    // The customer knows the code: their own job is never on their board.
    expect(find(await jobs.open(job.customerId), job.id)).toBeUndefined();

    expect(await jobs.carries(app.ctx.db, rider.id)).toBe(false);
    await jobs.accept(rider.id, job.id, noClaim);
    await expect(jobs.accept(other.id, job.id, noClaim)).rejects.toMatchObject({ status: 409, code: 'job_taken' });
    await expect(jobs.accept(other.id, crypto.randomUUID(), noClaim)).rejects.toMatchObject({ status: 404 });
    expect(await jobs.carries(app.ctx.db, rider.id)).toBe(true);
    expect(await jobs.carries(app.ctx.db, other.id)).toBe(false);
    expect(find(await jobs.open(other.id), job.id)).toBeUndefined();

    const active = find(await jobs.active(rider.id), job.id)!;
    expect(active).toMatchObject({ status: 'Order Assigned', codeAttempts: 0, locked: false, arrivedAt: null });
    expect(active.dropoff.phone).toBe('08031234567');
    expect(await jobs.active(other.id)).toEqual([]);

    // Not before the pick-up: no delivery, no drop-off wait; nobody else's job either.
    await expect(jobs.deliver(rider, job.id, job.code)).rejects.toMatchObject({ status: 409, code: 'invalid_status' });
    await expect(jobs.atDropOff(rider.id, job.id)).rejects.toMatchObject({ status: 409, code: 'invalid_status' });
    await expect(jobs.pickUp(other.id, job.id)).rejects.toMatchObject({ status: 404 });
    await jobs.pickUp(rider.id, job.id);
    await expect(jobs.pickUp(rider.id, job.id)).rejects.toMatchObject({ status: 409 });
    expect(find(await jobs.active(rider.id), job.id)).toMatchObject({ status: 'Order Picked' });
    expect(await jobs.atDropOff(rider.id, job.id)).toEqual({ address: expect.any(String), customerId: job.customerId });
    await expect(jobs.atDropOff(other.id, job.id)).rejects.toMatchObject({ status: 404 });

    await expect(jobs.riderToRate(job.customerId, job.id)).rejects.toMatchObject({ code: 'not_delivered' });
    const wrong = job.code === '0000' ? '1111' : '0000';
    await expect(jobs.deliver(rider, job.id, wrong)).rejects.toMatchObject({
      status: 400,
      code: 'wrong_code',
      message: `Wrong delivery code. ${MAX_CODE_ATTEMPTS - 1} tries left.`,
    });
    expect(find(await jobs.active(rider.id), job.id)).toMatchObject({ codeAttempts: 1, locked: false });
    await expect(jobs.deliver(other, job.id, job.code)).rejects.toMatchObject({ status: 404 });
    await jobs.deliver(rider, job.id, job.code);

    expect(await jobs.carries(app.ctx.db, rider.id)).toBe(false);
    expect(find(await jobs.active(rider.id), job.id)).toBeUndefined();
    const done = find(await jobs.finished(rider.id, 50), job.id)!;
    expect(done).toMatchObject({ status: 'Order Delivered', locked: false });
    expect(phones(done).every((p) => p === null)).toBe(true);
    expect(done).not.toHaveProperty('codeAttempts');

    expect(await jobs.riderToRate(job.customerId, job.id)).toBe(rider.id);
    await expect(jobs.riderToRate(other.id, job.id)).rejects.toMatchObject({ status: 404 });
    expect(await jobs.delivered(app.ctx.db, rider.id)).toEqual([
      { kind, id: job.id, deliveryFeeKobo: job.deliveryFeeKobo, at: expect.any(Date) },
    ]);
  });

  it(`is locked by the ${MAX_CODE_ATTEMPTS}th wrong code: the right one is refused, and the rider may take another job`, async () => {
    const jobs = KINDS[kind].jobs();
    const job = await KINDS[kind].make();
    const rider = await riderSession();
    await jobs.accept(rider.id, job.id, noClaim);
    await jobs.pickUp(rider.id, job.id);
    const wrong = job.code === '0000' ? '1111' : '0000';
    const codes: number[] = [];
    for (let i = 0; i < MAX_CODE_ATTEMPTS; i++) {
      codes.push(
        await jobs.deliver(rider, job.id, wrong).then(
          () => 200,
          (e: { status: number }) => e.status,
        ),
      );
    }
    expect(codes).toEqual([...Array<number>(MAX_CODE_ATTEMPTS - 1).fill(400), 423]);
    await expect(jobs.deliver(rider, job.id, job.code)).rejects.toMatchObject({ status: 423, code: 'job_locked' });
    expect(find(await jobs.active(rider.id), job.id)).toMatchObject({
      codeAttempts: MAX_CODE_ATTEMPTS,
      locked: true,
      status: 'Order Picked',
    });
    // A locked job waits for support; it does not keep the rider from working.
    expect(await jobs.carries(app.ctx.db, rider.id)).toBe(false);
    expect(await jobs.delivered(app.ctx.db, rider.id)).toEqual([]);
  });
});
