import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import {
  DEFAULT_FEE_TIERS,
  type DispatchListAnswer,
  type DispatchPaymentAnswer,
  type ErrorAnswer,
  type JobListAnswer,
  type PublicConfig,
} from '@jara/shared';
import { buildTestApp, createAddress, createUser, json, type TestApp } from '../../../test/helpers.js';
import { DROPOFF, createRider } from '../../../test/factories-dispatch.js';
import { dispatches } from './dispatch.tables.js';
import { mailOutbox } from '../../infra/db/tables.js';

/**
 * The drop-off's door (block, floor, room, landmark): checked like a saved address's, kept on
 * the dispatch, and shown to the sender, the rider and the recipient's email.
 */

let app: TestApp;

beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app?.closeAll();
});

const post = (url: string, payload: object, cookie?: string) =>
  app.inject({ method: 'POST', url, payload, headers: cookie ? { cookie } : {} });
const get = (url: string, cookie?: string) => app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

const DOOR = { block: 'C', floor: '2', room: '214', landmark: 'Opposite the water tank' };

function requestBody(pickupAddress: string, dropoff: Record<string, unknown>) {
  return {
    pickupAddress,
    dropoff: { ...DROPOFF, ...dropoff },
    deliveryNote: 'A folder of notes',
    isExpress: false,
    email: 'ada@example.com',
  };
}

async function countDispatches(userId: string) {
  const [r] = await app.ctx.db
    .select({ n: sql<number>`count(*)::int` })
    .from(dispatches)
    .where(eq(dispatches.userId, userId));
  return Number(r!.n);
}

async function pay(reference: string) {
  await app.services.payments.sandbox!.complete(reference, 'success', 'card');
  await app.services.payments.verify(reference);
  await app.ctx.jobs.drain();
}

describe('the drop-off door on POST /api/payment/paystack-dispatch', () => {
  it('refuses a bad block, floor, room or landmark with a 400 and creates nothing', async () => {
    const { user, cookie } = await createUser(app);
    const address = await createAddress(app, user.id);
    for (const bad of [
      { block: 'B'.repeat(61) },
      { floor: 'F'.repeat(31) },
      { room: 'R'.repeat(31) },
      { landmark: 'L'.repeat(201) },
      { room: 214 },
      { block: null },
      { door: 'C 214' },
    ]) {
      const res = await post('/api/payment/paystack-dispatch', requestBody(address.id, bad), cookie);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(json<ErrorAnswer>(res).success).toBe(false);
    }
    expect(await countDispatches(user.id)).toBe(0);
  });

  it('keeps the door, trimmed, and shows it to the sender, the rider and in the recipient’s email', async () => {
    const { user, cookie } = await createUser(app);
    const address = await createAddress(app, user.id);
    const res = await post(
      '/api/payment/paystack-dispatch',
      requestBody(address.id, {
        email: 'door-recipient@example.com',
        block: ` ${DOOR.block} `,
        floor: DOOR.floor,
        room: ` ${DOOR.room}`,
        landmark: `${DOOR.landmark}  `,
      }),
      cookie,
    );
    expect(res.statusCode).toBe(200);
    const [row] = await app.ctx.db.select().from(dispatches).where(eq(dispatches.userId, user.id));
    expect(row!.dropoff).toMatchObject({ ...DOOR, address: DROPOFF.address });

    await pay(json<DispatchPaymentAnswer>(res).reference);
    const [mine] = json<DispatchListAnswer>(await get('/api/dispatch/user', cookie)).orders;
    expect(mine!.dropoff.door).toEqual({ placeName: null, ...DOOR });

    const [mail] = await app.ctx.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, 'door-recipient@example.com'));
    expect(mail!.textBody).toContain('Block C · Floor 2 · Room 214');
    expect(mail!.textBody).toContain(`Landmark: ${DOOR.landmark}`);

    // The rider sees the door on the board and, once accepted, on the job.
    const rider = await createRider(app);
    expect((await post('/api/rider/online', { isOnline: true }, rider.cookie)).statusCode).toBe(200);
    const board = json<JobListAnswer>(await get('/api/rider/jobs', rider.cookie)).jobs;
    expect(board.find((j) => j._id === row!.id)?.dropoff.door).toEqual({ placeName: null, ...DOOR });
    expect((await post(`/api/rider/jobs/dispatch/${row!.id}/accept`, {}, rider.cookie)).statusCode).toBe(200);
    const [job] = json<JobListAnswer>(await get('/api/rider/active', rider.cookie)).jobs;
    expect(job).toMatchObject({ _id: row!.id, dropoff: { address: DROPOFF.address, door: { ...DOOR } } });
  });

  it('stays optional: without a door the dispatch shows none', async () => {
    const { user, cookie } = await createUser(app);
    const address = await createAddress(app, user.id);
    const res = await post('/api/payment/paystack-dispatch', requestBody(address.id, {}), cookie);
    expect(res.statusCode).toBe(200);
    await pay(json<DispatchPaymentAnswer>(res).reference);
    const [mine] = json<DispatchListAnswer>(await get('/api/dispatch/user', cookie)).orders;
    expect(mine!.dropoff.door).toBeNull();
  });
});

describe('GET /api/config: the delivery fee before an address', () => {
  it('gives one trip’s cheapest and dearest fee of the default table, in naira', async () => {
    const body = json<PublicConfig>(await get('/api/config'));
    expect(body.deliveryFeeRange).toEqual({
      min: DEFAULT_FEE_TIERS[0]!.feeKobo / 100,
      max: DEFAULT_FEE_TIERS.at(-1)!.feeKobo / 100,
    });
  });

  it('follows a configured table', async () => {
    const other = await buildTestApp({ DELIVERY_FEE_TIERS: '1:350,3:700,*:2100' });
    try {
      const body = json<PublicConfig>(await other.inject({ url: '/api/config' }));
      expect(body.deliveryFeeRange).toEqual({ min: 350, max: 2100 });
    } finally {
      await other.closeAll();
    }
  });
});
