import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { JoinRoomAck } from '@jara/shared';
import { dispatches } from '../../src/modules/dispatch/dispatch.tables.js';
import { buildTestApp, createUser, json, type TestApp } from '../helpers.js';
import { createPaidDispatch, createPaidOrder, createRiderAccount, createVendorAccount } from '../factories-portals.js';
import { collect, connect, listen, type ClientSocket } from '../factories-chat.js';
import { spellings } from './world.js';

/**
 * A rider's position is for the people of the delivery and staff alone: another customer, another
 * rider, a vendor of a different order and a guest can neither read it (under any spelling of the
 * path) nor hear it on a socket, not even by asking to join a room named after the delivery; a
 * rider cannot place a position on a delivery that is not theirs; and no position reaches the log.
 * The rider's arrival at the door goes to the same people alone.
 */

let app: TestApp;
let url: string;
const sockets: ClientSocket[] = [];
// Well inside the service area, with digits no other answer carries.
const SECRET = { latitude: 6.401234, longitude: 5.612345 };

beforeAll(async () => {
  app = await buildTestApp();
  url = await listen(app);
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await app?.closeAll();
});

const fix = (over: Record<string, unknown> = {}) => ({ ...SECRET, accuracy: 8, at: new Date().toISOString(), ...over });

/** A rider on a customer's order and another on a sender's dispatch, each having shared a position. */
async function world() {
  const vendor = await createVendorAccount(app);
  const customer = await createUser(app);
  const { order } = await createPaidOrder(app, customer.user.id, [{ vendorId: vendor.vendor.id }], {
    status: 'Order Confirmed',
  });
  const sender = await createUser(app);
  const parcel = await createPaidDispatch(app, sender.user.id);
  const orderRider = await createRiderAccount(app);
  const parcelRider = await createRiderAccount(app);
  for (const [rider, p] of [
    [orderRider, `/api/rider/jobs/order/${order.id}/accept`],
    [parcelRider, `/api/rider/jobs/dispatch/${parcel.id}/accept`],
  ] as const) {
    expect((await app.inject({ method: 'POST', url: p, headers: { cookie: rider.cookie } })).statusCode).toBe(200);
    const shared = await app.inject({
      method: 'POST',
      url: '/api/rider/position',
      headers: { cookie: rider.cookie },
      payload: fix(),
    });
    expect(shared.statusCode).toBe(200);
  }
  // Outsiders: another customer, another rider, a vendor of a different order, a guest.
  const otherCustomer = await createUser(app);
  const otherRider = await createRiderAccount(app);
  const otherVendor = await createVendorAccount(app);
  await createPaidOrder(app, otherCustomer.user.id, [{ vendorId: otherVendor.vendor.id }]);
  const outsiders = [
    { name: 'another customer', cookie: otherCustomer.cookie as string | undefined },
    { name: 'another rider', cookie: otherRider.cookie },
    { name: 'a vendor of another order', cookie: otherVendor.cookie },
    { name: 'a guest', cookie: undefined },
  ];
  return { customer, sender, order, parcel, orderRider, parcelRider, otherCustomer, otherRider, outsiders };
}

describe('a rider’s position over HTTP', () => {
  it('is never answered to an outsider, under any spelling of its paths or the tracking map’s', async () => {
    const w = await world();
    const paths = [`/api/order/${w.order.id}/rider-position`, `/api/dispatch/${w.parcel.id}/rider-position`];
    // The people of each delivery do read it (so the probes below look at a real position).
    expect((await app.inject({ url: paths[0]!, headers: { cookie: w.customer.cookie } })).body).toContain('6.401234');
    expect((await app.inject({ url: paths[1]!, headers: { cookie: w.sender.cookie } })).body).toContain('6.401234');
    // Each delivery's own rider and the other delivery's people are outsiders to it as well; the
    // tracking map (…/live) carries the position too.
    const orderOutsiders = [
      ...w.outsiders,
      { name: 'the sender', cookie: w.sender.cookie },
      { name: 'its rider', cookie: w.orderRider.cookie },
    ];
    const parcelOutsiders = [
      ...w.outsiders,
      { name: 'the customer', cookie: w.customer.cookie },
      { name: 'its rider', cookie: w.parcelRider.cookie },
    ];
    const live = (p: string) => p.replace(/rider-position$/, 'live');
    const crossed = [
      [paths[0]!, orderOutsiders],
      [paths[1]!, parcelOutsiders],
      [live(paths[0]!), orderOutsiders],
      [live(paths[1]!), parcelOutsiders],
    ] as const;
    expect((await app.inject({ url: live(paths[0]!), headers: { cookie: w.customer.cookie } })).body).toContain(
      '6.401234',
    );
    const failures: string[] = [];
    let probes = 0;
    for (const [p, people] of crossed) {
      for (const spelt of [p, ...spellings(p)]) {
        for (const who of people) {
          probes++;
          const res = await app.inject({ url: spelt, headers: who.cookie ? { cookie: who.cookie } : {} });
          if (res.statusCode < 400 || res.statusCode >= 500 || res.body.includes('6.401234'))
            failures.push(`${who.name} GET ${spelt} → ${res.statusCode}`);
        }
      }
    }
    expect(probes).toBeGreaterThan(100);
    expect(failures).toEqual([]);
  });

  it('cannot be placed on another rider’s delivery: the body names no delivery and no rider', async () => {
    const w = await world();
    for (const extra of [
      { jobId: w.order.id },
      { jobKind: 'order', jobId: w.order.id },
      { riderId: w.orderRider.user.id },
      { userId: w.orderRider.user.id },
    ]) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/rider/position',
        headers: { cookie: w.otherRider.cookie },
        payload: fix({ latitude: 6.4, ...extra }),
      });
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
    }
    // Without a delivery of their own, the other rider's plain position is refused too.
    const res = await app.inject({
      method: 'POST',
      url: '/api/rider/position',
      headers: { cookie: w.otherRider.cookie },
      payload: fix({ latitude: 6.4 }),
    });
    expect(json<{ code: string }>(res).code).toBe('no_active_job');
    const read = await app.inject({
      url: `/api/order/${w.order.id}/rider-position`,
      headers: { cookie: w.customer.cookie },
    });
    expect(json<{ position: { latitude: number } }>(read).position.latitude).toBe(SECRET.latitude);
  });
});

describe('a rider’s position over Socket.IO', () => {
  it('reaches no outsider, even one asking to join a room named after the delivery', async () => {
    const w = await world();
    const listeners: { name: string; socket: ClientSocket }[] = [];
    for (const who of w.outsiders.filter((o) => o.cookie)) {
      const socket = await connect(url, who.cookie);
      sockets.push(socket);
      listeners.push({ name: who.name, socket });
      for (const roomId of [w.order.id, w.parcel.id, `order:${w.order.id}`, `user:${w.customer.user.id}`]) {
        const ack = await new Promise<JoinRoomAck>((resolve) => socket.emit('join-room', roomId, undefined, resolve));
        expect(ack.ok, `${who.name} joins ${roomId}`).toBe(false);
      }
    }
    // A guest's socket is refused at the handshake.
    await expect(connect(url)).rejects.toThrow();
    const customer = await connect(url, w.customer.cookie);
    sockets.push(customer);
    const heard = collect(customer, 'rider.position.updated');
    const overheard = listeners.map((l) => ({ name: l.name, seen: collect(l.socket, 'rider.position.updated') }));

    await app.ctx.limiter.reset(`rider-position:${w.orderRider.user.id}`);
    const res = await app.inject({
      method: 'POST',
      url: '/api/rider/position',
      headers: { cookie: w.orderRider.cookie },
      payload: fix(),
    });
    expect(res.statusCode).toBe(200);
    for (let i = 0; i < 40 && heard.length === 0; i++) await new Promise((r) => setTimeout(r, 25));
    expect(heard).toHaveLength(1);
    await new Promise((r) => setTimeout(r, 200));
    expect(overheard.filter((o) => o.seen.length).map((o) => o.name)).toEqual([]);

    // The rider at the door ("I have arrived") goes to the same people alone.
    const arrival = collect(customer, 'rider.arrived');
    const arrivalOverheard = listeners.map((l) => ({ name: l.name, seen: collect(l.socket, 'rider.arrived') }));
    for (const step of ['picked', 'arrived']) {
      const res = await app.inject({
        method: 'POST',
        url: `/api/rider/jobs/order/${w.order.id}/${step}`,
        headers: { cookie: w.orderRider.cookie },
      });
      expect(res.statusCode, step).toBe(200);
    }
    for (let i = 0; i < 40 && arrival.length === 0; i++) await new Promise((r) => setTimeout(r, 25));
    expect(arrival).toHaveLength(1);
    await new Promise((r) => setTimeout(r, 200));
    expect(arrivalOverheard.filter((o) => o.seen.length).map((o) => o.name)).toEqual([]);
  });
});

describe('positions are not logged', () => {
  it('an accepted and a refused position leave no coordinate in the log, even at trace level', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const logged = await buildTestApp({ LOG_LEVEL: 'trace' }, undefined, pino({ level: 'trace' }, sink));
    try {
      const customer = await createUser(logged);
      const parcel = await createPaidDispatch(logged, customer.user.id);
      await logged.ctx.db
        .update(dispatches)
        .set({ dropoff: { ...parcel.dropoff, email: customer.user.email } })
        .where(eq(dispatches.id, parcel.id));
      const rider = await createRiderAccount(logged);
      const headers = { cookie: rider.cookie };
      await logged.inject({ method: 'POST', url: `/api/rider/jobs/dispatch/${parcel.id}/accept`, headers });
      const calls = [
        fix(),
        fix(),
        fix({ latitude: 7.123456 }),
        fix({ latitude: 91.123456 }),
        fix({ at: new Date(Date.now() + 3_600_000).toISOString() }),
      ];
      const codes = [];
      for (const payload of calls)
        codes.push((await logged.inject({ method: 'POST', url: '/api/rider/position', headers, payload })).statusCode);
      expect(codes).toEqual([200, 429, 400, 400, 400]);
      const read = await logged.inject({
        url: `/api/dispatch/${parcel.id}/rider-position`,
        headers: { cookie: customer.cookie },
      });
      expect(read.statusCode).toBe(200);
      const log = lines.join('');
      expect(log).toContain('/api/rider/position');
      for (const secret of ['6.401234', '5.612345', '7.123456', '91.123456']) expect(log).not.toContain(secret);
    } finally {
      await logged.closeAll();
    }
  });
});
