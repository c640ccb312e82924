import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_CODE_ATTEMPTS, type JobDto, type DeliveryKind } from '@jara/shared';
import { sql } from 'drizzle-orm';
import { buildTestApp, createUser, type TestApp } from '../../../test/helpers.js';
import { queryRows } from '../../infra/db/client.js';
import {
  createPaidDispatch,
  createPaidOrder,
  createRiderAccount,
  createVendorAccount,
} from '../../../test/factories-portals.js';
import type { SessionUser } from '../../infra/sessions.js';
import type { Deliveries } from './deliveries.js';
import { DispatchDeliveries } from './dispatch-deliveries.js';
import { OrderDeliveries } from './order-deliveries.js';

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.closeAll());

interface MadeDelivery {
  id: string;
  customerId: string;
  code: string;
  deliveryFeeKobo: number;
}

/** Per kind: its Deliveries and a paid one of that kind ready for the board. */
const KINDS: Record<DeliveryKind, { deliveries: () => Deliveries; make: () => Promise<MadeDelivery> }> = {
  order: {
    deliveries: () => new OrderDeliveries(app.ctx),
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
    deliveries: () => new DispatchDeliveries(app.ctx),
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

describe.each(['order', 'dispatch'] as const)('a %s as a delivery', (kind) => {
  it('lives the one life: board, accepted once, picked up, a wrong code counted, delivered, rated, earned', async () => {
    const deliveries = KINDS[kind].deliveries();
    const made = await KINDS[kind].make();
    const rider = await riderSession();
    const other = await riderSession();

    const onBoard = find(await deliveries.open(rider.id), made.id)!;
    expect(onBoard).toMatchObject({ kind, _id: made.id, deliveryFee: made.deliveryFeeKobo / 100 });
    expect(onBoard.distanceKm).toBeGreaterThan(0);
    expect(phones(onBoard).every((p) => p === null)).toBe(true);
    expect(onBoard).not.toHaveProperty('codeAttempts');
    expect(onBoard).not.toHaveProperty('locked');
    // The customer knows the code: their own delivery is never on their board.
    expect(find(await deliveries.open(made.customerId), made.id)).toBeUndefined();

    expect(await deliveries.carries(app.ctx.db, rider.id)).toBe(false);
    await deliveries.accept(rider.id, made.id, noClaim);
    await expect(deliveries.accept(other.id, made.id, noClaim)).rejects.toMatchObject({
      status: 409,
      code: 'job_taken',
    });
    await expect(deliveries.accept(other.id, crypto.randomUUID(), noClaim)).rejects.toMatchObject({ status: 404 });
    expect(await deliveries.carries(app.ctx.db, rider.id)).toBe(true);
    expect(await deliveries.carries(app.ctx.db, other.id)).toBe(false);
    expect(find(await deliveries.open(other.id), made.id)).toBeUndefined();

    const active = find(await deliveries.active(rider.id), made.id)!;
    expect(active).toMatchObject({ status: 'Order Assigned', codeAttempts: 0, locked: false, arrivedAt: null });
    expect(active.dropoff.phone).toBe('08031234567');
    expect(await deliveries.active(other.id)).toEqual([]);

    // Not before the pick-up: no delivery, no drop-off wait; nobody else's either.
    await expect(deliveries.deliver(rider, made.id, made.code)).rejects.toMatchObject({
      status: 409,
      code: 'invalid_status',
    });
    await expect(deliveries.atDropOff(rider.id, made.id)).rejects.toMatchObject({
      status: 409,
      code: 'invalid_status',
    });
    await expect(deliveries.pickUp(other.id, made.id)).rejects.toMatchObject({ status: 404 });
    await deliveries.pickUp(rider.id, made.id);
    await expect(deliveries.pickUp(rider.id, made.id)).rejects.toMatchObject({ status: 409 });
    expect(find(await deliveries.active(rider.id), made.id)).toMatchObject({ status: 'Order Picked' });
    expect(await deliveries.atDropOff(rider.id, made.id)).toEqual({
      address: expect.any(String),
      customerId: made.customerId,
    });
    await expect(deliveries.atDropOff(other.id, made.id)).rejects.toMatchObject({ status: 404 });

    await expect(deliveries.riderToRate(made.customerId, made.id)).rejects.toMatchObject({ code: 'not_delivered' });
    const wrong = made.code === '0000' ? '1111' : '0000';
    await expect(deliveries.deliver(rider, made.id, wrong)).rejects.toMatchObject({
      status: 400,
      code: 'wrong_code',
      message: `Wrong delivery code. ${MAX_CODE_ATTEMPTS - 1} tries left.`,
    });
    expect(find(await deliveries.active(rider.id), made.id)).toMatchObject({ codeAttempts: 1, locked: false });
    await expect(deliveries.deliver(other, made.id, made.code)).rejects.toMatchObject({ status: 404 });
    await deliveries.deliver(rider, made.id, made.code);
    if (kind === 'order') {
      // The order keeps when it was picked up and delivered, as the status log has it (the dashboards' times).
      const [kept] = await queryRows<{ picked: boolean; delivered: boolean }>(
        app.ctx.db,
        sql`SELECT o.picked_at = (SELECT max(e.created_at) FROM status_events e JOIN order_items i ON i.id = e.subject_id
                                   WHERE i.order_id = o.id AND e.status = 'Order Picked') AS picked,
                   o.delivered_at = (SELECT max(e.created_at) FROM status_events e JOIN order_items i ON i.id = e.subject_id
                                      WHERE i.order_id = o.id AND e.status = 'Order Delivered') AS delivered
            FROM orders o WHERE o.id = ${made.id}`,
      );
      expect(kept).toEqual({ picked: true, delivered: true });
    }

    expect(await deliveries.carries(app.ctx.db, rider.id)).toBe(false);
    expect(find(await deliveries.active(rider.id), made.id)).toBeUndefined();
    const done = find(await deliveries.finished(rider.id, 50), made.id)!;
    expect(done).toMatchObject({ status: 'Order Delivered', locked: false });
    expect(phones(done).every((p) => p === null)).toBe(true);
    expect(done).not.toHaveProperty('codeAttempts');

    expect(await deliveries.riderToRate(made.customerId, made.id)).toBe(rider.id);
    await expect(deliveries.riderToRate(other.id, made.id)).rejects.toMatchObject({ status: 404 });
    expect(await deliveries.delivered(app.ctx.db, rider.id)).toEqual([
      { kind, id: made.id, deliveryFeeKobo: made.deliveryFeeKobo, at: expect.any(Date) },
    ]);
  });

  it(`is locked by the ${MAX_CODE_ATTEMPTS}th wrong code: the right one is refused, and the rider may take another`, async () => {
    const deliveries = KINDS[kind].deliveries();
    const made = await KINDS[kind].make();
    const rider = await riderSession();
    await deliveries.accept(rider.id, made.id, noClaim);
    await deliveries.pickUp(rider.id, made.id);
    const wrong = made.code === '0000' ? '1111' : '0000';
    const codes: number[] = [];
    for (let i = 0; i < MAX_CODE_ATTEMPTS; i++) {
      codes.push(
        await deliveries.deliver(rider, made.id, wrong).then(
          () => 200,
          (e: { status: number }) => e.status,
        ),
      );
    }
    expect(codes).toEqual([...Array<number>(MAX_CODE_ATTEMPTS - 1).fill(400), 423]);
    await expect(deliveries.deliver(rider, made.id, made.code)).rejects.toMatchObject({
      status: 423,
      code: 'job_locked',
    });
    expect(find(await deliveries.active(rider.id), made.id)).toMatchObject({
      codeAttempts: MAX_CODE_ATTEMPTS,
      locked: true,
      status: 'Order Picked',
    });
    // A locked delivery waits for support; it does not keep the rider from working.
    expect(await deliveries.carries(app.ctx.db, rider.id)).toBe(false);
    expect(await deliveries.delivered(app.ctx.db, rider.id)).toEqual([]);
  });
});
