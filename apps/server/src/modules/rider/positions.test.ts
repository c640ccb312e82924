import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { RiderPositionDto, type ErrorAnswer, type LiveDeliveryAnswer, type RiderPositionAnswer } from '@jara/shared';
import { buildTestApp, createUser, json, type TestApp } from '../../../test/helpers.js';
import {
  adminAccount,
  createPaidDispatch,
  createPaidOrder,
  createRiderAccount,
  createVendorAccount,
} from '../../../test/factories-portals.js';
import { collect, connect, listen, nextEvent, type ClientSocket } from '../../../test/factories-chat.js';
import { fixedClock, systemClock } from '../../context.js';
import { dispatches } from '../dispatch/dispatch.tables.js';

let app: TestApp;
let url: string;
const sockets: ClientSocket[] = [];
beforeAll(async () => {
  app = await buildTestApp();
  url = await listen(app);
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await app.closeAll();
});

const post = (path: string, cookie: string, payload?: object) =>
  app.inject({ method: 'POST', url: path, headers: { cookie }, payload: payload ?? {} });
const get = (path: string, cookie?: string) => app.inject({ url: path, headers: cookie ? { cookie } : {} });

/** A fix on campus, taken now. */
const fix = (over: Record<string, unknown> = {}) => ({
  latitude: 6.3998,
  longitude: 5.6099,
  accuracy: 12,
  heading: null,
  speed: 3.5,
  at: new Date().toISOString(),
  ...over,
});
const share = (cookie: string, body: object = fix()) => post('/api/rider/position', cookie, body);
/** Lets the next position through at once instead of waiting out the 2-second spacing. */
const nextGap = (riderUserId: string) => app.ctx.limiter.reset(`rider-position:${riderUserId}`);

/** A rider who accepted a customer's confirmed order. */
async function onOrder() {
  const vendor = await createVendorAccount(app);
  const customer = await createUser(app);
  const { order } = await createPaidOrder(app, customer.user.id, [{ vendorId: vendor.vendor.id }], {
    status: 'Order Confirmed',
  });
  const rider = await createRiderAccount(app);
  expect((await post(`/api/rider/jobs/order/${order.id}/accept`, rider.cookie)).statusCode).toBe(200);
  return { vendor, customer, order, rider, path: `/api/order/${order.id}/rider-position` };
}

/** A rider who accepted a sender's dispatch to a recipient with an account. */
async function onDispatch() {
  const sender = await createUser(app);
  const recipient = await createUser(app);
  const d = await createPaidDispatch(app, sender.user.id);
  await app.ctx.db
    .update(dispatches)
    .set({ dropoff: { ...d.dropoff, email: recipient.user.email } })
    .where(eq(dispatches.id, d.id));
  const rider = await createRiderAccount(app);
  expect((await post(`/api/rider/jobs/dispatch/${d.id}/accept`, rider.cookie)).statusCode).toBe(200);
  return { sender, recipient, dispatch: d, rider, path: `/api/dispatch/${d.id}/rider-position` };
}

describe('a rider shares their position', () => {
  it('is taken during an order under way and answered to its customer, support and admins', async () => {
    const { customer, order, rider, path } = await onOrder();
    const sent = fix({ latitude: 6.401, longitude: 5.611 });
    const res = await share(rider.cookie, sent);
    expect(res.statusCode).toBe(200);
    const { position } = json<RiderPositionAnswer>(res);
    expect(position).toMatchObject({ jobKind: 'order', jobId: order.id, latitude: 6.401, longitude: 5.611 });
    expect(position.at).toBe(sent.at);
    expect(Date.parse(position.updatedAt)).toBeGreaterThan(Date.now() - 5_000);

    const support = await createUser(app, { role: 'support' });
    const admin = await adminAccount(app);
    for (const cookie of [customer.cookie, support.cookie, admin.cookie]) {
      const read = await get(path, cookie);
      expect(read.statusCode).toBe(200);
      expect(read.headers['cache-control']).toBe('no-store');
      expect(json<RiderPositionAnswer>(read).position).toEqual(position);
    }
  });

  it('keeps only the latest position', async () => {
    const { customer, rider, path } = await onOrder();
    expect((await share(rider.cookie, fix({ latitude: 6.4 }))).statusCode).toBe(200);
    await nextGap(rider.user.id);
    expect((await share(rider.cookie, fix({ latitude: 6.402 }))).statusCode).toBe(200);
    expect(json<RiderPositionAnswer>(await get(path, customer.cookie)).position.latitude).toBe(6.402);
  });

  it('is taken during a dispatch and answered to its sender and to its recipient with an account', async () => {
    const { sender, recipient, dispatch, rider, path } = await onDispatch();
    expect((await share(rider.cookie)).statusCode).toBe(200);
    for (const cookie of [sender.cookie, recipient.cookie]) {
      const read = await get(path, cookie);
      expect(read.statusCode).toBe(200);
      expect(json<RiderPositionAnswer>(read).position).toMatchObject({ jobKind: 'dispatch', jobId: dispatch.id });
    }
  });
});

describe('a position is refused and changes nothing', () => {
  it('outside the service area', async () => {
    const { customer, rider, path } = await onOrder();
    const res = await share(rider.cookie, fix({ latitude: 6.6, longitude: 5.9 }));
    expect(res.statusCode).toBe(400);
    expect(json<ErrorAnswer>(res)).toMatchObject({
      code: 'position_outside_area',
      message: 'This position is outside our delivery area.',
    });
    expect(json<ErrorAnswer>(await get(path, customer.cookie)).code).toBe('no_position');
    // Refused positions do not count against the spacing: the next good one is taken at once.
    expect((await share(rider.cookie)).statusCode).toBe(200);
  });

  it('stamped more than 30 s ahead of the server’s clock (the app clock, not the machine’s)', async () => {
    const { customer, rider, path } = await onOrder();
    const now = new Date('2026-11-25T12:00:00Z');
    app.ctx.clock = fixedClock(now);
    try {
      const ahead = await share(rider.cookie, fix({ at: new Date(now.getTime() + 31_000).toISOString() }));
      expect(ahead.statusCode).toBe(400);
      expect(json<ErrorAnswer>(ahead).code).toBe('position_in_future');
      expect(json<ErrorAnswer>(await get(path, customer.cookie)).code).toBe('no_position');
      const drift = await share(rider.cookie, fix({ at: new Date(now.getTime() + 29_000).toISOString() }));
      expect(drift.statusCode).toBe(200);
      expect(json<RiderPositionAnswer>(drift).position.updatedAt).toBe(now.toISOString());
    } finally {
      app.ctx.clock = systemClock;
    }
  });

  it('less than 2 s after the last accepted one: 429 with Retry-After', async () => {
    const { customer, rider, path } = await onOrder();
    expect((await share(rider.cookie, fix({ latitude: 6.4 }))).statusCode).toBe(200);
    const soon = await share(rider.cookie, fix({ latitude: 6.41 }));
    expect(soon.statusCode).toBe(429);
    expect(json<ErrorAnswer>(soon).code).toBe('rate_limited');
    expect(Number(soon.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(json<RiderPositionAnswer>(await get(path, customer.cookie)).position.latitude).toBe(6.4);
  });

  it('from a rider without a delivery under way', async () => {
    const rider = await createRiderAccount(app);
    const res = await share(rider.cookie);
    expect(res.statusCode).toBe(409);
    expect(json<ErrorAnswer>(res).code).toBe('no_active_job');
  });

  it('from anyone but an approved rider, and when malformed', async () => {
    const customer = await createUser(app);
    expect((await share(customer.cookie)).statusCode).toBe(403);
    const vendor = await createVendorAccount(app);
    expect((await share(vendor.cookie)).statusCode).toBe(403);
    const pending = await createRiderAccount(app, { status: 'pending' });
    expect((await share(pending.cookie)).statusCode).toBe(403);
    expect((await app.inject({ method: 'POST', url: '/api/rider/position', payload: fix() })).statusCode).toBe(401);

    const { rider } = await onOrder();
    for (const body of [
      fix({ latitude: 91 }),
      fix({ longitude: 'east' }),
      fix({ at: 'yesterday' }),
      fix({ accuracy: -1 }),
      fix({ speed: -2 }),
      fix({ riderId: rider.user.id }),
      { latitude: 6.4, longitude: 5.6 },
    ]) {
      const res = await share(rider.cookie, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(json<ErrorAnswer>(res).code).toBe('validation_failed');
    }
  });
});

describe('who may read a rider’s position', () => {
  it('nobody but the people of the delivery and staff: others get the 404 of a delivery not theirs', async () => {
    const { rider, path, order, vendor: ownVendor } = await onOrder();
    expect((await share(rider.cookie)).statusCode).toBe(200);
    const other = await createUser(app);
    const otherRider = await createRiderAccount(app);
    // A vendor of another order, and this order's own vendor: neither follows the rider.
    const otherVendor = await createVendorAccount(app);
    await createPaidOrder(app, other.user.id, [{ vendorId: otherVendor.vendor.id }]);
    for (const cookie of [other.cookie, otherRider.cookie, otherVendor.cookie, rider.cookie]) {
      const res = await get(path, cookie);
      expect(res.statusCode).toBe(404);
      expect(json<ErrorAnswer>(res).code).toBe('not_found');
      expect(res.body).not.toContain('6.3998');
    }
    expect((await get(path, ownVendor.cookie)).statusCode).toBe(404);
    expect((await get(path)).statusCode).toBe(401);
    // The same id as a dispatch is no dispatch.
    expect((await get(`/api/dispatch/${order.id}/rider-position`, other.cookie)).statusCode).toBe(404);
  });

  it('a dispatch’s position: not for another customer', async () => {
    const { rider, path } = await onDispatch();
    expect((await share(rider.cookie)).statusCode).toBe(200);
    const other = await createUser(app);
    expect(json<ErrorAnswer>(await get(path, other.cookie)).code).toBe('not_found');
  });

  it('before a rider accepts there is no position', async () => {
    const vendor = await createVendorAccount(app);
    const customer = await createUser(app);
    const { order } = await createPaidOrder(app, customer.user.id, [{ vendorId: vendor.vendor.id }], {
      status: 'Order Confirmed',
    });
    const res = await get(`/api/order/${order.id}/rider-position`, customer.cookie);
    expect(res.statusCode).toBe(404);
    expect(json<ErrorAnswer>(res).code).toBe('no_position');
  });
});

describe('after delivery', () => {
  it('an order: no position is answered, and a new one is refused', async () => {
    const { customer, order, rider, path } = await onOrder();
    expect((await share(rider.cookie)).statusCode).toBe(200);
    expect((await post(`/api/rider/jobs/order/${order.id}/picked`, rider.cookie)).statusCode).toBe(200);
    expect((await post(`/api/rider/jobs/order/${order.id}/deliver`, rider.cookie, { code: '1234' })).statusCode).toBe(
      200,
    );
    const read = await get(path, customer.cookie);
    expect(read.statusCode).toBe(404);
    expect(json<ErrorAnswer>(read).code).toBe('no_position');
    await nextGap(rider.user.id);
    expect(json<ErrorAnswer>(await share(rider.cookie)).code).toBe('no_active_job');
  });

  it('a dispatch: the same', async () => {
    const { sender, dispatch, rider, path } = await onDispatch();
    expect((await share(rider.cookie)).statusCode).toBe(200);
    expect((await post(`/api/rider/jobs/dispatch/${dispatch.id}/picked`, rider.cookie)).statusCode).toBe(200);
    const done = await post(`/api/rider/jobs/dispatch/${dispatch.id}/deliver`, rider.cookie, { code: '4321' });
    expect(done.statusCode).toBe(200);
    expect(json<ErrorAnswer>(await get(path, sender.cookie)).code).toBe('no_position');
    await nextGap(rider.user.id);
    expect(json<ErrorAnswer>(await share(rider.cookie)).code).toBe('no_active_job');
  });
});

describe('live over Socket.IO', () => {
  it('the customer of the order hears each position; another customer does not; none after delivery', async () => {
    const { customer, order, rider } = await onOrder();
    const other = await createUser(app);
    const mine = await connect(url, customer.cookie);
    const theirs = await connect(url, other.cookie);
    sockets.push(mine, theirs);
    const overheard = collect(theirs, 'rider.position.updated');

    const heard = nextEvent(mine, 'rider.position.updated');
    expect((await share(rider.cookie, fix({ latitude: 6.4005 }))).statusCode).toBe(200);
    const [event] = await heard;
    expect(RiderPositionDto.strict().parse(event)).toMatchObject({
      jobKind: 'order',
      jobId: order.id,
      latitude: 6.4005,
      longitude: 5.6099,
    });

    expect((await post(`/api/rider/jobs/order/${order.id}/picked`, rider.cookie)).statusCode).toBe(200);
    expect((await post(`/api/rider/jobs/order/${order.id}/deliver`, rider.cookie, { code: '1234' })).statusCode).toBe(
      200,
    );
    const after = collect(mine, 'rider.position.updated');
    await nextGap(rider.user.id);
    expect((await share(rider.cookie)).statusCode).toBe(409);
    await new Promise((r) => setTimeout(r, 300));
    expect(after).toEqual([]);
    expect(overheard).toEqual([]);
  });

  it('a dispatch’s sender and support hear it; another rider does not', async () => {
    const { sender, rider, dispatch } = await onDispatch();
    const support = await createUser(app, { role: 'support' });
    const otherRider = await createRiderAccount(app);
    const [s, agent, r] = await Promise.all([
      connect(url, sender.cookie),
      connect(url, support.cookie),
      connect(url, otherRider.cookie),
    ]);
    sockets.push(s, agent, r);
    const overheard = collect(r, 'rider.position.updated');
    const heard = Promise.all([nextEvent(s, 'rider.position.updated'), nextEvent(agent, 'rider.position.updated')]);
    expect((await share(rider.cookie)).statusCode).toBe(200);
    for (const [event] of await heard) expect(event).toMatchObject({ jobKind: 'dispatch', jobId: dispatch.id });
    await new Promise((res) => setTimeout(res, 200));
    expect(overheard).toEqual([]);
  });
});

describe('the tracking map (GET …/live)', () => {
  const live = async (path: string, cookie: string) => {
    const res = await get(path.replace(/rider-position$/, 'live'), cookie);
    return { res, live: res.statusCode === 200 ? json<LiveDeliveryAnswer>(res).live : null };
  };

  it('before a rider: the shop preparing, its pickup, the door and the road, the estimate with the preparation', async () => {
    const vendor = await createVendorAccount(app);
    const customer = await createUser(app);
    const { order } = await createPaidOrder(app, customer.user.id, [{ vendorId: vendor.vendor.id }], {
      status: 'Order Confirmed',
    });
    const { res, live: map } = await live(`/api/order/${order.id}/live`, customer.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(map).toMatchObject({ stage: 'preparing', rider: null });
    expect(map!.pickups).toHaveLength(1);
    expect(map!.pickups[0]!.label).toBe(vendor.vendor.businessName);
    expect(map!.route.length).toBeGreaterThan(1);
    expect(Math.abs(Date.parse(map!.now) - Date.now())).toBeLessThan(5_000);
    // The default preparation (15 min, just paid) plus the pickup and the ride.
    expect(map!.etaMinutes).toBeGreaterThanOrEqual(15 + 3);
  });

  it('each position carries the estimate, which falls as the rider nears the door', async () => {
    const { customer, order, rider, path } = await onOrder();
    expect((await post(`/api/rider/jobs/order/${order.id}/picked`, rider.cookie)).statusCode).toBe(200);
    const door = (await live(path, customer.cookie)).live!.door;
    const far = json<RiderPositionAnswer>(await share(rider.cookie, fix({ latitude: 6.4098, longitude: 5.6199 })));
    await nextGap(rider.user.id);
    const near = json<RiderPositionAnswer>(
      await share(rider.cookie, fix({ latitude: door.latitude + 0.001, longitude: door.longitude })),
    );
    expect(far.position.etaMinutes).toBeGreaterThan(near.position.etaMinutes!);
    const { live: map } = await live(path, customer.cookie);
    expect(map).toMatchObject({ stage: 'to_door', pickups: expect.any(Array), etaMinutes: near.position.etaMinutes });
    expect(map!.rider).toEqual(near.position);
    expect(map!.route[0]).toEqual([near.position.latitude, near.position.longitude]);
  });

  it('answers only the people of the delivery and staff; after delivery the map is closed', async () => {
    const { customer, order, rider, path } = await onOrder();
    const other = await createUser(app);
    const otherRider = await createRiderAccount(app);
    expect((await live(path, other.cookie)).res.statusCode).toBe(404);
    expect((await live(path, otherRider.cookie)).res.statusCode).toBe(404);
    expect((await get(`/api/order/${order.id}/live`)).statusCode).toBe(401);
    const support = await createUser(app, { role: 'support' });
    expect((await live(path, support.cookie)).live!.stage).toBe('to_pickup');
    expect((await post(`/api/rider/jobs/order/${order.id}/picked`, rider.cookie)).statusCode).toBe(200);
    expect((await post(`/api/rider/jobs/order/${order.id}/deliver`, rider.cookie, { code: '1234' })).statusCode).toBe(
      200,
    );
    const after = await live(path, customer.cookie);
    expect(after.res.statusCode).toBe(404);
    expect(json<ErrorAnswer>(after.res).code).toBe('delivery_over');
  });

  it('a dispatch: its sender sees the pickup and the door', async () => {
    const { sender, dispatch, path } = await onDispatch();
    const { live: map } = await live(path, sender.cookie);
    expect(map).toMatchObject({ stage: 'to_pickup', rider: null });
    expect(map!.pickups[0]).toMatchObject({ latitude: dispatch.pickup.latitude, longitude: dispatch.pickup.longitude });
  });
});

describe('one delivery after another', () => {
  /** The rider's order delivered, as the rider would deliver it. */
  const deliverOrder = async (riderCookie: string, orderId: string) => {
    expect((await post(`/api/rider/jobs/order/${orderId}/picked`, riderCookie)).statusCode).toBe(200);
    expect((await post(`/api/rider/jobs/order/${orderId}/deliver`, riderCookie, { code: '1234' })).statusCode).toBe(
      200,
    );
  };

  it('an order, then a dispatch: the next position goes to the dispatch’s people, not the order’s customer', async () => {
    const { customer, order, rider } = await onOrder();
    expect((await share(rider.cookie)).statusCode).toBe(200);
    await deliverOrder(rider.cookie, order.id);
    const sender = await createUser(app);
    const d = await createPaidDispatch(app, sender.user.id);
    expect((await post(`/api/rider/jobs/dispatch/${d.id}/accept`, rider.cookie)).statusCode).toBe(200);

    const [was, now] = await Promise.all([connect(url, customer.cookie), connect(url, sender.cookie)]);
    sockets.push(was, now);
    const overheard = collect(was, 'rider.position.updated');
    const heard = nextEvent(now, 'rider.position.updated');
    await nextGap(rider.user.id);
    const res = await share(rider.cookie);
    expect(res.statusCode).toBe(200);
    expect(json<RiderPositionAnswer>(res).position).toMatchObject({ jobKind: 'dispatch', jobId: d.id });
    expect((await heard)[0]).toMatchObject({ jobKind: 'dispatch', jobId: d.id });
    await new Promise((r) => setTimeout(r, 200));
    expect(overheard).toEqual([]);
  });

  it('a dispatch, then an order: the order’s customer hears the next position, the sender does not', async () => {
    const { sender, dispatch, rider } = await onDispatch();
    expect((await share(rider.cookie)).statusCode).toBe(200);
    expect((await post(`/api/rider/jobs/dispatch/${dispatch.id}/picked`, rider.cookie)).statusCode).toBe(200);
    expect(
      (await post(`/api/rider/jobs/dispatch/${dispatch.id}/deliver`, rider.cookie, { code: '4321' })).statusCode,
    ).toBe(200);
    const vendor = await createVendorAccount(app);
    const customer = await createUser(app);
    const { order } = await createPaidOrder(app, customer.user.id, [{ vendorId: vendor.vendor.id }], {
      status: 'Order Confirmed',
    });
    expect((await post(`/api/rider/jobs/order/${order.id}/accept`, rider.cookie)).statusCode).toBe(200);

    const [was, now] = await Promise.all([connect(url, sender.cookie), connect(url, customer.cookie)]);
    sockets.push(was, now);
    const overheard = collect(was, 'rider.position.updated');
    const heard = nextEvent(now, 'rider.position.updated');
    await nextGap(rider.user.id);
    const res = await share(rider.cookie);
    expect(res.statusCode).toBe(200);
    expect(json<RiderPositionAnswer>(res).position).toMatchObject({ jobKind: 'order', jobId: order.id });
    expect((await heard)[0]).toMatchObject({ jobKind: 'order', jobId: order.id });
    // Delivered too: nothing is taken until the next delivery.
    await deliverOrder(rider.cookie, order.id);
    await nextGap(rider.user.id);
    expect(json<ErrorAnswer>(await share(rider.cookie)).code).toBe('no_active_job');
    await new Promise((r) => setTimeout(r, 200));
    expect(overheard).toEqual([]);
  });
});
