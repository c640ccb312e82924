import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { io as ioClient } from 'socket.io-client';
import {
  CANCEL_WINDOW_MS,
  DEFAULT_FEE_TIERS,
  MAX_CODE_ATTEMPTS,
  MSG,
  deliveryFeeBetween,
  dispatchTotals,
  koboToNaira,
  SupportAlertEvent,
  type DispatchAnswer,
  type DispatchCancelAnswer,
  type DispatchDto,
  type DispatchFeeAnswer,
  type DispatchListAnswer,
  type DispatchPaymentAnswer,
  type ErrorAnswer,
  type JobListAnswer,
} from '@jara/shared';
import { buildTestApp, createAddress, createUser, json, type TestApp } from '../../../test/helpers.js';
import {
  DROPOFF,
  createPaidDispatch,
  createRider,
  pointNorth,
  reloadDispatch,
} from '../../../test/factories-dispatch.js';
import { dispatches } from './dispatch.tables.js';
import { jobs, mailOutbox } from '../../infra/db/tables.js';
import { payments, refunds } from '../payments/payments.tables.js';
import { statusEvents } from '../order-events/order-events.tables.js';
import { runPush } from './dispatch-notices.js';
import { DispatchRiderService } from './rider-side.service.js';
import { DispatchSenderService } from './sender.service.js';

let app: TestApp;
let sender: DispatchSenderService;
let riderSide: DispatchRiderService;

beforeAll(async () => {
  app = await buildTestApp();
  sender = new DispatchSenderService(app.ctx, app.services.payments);
  riderSide = new DispatchRiderService(app.ctx);
});
afterAll(async () => {
  await app?.closeAll();
});

/** The customer pays (or is declined) on the sandbox page; verify then confirms it, once. */
async function settle(reference: string, outcome: 'paid' | 'failed' = 'paid') {
  const sandbox = app.services.payments.sandbox!;
  await sandbox.complete(reference, outcome === 'paid' ? 'success' : 'failed', 'card');
  await app.services.payments.verify(reference);
  await app.ctx.jobs.drain();
}

async function refundsOf(paymentId: string) {
  return app.ctx.db.select().from(refunds).where(eq(refunds.paymentId, paymentId));
}

const post = (url: string, payload: object, cookie?: string) =>
  app.inject({ method: 'POST', url, payload, headers: cookie ? { cookie } : {} });
const get = (url: string, cookie?: string) => app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

async function countDispatches(userId: string) {
  const [r] = await app.ctx.db
    .select({ n: sql<number>`count(*)::int` })
    .from(dispatches)
    .where(eq(dispatches.userId, userId));
  return Number(r!.n);
}

function requestBody(pickupAddress: string, overrides: Record<string, unknown> = {}) {
  return {
    pickupAddress,
    dropoff: { ...DROPOFF },
    deliveryNote: 'Two textbooks in a bag',
    isExpress: false,
    email: 'ada@example.com',
    ...overrides,
  };
}

/** Requests a dispatch through the API and pays it; returns the dispatch as the sender sees it. */
async function requestAndPay(cookie: string, body: object): Promise<DispatchDto> {
  const res = await post('/api/payment/paystack-dispatch', body, cookie);
  expect(res.statusCode).toBe(200);
  const { reference } = json<DispatchPaymentAnswer>(res);
  await settle(reference);
  const list = json<DispatchListAnswer>(await get('/api/dispatch/user', cookie)).orders;
  return list[0]!;
}

describe('POST /api/dispatch/delivery-fee', () => {
  const centre = { latitude: 6.3998, longitude: 5.6099 };
  it.each([
    [0.3, 500],
    [0.8, 600],
    [2, 750],
    [3.5, 900],
    [4.5, 1000],
    [5.5, 1200],
    [6.5, 1500],
    [8, 1800],
  ])('charges the tier fee for %s km, in naira (₦%s)', async (km, naira) => {
    const to = pointNorth(centre, km);
    const res = await post('/api/dispatch/delivery-fee', {
      latitude1: centre.latitude,
      longitude1: centre.longitude,
      latitude2: to.latitude,
      longitude2: to.longitude,
    });
    expect(res.statusCode).toBe(200);
    expect(json<DispatchFeeAnswer>(res)).toEqual({
      success: true,
      deliveryFee: naira,
    });
  });

  it('refuses points outside the service area and malformed input', async () => {
    const far = await post('/api/dispatch/delivery-fee', {
      latitude1: 6.3998,
      longitude1: 5.6099,
      latitude2: 6.5244,
      longitude2: 3.3792,
    });
    expect(far.statusCode).toBe(400);
    expect(json<ErrorAnswer>(far)).toMatchObject({ success: false, code: 'outside_service_area' });
    for (const bad of [
      {},
      { latitude1: '6.4', longitude1: 5.6, latitude2: 6.4, longitude2: 5.6 },
      { latitude1: 91, longitude1: 5.6, latitude2: 6.4, longitude2: 5.6 },
    ]) {
      const res = await post('/api/dispatch/delivery-fee', bad);
      expect(res.statusCode).toBe(400);
      expect(json<ErrorAnswer>(res).success).toBe(false);
    }
  });
});

describe('POST /api/payment/paystack-dispatch', () => {
  it('needs a session', async () => {
    const res = await post('/api/payment/paystack-dispatch', requestBody(crypto.randomUUID()));
    expect(res.statusCode).toBe(401);
  });

  it('prices on the server and answers with the payment page', async () => {
    const { user, cookie } = await createUser(app);
    const address = await createAddress(app, user.id);
    const res = await post('/api/payment/paystack-dispatch', requestBody(address.id, { isExpress: true }), cookie);
    expect(res.statusCode).toBe(200);
    const body = json<DispatchPaymentAnswer>(res);
    expect(body).toMatchObject({ success: true });
    expect(body.url).toMatch(/^http/);
    expect(body.reference).toEqual(expect.any(String));
    const [row] = await app.ctx.db.select().from(dispatches).where(eq(dispatches.userId, user.id));
    const expected = dispatchTotals(deliveryFeeBetween(address, DROPOFF), true);
    expect(row).toMatchObject({
      paymentState: 'awaiting',
      deliveryFeeKobo: expected.deliveryFeeKobo,
      serviceFeeKobo: expected.serviceFeeKobo,
      amountKobo: expected.totalKobo,
      deliveryCode: null,
      pickupAddressId: address.id,
      deliveryNote: 'Two textbooks in a bag',
      isExpress: true,
    });
    const [payment] = await app.ctx.db.select().from(payments).where(eq(payments.reference, body.reference));
    expect(payment).toMatchObject({
      purpose: 'dispatch',
      subjectId: row!.id,
      amountKobo: expected.totalKobo,
      userId: user.id,
    });
    // Not paid yet: not listed.
    expect(json<DispatchListAnswer>(await get('/api/dispatch/user', cookie)).orders).toEqual([]);
  });

  it('refuses prices, fees or unknown fields sent by the client', async () => {
    const { user, cookie } = await createUser(app);
    const address = await createAddress(app, user.id);
    for (const extra of [{ deliveryFee: 1 }, { amount: 1 }, { totalKobo: 1 }]) {
      const res = await post('/api/payment/paystack-dispatch', requestBody(address.id, extra), cookie);
      expect(res.statusCode).toBe(400);
    }
    expect(await countDispatches(user.id)).toBe(0);
  });

  it("refuses someone else's, a deleted or a missing pick-up address and creates nothing", async () => {
    const { user, cookie } = await createUser(app);
    const other = await createUser(app);
    const theirs = await createAddress(app, other.user.id);
    const deleted = await createAddress(app, user.id, { deletedAt: new Date() });
    for (const id of [theirs.id, deleted.id, crypto.randomUUID()]) {
      const res = await post('/api/payment/paystack-dispatch', requestBody(id), cookie);
      expect(res.statusCode).toBe(400);
      expect(json<ErrorAnswer>(res)).toMatchObject({ success: false, message: MSG.selectPickup });
    }
    const missing = await post('/api/payment/paystack-dispatch', requestBody(undefined as unknown as string), cookie);
    expect(json<ErrorAnswer>(missing)).toMatchObject({ success: false, message: MSG.selectPickup });
    expect(await countDispatches(user.id)).toBe(0);
  });

  it('answers with the spec messages for a bad drop-off and creates nothing', async () => {
    const { user, cookie } = await createUser(app);
    const address = await createAddress(app, user.id);
    const cases: [Record<string, unknown>, string][] = [
      [{ email: 'nope' }, MSG.invalidEmail],
      [{ phone: '0801 123 4567' }, MSG.invalidPhone],
      [{ latitude: null, longitude: null }, MSG.selectValidAddress],
      [{ latitude: undefined, longitude: undefined }, MSG.selectValidAddress],
    ];
    for (const [change, message] of cases) {
      const res = await post(
        '/api/payment/paystack-dispatch',
        requestBody(address.id, { dropoff: { ...DROPOFF, ...change } }),
        cookie,
      );
      expect(res.statusCode).toBe(400);
      expect(json<ErrorAnswer>(res).message).toBe(message);
    }
    const outside = await post(
      '/api/payment/paystack-dispatch',
      requestBody(address.id, { dropoff: { ...DROPOFF, latitude: 6.5244, longitude: 3.3792 } }),
      cookie,
    );
    expect(outside.statusCode).toBe(400);
    expect(json<ErrorAnswer>(outside).code).toBe('outside_service_area');
    const longNote = await post(
      '/api/payment/paystack-dispatch',
      requestBody(address.id, { deliveryNote: 'x'.repeat(501) }),
      cookie,
    );
    expect(longNote.statusCode).toBe(400);
    expect(await countDispatches(user.id)).toBe(0);
  });

  describe('totals equal the shared formula at every tier edge', () => {
    const pickup = { latitude: 6.3998, longitude: 5.6099 };
    const edges = DEFAULT_FEE_TIERS.flatMap((t) => (t.underKm === null ? [] : [t.underKm - 0.01, t.underKm + 0.01]));
    it.each(
      edges.flatMap(
        (km) =>
          [
            [km, false],
            [km, true],
          ] as const,
      ),
    )('%s km, express %s', async (km, isExpress) => {
      const { user, cookie } = await createUser(app);
      const address = await createAddress(app, user.id, pickup);
      const drop = pointNorth(pickup, km);
      const res = await post(
        '/api/payment/paystack-dispatch',
        requestBody(address.id, { isExpress, dropoff: { ...DROPOFF, ...drop } }),
        cookie,
      );
      expect(res.statusCode).toBe(200);
      const [row] = await app.ctx.db.select().from(dispatches).where(eq(dispatches.userId, user.id));
      const tier = DEFAULT_FEE_TIERS.find((t) => t.underKm === null || km < t.underKm)!;
      const expected = dispatchTotals(tier.feeKobo, isExpress);
      expect({ fee: row!.deliveryFeeKobo, service: row!.serviceFeeKobo, total: row!.amountKobo }).toEqual({
        fee: expected.deliveryFeeKobo,
        service: expected.serviceFeeKobo,
        total: expected.totalKobo,
      });
    });
  });
});

describe('payment confirmation', () => {
  it('places the dispatch, makes a 4-digit code, emails it to the drop-off and records the event, once', async () => {
    const { user, cookie } = await createUser(app);
    const address = await createAddress(app, user.id);
    const res = await post(
      '/api/payment/paystack-dispatch',
      requestBody(address.id, { dropoff: { ...DROPOFF, email: 'recipient@example.com' } }),
      cookie,
    );
    const { reference } = json<DispatchPaymentAnswer>(res);
    await settle(reference);
    await settle(reference); // a replayed webhook changes nothing
    const [row] = await app.ctx.db.select().from(dispatches).where(eq(dispatches.userId, user.id));
    expect(row).toMatchObject({ paymentState: 'paid', status: 'Order Placed' });
    expect(row!.deliveryCode).toMatch(/^\d{4}$/);
    expect(row!.paidAt).toBeInstanceOf(Date);
    // A replay straight to the handler does not make a second code either.
    const [payment] = await app.ctx.db.select().from(payments).where(eq(payments.reference, reference));
    await app.ctx.db.transaction((tx) => sender.onPaid(tx, payment!));
    expect((await reloadDispatch(app, row!.id)).deliveryCode).toBe(row!.deliveryCode);
    const mails = await app.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, 'recipient@example.com'));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.textBody).toContain(row!.deliveryCode!);
    const events = await app.ctx.db.select().from(statusEvents).where(eq(statusEvents.subjectId, row!.id));
    expect(events.map((e) => e.status)).toEqual(['Order Placed']);
  });

  it('a declined payment never shows the dispatch', async () => {
    const { user, cookie } = await createUser(app);
    const address = await createAddress(app, user.id);
    const { reference } = json<DispatchPaymentAnswer>(
      await post('/api/payment/paystack-dispatch', requestBody(address.id), cookie),
    );
    await settle(reference, 'failed');
    const [row] = await app.ctx.db.select().from(dispatches).where(eq(dispatches.userId, user.id));
    expect(row).toMatchObject({ paymentState: 'failed', deliveryCode: null });
    expect(json<DispatchListAnswer>(await get('/api/dispatch/user', cookie)).orders).toEqual([]);
  });

  it('pushes dispatch.updated to the sender over Socket.IO', async () => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    const { user, cookie } = await createUser(app);
    const address = await createAddress(app, user.id);
    const socket = ioClient(`http://127.0.0.1:${port}`, {
      transports: ['websocket'],
      extraHeaders: { cookie },
      reconnection: false,
    });
    try {
      await new Promise<void>((resolve, reject) => {
        socket.on('connect', () => resolve());
        socket.on('connect_error', reject);
      });
      const received = new Promise<DispatchDto>((resolve) => socket.on('dispatch.updated', resolve));
      const { reference } = json<DispatchPaymentAnswer>(
        await post('/api/payment/paystack-dispatch', requestBody(address.id), cookie),
      );
      await settle(reference);
      await app.ctx.jobs.drain();
      const update = await received;
      expect(update).toMatchObject({ status: 'Order Placed', canCancel: true });
      expect(update.deliveryCode).toMatch(/^\d{4}$/);
    } finally {
      socket.close();
    }
  });
});

describe('job.available for riders', () => {
  it("a paid dispatch appears live on riders' boards, and only theirs", async () => {
    // The suite shares one app; an earlier socket test may have started it listening.
    if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    const rider = await createRider(app);
    const { user, cookie } = await createUser(app);
    const address = await createAddress(app, user.id);
    const connect = async (c: string) => {
      const s = ioClient(`http://127.0.0.1:${port}`, {
        transports: ['websocket'],
        extraHeaders: { cookie: c },
        reconnection: false,
      });
      await new Promise<void>((resolve, reject) => {
        s.on('connect', () => resolve());
        s.on('connect_error', reject);
      });
      return s;
    };
    const riderSocket = await connect(rider.cookie);
    const senderSocket = await connect(cookie);
    try {
      const senderHeard: unknown[] = [];
      senderSocket.on('job.available', (e: unknown) => senderHeard.push(e));
      const { reference } = json<DispatchPaymentAnswer>(
        await post('/api/payment/paystack-dispatch', requestBody(address.id), cookie),
      );
      const [{ id: dispatchId }] = (await app.ctx.db
        .select({ id: dispatches.id })
        .from(dispatches)
        .where(eq(dispatches.userId, user.id))) as [{ id: string }];
      const heard: { kind: string; _id: string }[] = [];
      const announced = new Promise<void>((resolve) =>
        riderSocket.on('job.available', (e: { kind: string; _id: string }) => {
          heard.push(e);
          if (e._id === dispatchId) resolve();
        }),
      );
      await settle(reference);
      await app.ctx.jobs.drain();
      await announced;
      expect(heard.filter((e) => e._id === dispatchId)).toEqual([{ kind: 'dispatch', _id: dispatchId }]);
      // The board the event tells the rider to fetch has it.
      const board = json<JobListAnswer>(await get('/api/rider/jobs', rider.cookie)).jobs;
      expect(board).toContainEqual(expect.objectContaining({ kind: 'dispatch', _id: dispatchId }));
      // Once a rider holds it, later pushes announce nothing. Each push tells the rider and the
      // sender the dispatch first (then announces it, if it still would): the second push's
      // update reaches both sockets after anything the first push sent.
      const assigned = (socket: typeof riderSocket) => {
        const seen: unknown[] = [];
        socket.on('dispatch.updated', (d: { _id: string; status: string }) => {
          if (d._id === dispatchId && d.status === 'Order Assigned') seen.push(d);
        });
        return seen;
      };
      const riderUpdates = assigned(riderSocket);
      const senderUpdates = assigned(senderSocket);
      await riderSide.acceptDispatch(rider.user.id, dispatchId);
      await app.ctx.jobs.drain();
      await runPush(app.ctx, dispatchId);
      await expect.poll(() => [riderUpdates.length, senderUpdates.length]).toEqual([2, 2]);
      expect(heard.filter((e) => e._id === dispatchId)).toHaveLength(1);
      expect(senderHeard).toEqual([]);
    } finally {
      riderSocket.close();
      senderSocket.close();
    }
  });
});

describe('GET /api/dispatch/user', () => {
  it('needs a session', async () => {
    expect((await get('/api/dispatch/user')).statusCode).toBe(401);
  });

  it("lists only the caller's paid dispatches, newest first, in the spec's shape", async () => {
    const { user, cookie } = await createUser(app);
    const address = await createAddress(app, user.id);
    const first = await requestAndPay(cookie, requestBody(address.id));
    const second = await requestAndPay(cookie, requestBody(address.id, { isExpress: true }));
    await post('/api/payment/paystack-dispatch', requestBody(address.id), cookie); // awaiting: hidden
    const body = json<DispatchListAnswer>(await get('/api/dispatch/user', cookie));
    expect(body.success).toBe(true);
    expect(body.orders.map((o: DispatchDto) => o._id)).toEqual([second._id, first._id]);
    const o = body.orders[0];
    const totals = dispatchTotals(deliveryFeeBetween(address, DROPOFF), true);
    expect(o).toEqual({
      _id: expect.any(String),
      status: 'Order Placed',
      deliveryFee: koboToNaira(totals.deliveryFeeKobo),
      serviceFee: koboToNaira(totals.serviceFeeKobo),
      amount: koboToNaira(totals.totalKobo),
      createdAt: expect.any(String),
      isExpress: true,
      dropoff: {
        firstName: 'Bola',
        lastName: 'Ade',
        phone: DROPOFF.phone,
        address: DROPOFF.address,
        email: DROPOFF.email,
        door: null,
      },
      pickup: {
        firstName: 'Ada',
        lastName: 'Obi',
        phone: '08031234567',
        address: address.address,
        email: 'ada@example.com',
        door: null,
      },
      deliveryNote: 'Two textbooks in a bag',
      deliveryCode: expect.stringMatching(/^\d{4}$/),
      canCancel: true,
      cancelUntil: expect.any(String),
      // Tracking (additions to the spec's shape): placed now, the rider's steps still to come.
      timeline: [
        { key: 'placed', label: 'Dispatch placed', at: expect.any(String), note: null },
        { key: 'assigned', label: 'Rider assigned', at: null, note: null },
        { key: 'picked', label: 'Picked up', at: null, note: null },
        { key: 'delivered', label: 'Delivered', at: null, note: null },
      ],
      rider: null,
      refund: null,
    });
  });
});

describe('who can read a dispatch', () => {
  it('nobody but the sender reads it; nobody but the sender sees its code', async () => {
    const sender = await createUser(app);
    const stranger = await createUser(app);
    const rider = await createRider(app);
    const { dispatch } = await createPaidDispatch(app, sender.user.id);
    expect(json<DispatchAnswer>(await get(`/api/dispatch/${dispatch.id}`, sender.cookie)).order.deliveryCode).toBe(
      dispatch.deliveryCode,
    );
    for (const who of [stranger, rider]) {
      const res = await get(`/api/dispatch/${dispatch.id}`, who.cookie);
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain(dispatch.deliveryCode!);
      expect(json<DispatchListAnswer>(await get('/api/dispatch/user', who.cookie)).orders).toEqual([]);
    }
    expect((await get(`/api/dispatch/${dispatch.id}`)).statusCode).toBe(401);
    // The assigned rider sees everything except the code, on the board and on the job.
    const board = await riderSide.listOpenDispatches(rider.user.id);
    expect(board.find((d) => d._id === dispatch.id)).toMatchObject({ deliveryCode: null, canCancel: false });
    await riderSide.acceptDispatch(rider.user.id, dispatch.id);
    const seen = await riderSide.getForRider(rider.user.id, dispatch.id);
    expect(seen).toMatchObject({
      _id: dispatch.id,
      status: 'Order Assigned',
      deliveryCode: null,
      dropoff: { phone: DROPOFF.phone },
    });
    expect(JSON.stringify(await riderSide.listRiderDispatches(rider.user.id))).not.toContain(
      `"${dispatch.deliveryCode}"`,
    );
    const otherRider = await createRider(app);
    await expect(riderSide.getForRider(otherRider.user.id, dispatch.id)).rejects.toMatchObject({ status: 404 });
  });
});

describe('POST /api/dispatch/cancel/:id', () => {
  it('cancels within the window before a rider is assigned, refunding in full', async () => {
    const { user, cookie } = await createUser(app);
    const address = await createAddress(app, user.id);
    const placed = await requestAndPay(cookie, requestBody(address.id));
    const [payment] = await app.ctx.db.select().from(payments).where(eq(payments.subjectId, placed._id));
    const res = await post(`/api/dispatch/cancel/${placed._id}`, {}, cookie);
    expect(res.statusCode).toBe(200);
    expect(json<DispatchCancelAnswer>(res)).toMatchObject({
      success: true,
      order: { status: 'Order Cancelled', canCancel: false, deliveryCode: null },
    });
    expect(await refundsOf(payment!.id)).toMatchObject([{ amountKobo: payment!.amountKobo }]);
    expect((await reloadDispatch(app, placed._id)).status).toBe('Order Cancelled');
    const events = await app.ctx.db.select().from(statusEvents).where(eq(statusEvents.subjectId, placed._id));
    expect(events.map((e) => [e.status, e.actorId])).toEqual([
      ['Order Placed', user.id],
      ['Order Cancelled', user.id],
    ]);
    const again = await post(`/api/dispatch/cancel/${placed._id}`, {}, cookie);
    expect(again.statusCode).toBe(409);
    expect(json<ErrorAnswer>(again).code).toBe('already_cancelled');
    await app.ctx.jobs.drain();
    expect(await refundsOf(payment!.id)).toHaveLength(1);
    const listed = json<DispatchListAnswer>(await get('/api/dispatch/user', cookie)).orders;
    expect(listed[0]).toMatchObject({
      _id: placed._id,
      status: 'Order Cancelled',
      canCancel: false,
      deliveryCode: null,
    });
  });

  it('refuses after the window, after a rider is assigned, and for anyone else, changing nothing', async () => {
    const { user, cookie } = await createUser(app);
    const stranger = await createUser(app);
    const rider = await createRider(app);
    const late = (await createPaidDispatch(app, user.id, { paidAt: new Date(Date.now() - CANCEL_WINDOW_MS - 1000) }))
      .dispatch;
    const taken = (await createPaidDispatch(app, user.id)).dispatch;
    await riderSide.acceptDispatch(rider.user.id, taken.id);
    const fresh = (await createPaidDispatch(app, user.id)).dispatch;

    const lateRes = await post(`/api/dispatch/cancel/${late.id}`, {}, cookie);
    expect(lateRes.statusCode).toBe(409);
    expect(json<ErrorAnswer>(lateRes).code).toBe('cancel_window_passed');
    const takenRes = await post(`/api/dispatch/cancel/${taken.id}`, {}, cookie);
    expect(takenRes.statusCode).toBe(409);
    expect(json<ErrorAnswer>(takenRes).code).toBe('cancel_not_allowed');
    expect((await post(`/api/dispatch/cancel/${fresh.id}`, {}, stranger.cookie)).statusCode).toBe(404);
    expect((await post(`/api/dispatch/cancel/${fresh.id}`, {})).statusCode).toBe(401);
    expect((await post(`/api/dispatch/cancel/not-a-uuid`, {}, cookie)).statusCode).toBe(400);

    expect((await reloadDispatch(app, late.id)).status).toBe('Order Placed');
    expect((await reloadDispatch(app, taken.id)).status).toBe('Order Assigned');
    expect((await reloadDispatch(app, fresh.id)).status).toBe('Order Placed');
    for (const d of [late, taken, fresh]) {
      const [p] = await app.ctx.db.select().from(payments).where(eq(payments.subjectId, d.id));
      expect(await refundsOf(p!.id)).toEqual([]);
    }
    expect(
      json<DispatchListAnswer>(await get('/api/dispatch/user', cookie)).orders.find(
        (o: DispatchDto) => o._id === late.id,
      )?.canCancel,
    ).toBe(false);
  });
});

describe('rider side', () => {
  it('two riders accepting at once: exactly one wins', async () => {
    const { user } = await createUser(app);
    const [a, b] = [await createRider(app), await createRider(app)];
    const { dispatch } = await createPaidDispatch(app, user.id);
    const results = await Promise.allSettled([
      riderSide.acceptDispatch(a.user.id, dispatch.id),
      riderSide.acceptDispatch(b.user.id, dispatch.id),
    ]);
    const won = results.filter((r) => r.status === 'fulfilled');
    const lost = results.filter((r) => r.status === 'rejected') as PromiseRejectedResult[];
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(1);
    expect(lost[0]!.reason).toMatchObject({ status: 409, code: 'job_taken' });
    const row = await reloadDispatch(app, dispatch.id);
    expect([a.user.id, b.user.id]).toContain(row.riderId);
    expect(row.status).toBe('Order Assigned');
    const events = await app.ctx.db.select().from(statusEvents).where(eq(statusEvents.subjectId, dispatch.id));
    expect(events).toHaveLength(1);
  });

  it('only approved riders accept; nobody carries their own parcel; unpaid or cancelled jobs are not available', async () => {
    const { user } = await createUser(app);
    const customer = await createUser(app);
    const { dispatch } = await createPaidDispatch(app, user.id);
    await expect(riderSide.acceptDispatch(customer.user.id, dispatch.id)).rejects.toMatchObject({ status: 403 });
    const senderRider = await createRider(app);
    const own = (await createPaidDispatch(app, senderRider.user.id)).dispatch;
    await expect(riderSide.acceptDispatch(senderRider.user.id, own.id)).rejects.toMatchObject({ status: 409 });
    const cancelled = (await createPaidDispatch(app, user.id, { status: 'Order Cancelled' })).dispatch;
    await expect(riderSide.acceptDispatch(senderRider.user.id, cancelled.id)).rejects.toMatchObject({ status: 409 });
    await app.ctx.db.update(dispatches).set({ paymentState: 'awaiting' }).where(eq(dispatches.id, dispatch.id));
    await expect(riderSide.acceptDispatch(senderRider.user.id, dispatch.id)).rejects.toMatchObject({ status: 404 });
    await expect(riderSide.acceptDispatch(senderRider.user.id, crypto.randomUUID())).rejects.toMatchObject({
      status: 404,
    });
  });

  it('picked up then delivered with the right code, each change recorded and pushed', async () => {
    const { user } = await createUser(app);
    const rider = await createRider(app);
    const other = await createRider(app);
    const { dispatch } = await createPaidDispatch(app, user.id);
    await riderSide.acceptDispatch(rider.user.id, dispatch.id);
    await expect(riderSide.markPicked(other.user.id, dispatch.id)).rejects.toMatchObject({ status: 404 });
    await expect(riderSide.confirmDelivery(rider.user.id, dispatch.id, dispatch.deliveryCode!)).rejects.toMatchObject({
      status: 409,
    });
    expect(await riderSide.markPicked(rider.user.id, dispatch.id)).toMatchObject({
      status: 'Order Picked',
      deliveryCode: null,
    });
    await expect(riderSide.markPicked(rider.user.id, dispatch.id)).rejects.toMatchObject({ status: 409 });
    await expect(riderSide.confirmDelivery(other.user.id, dispatch.id, dispatch.deliveryCode!)).rejects.toMatchObject({
      status: 404,
    });
    const done = await riderSide.confirmDelivery(rider.user.id, dispatch.id, dispatch.deliveryCode!);
    expect(done).toMatchObject({ status: 'Order Delivered', deliveryCode: null });
    const events = await app.ctx.db.select().from(statusEvents).where(eq(statusEvents.subjectId, dispatch.id));
    expect(events.map((e) => [e.status, e.actorId])).toEqual([
      ['Order Assigned', rider.user.id],
      ['Order Picked', rider.user.id],
      ['Order Delivered', rider.user.id],
    ]);
    const pushJobs = await app.ctx.db.select().from(jobs).where(eq(jobs.kind, 'dispatch.push'));
    expect(pushJobs.filter((j) => j.payload.dispatchId === dispatch.id)).toHaveLength(3);
  });

  it(`locks the job after ${MAX_CODE_ATTEMPTS} wrong codes and alerts support`, async () => {
    const { user } = await createUser(app);
    const rider = await createRider(app);
    const { dispatch } = await createPaidDispatch(app, user.id, { riderId: rider.user.id, status: 'Order Picked' });
    const wrong = dispatch.deliveryCode === '0000' ? '1111' : '0000';
    await expect(riderSide.confirmDelivery(rider.user.id, dispatch.id, 'abcd')).rejects.toMatchObject({ status: 400 });
    for (let i = 1; i < MAX_CODE_ATTEMPTS; i++) {
      await expect(riderSide.confirmDelivery(rider.user.id, dispatch.id, wrong)).rejects.toMatchObject({
        status: 400,
        code: 'wrong_code',
        message: expect.stringContaining(`${MAX_CODE_ATTEMPTS - i}`),
      });
    }
    await expect(riderSide.confirmDelivery(rider.user.id, dispatch.id, wrong)).rejects.toMatchObject({
      status: 423,
      code: 'job_locked',
    });
    // Locked: even the right code is refused now.
    await expect(riderSide.confirmDelivery(rider.user.id, dispatch.id, dispatch.deliveryCode!)).rejects.toMatchObject({
      status: 423,
    });
    const row = await reloadDispatch(app, dispatch.id);
    expect(row.codeAttempts).toBe(MAX_CODE_ATTEMPTS);
    expect(row.lockedAt).toBeInstanceOf(Date);
    expect(row.status).toBe('Order Picked');
    const mails = await app.ctx.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, app.ctx.config.mail.support));
    expect(mails.filter((m) => m.subject.includes(dispatch.id))).toHaveLength(1);

    const alerts: unknown[] = [];
    const original = app.ctx.realtime.emitToRole.bind(app.ctx.realtime);
    app.ctx.realtime.emitToRole = (role, event, ...args) => {
      alerts.push({ role, event, payload: args[0] });
      original(role, event, ...args);
    };
    try {
      await app.ctx.jobs.drain();
    } finally {
      app.ctx.realtime.emitToRole = original;
    }
    expect(alerts).toContainEqual({
      role: 'support',
      event: 'support.alert',
      payload: expect.objectContaining({ dispatchId: dispatch.id, kind: 'dispatch_code_locked' }),
    });
    SupportAlertEvent.parse(
      (alerts as { event: string; payload: unknown }[]).find((a) => a.event === 'support.alert')!.payload,
    );
  });
});
