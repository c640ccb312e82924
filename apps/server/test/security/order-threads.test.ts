import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import type { OrderThreadAnswer, ServerToClientEvents, ThreadSendAnswer } from '@jara/shared';
import { jobs } from '../../src/infra/db/tables.js';
import { chatMessages } from '../../src/modules/chat/chat.tables.js';
import { buildTestApp, createUser, json, type TestApp } from '../helpers.js';
import { createPaidDispatch, createPaidOrder, createRiderAccount, createVendorAccount } from '../factories-portals.js';
import { connect, joinRoom, listen, multipart, png, type ClientSocket } from '../factories-chat.js';
import { spellings } from './world.js';

/**
 * Order threads are for the people of their order or dispatch and staff alone: every thread call
 * (and the chat's shared calls that reach a thread) is refused to another customer, another shop,
 * a rider not on the job and a guest, under every spelling of its path, with nothing read and
 * nothing stored; no such socket joins the room or hears its typing. The delivery code is in no
 * thread message, push job or socket event the server sends to anyone but the customer.
 */

let app: TestApp;
let url: string;
const sockets: ClientSocket[] = [];
const SECRET_TEXT = 'the gate code is behind the blue door';
const CODE = '6093';

beforeAll(async () => {
  app = await buildTestApp();
  url = await listen(app);
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await app?.closeAll();
});

const inject = (method: 'GET' | 'POST', path: string, cookie: string | undefined, payload?: object) =>
  app.inject({
    method,
    url: path,
    headers: cookie ? { cookie } : {},
    payload: method === 'GET' ? undefined : (payload ?? {}),
  });

async function socketOf(cookie: string) {
  const s = await connect(url, cookie);
  sockets.push(s);
  return s;
}

/** Everything a socket hears, as text, to look for what it must not carry. */
function hearAll(socket: ClientSocket): string[] {
  const heard: string[] = [];
  socket.onAny((event: keyof ServerToClientEvents, ...args: unknown[]) =>
    heard.push(`${event} ${JSON.stringify(args)}`),
  );
  return heard;
}

/** An order (two shops, a rider on it) with a thread holding a message and a photo. */
async function world() {
  const shop = await createVendorAccount(app);
  const customer = await createUser(app);
  const rider = await createRiderAccount(app);
  const { order } = await createPaidOrder(app, customer.user.id, [{ vendorId: shop.vendor.id }], {
    status: 'Order Confirmed',
    code: CODE,
  });
  expect((await inject('POST', `/api/rider/jobs/order/${order.id}/accept`, rider.cookie)).statusCode).toBe(200);
  const path = `/api/threads/order/${order.id}`;
  const thread = json<OrderThreadAnswer>(await inject('GET', path, customer.cookie)).thread;
  const text = await multipart({ message: SECRET_TEXT });
  await app.inject({
    method: 'POST',
    url: `${path}/messages`,
    headers: { cookie: customer.cookie, ...text.headers },
    payload: text.payload,
  });
  const photo = await multipart({ message: '' }, { name: 'p.png', type: 'image/png', data: await png() });
  const sent = await app.inject({
    method: 'POST',
    url: `${path}/messages`,
    headers: { cookie: customer.cookie, ...photo.headers },
    payload: photo.payload,
  });
  const media = json<ThreadSendAnswer>(sent).newMessage.media!;

  const otherShop = await createVendorAccount(app);
  const otherCustomer = await createUser(app);
  await createPaidOrder(app, otherCustomer.user.id, [{ vendorId: otherShop.vendor.id }]);
  const otherRider = await createRiderAccount(app);
  const sender = await createUser(app);
  const parcel = await createPaidDispatch(app, sender.user.id);
  expect((await inject('POST', `/api/rider/jobs/dispatch/${parcel.id}/accept`, otherRider.cookie)).statusCode).toBe(
    200,
  );
  const outsiders = [
    { name: 'another customer', cookie: otherCustomer.cookie as string | undefined },
    { name: 'another shop', cookie: otherShop.cookie },
    { name: 'a rider on another delivery', cookie: otherRider.cookie },
    { name: 'a sender of a dispatch', cookie: sender.cookie },
    { name: 'a guest', cookie: undefined },
  ];
  return { shop, customer, rider, order, path, thread, media, outsiders, parcel, sender, otherRider };
}

describe('order threads against outsiders', () => {
  it('answer no thread call to an outsider, under any spelling, and store nothing', async () => {
    const w = await world();
    const before = await app.ctx.db.select().from(chatMessages).where(eq(chatMessages.chatId, w.thread._id));
    const calls: ['GET' | 'POST', string, object?][] = [
      ['GET', w.path],
      ['GET', `${w.path}?before=${before[0]!.id}`],
      ['POST', `${w.path}/messages`, { message: 'let me in' }],
      ['POST', `${w.path}/help`],
      ['GET', `/api/chat/messages?chatId=${w.thread._id}`],
      ['POST', '/api/chat/read', { chatId: w.thread._id }],
      ['GET', w.media],
    ];
    const failures: string[] = [];
    let probes = 0;
    for (const [method, p, body] of calls) {
      const [bare, query] = p.split('?');
      for (const spelt of [bare!, ...spellings(bare!)]) {
        const full = query ? `${spelt}?${query}` : spelt;
        for (const who of w.outsiders) {
          probes++;
          const res = await inject(method, full, who.cookie, body);
          if (res.statusCode < 400 || res.statusCode >= 500 || res.body.includes(SECRET_TEXT))
            failures.push(`${who.name} ${method} ${full} → ${res.statusCode}`);
        }
      }
    }
    expect(probes).toBeGreaterThan(200);
    expect(failures).toEqual([]);
    // The spec's send with the thread's id is no back door, not even for the thread's own people.
    for (const cookie of [w.customer.cookie, w.shop.cookie, w.outsiders[0]!.cookie!]) {
      const form = await multipart({ message: 'through the support chat', chatId: w.thread._id });
      const res = await app.inject({
        method: 'POST',
        url: '/api/chat/send',
        headers: { cookie, ...form.headers },
        payload: form.payload,
      });
      expect(res.statusCode).toBe(404);
    }
    const after = await app.ctx.db.select().from(chatMessages).where(eq(chatMessages.chatId, w.thread._id));
    expect(after).toHaveLength(before.length);
    // Nor does the dispatch's path lead into the order's thread.
    expect((await inject('GET', `/api/threads/dispatch/${w.order.id}`, w.customer.cookie)).statusCode).toBe(404);
    expect((await inject('GET', `/api/threads/order/${w.parcel.id}`, w.sender.cookie)).statusCode).toBe(404);
  });

  it('let no outsider socket into the room, its typing or its messages', async () => {
    const w = await world();
    const insider = await socketOf(w.shop.cookie);
    expect(await joinRoom(insider, w.thread._id)).toEqual({ ok: true });
    const insiderHeard = hearAll(insider);
    for (const who of w.outsiders.filter((o) => o.cookie)) {
      const s = await socketOf(who.cookie!);
      const heard = hearAll(s);
      expect((await joinRoom(s, w.thread._id)).ok).toBe(false);
      s.emit('typing', { chatId: w.thread._id });
      s.emit('send-message', {
        roomId: w.thread._id,
        message: { _id: w.thread.messages[0]?._id ?? '', message: 'x' },
      } as never);
      const text = await multipart({ message: `${SECRET_TEXT} again` });
      await app.inject({
        method: 'POST',
        url: `${w.path}/messages`,
        headers: { cookie: w.customer.cookie, ...text.headers },
        payload: text.payload,
      });
      await new Promise((r) => setTimeout(r, 200));
      expect(heard.filter((h) => h.includes(SECRET_TEXT) || h.startsWith('typing'))).toEqual([]);
    }
    expect(insiderHeard.some((h) => h.startsWith('receive-message') && h.includes(SECRET_TEXT))).toBe(true);
    expect(insiderHeard.filter((h) => h.startsWith('typing'))).toEqual([]);
  });
});

describe('the delivery code', () => {
  it('is in no thread message, push job or socket event the server sends to anyone but the customer', async () => {
    const w = await world();
    const agent = await createUser(app, { role: 'support' });
    const listeners = await Promise.all([w.shop.cookie, w.rider.cookie, agent.cookie].map(socketOf));
    for (const s of listeners) expect(await joinRoom(s, w.thread._id)).toEqual({ ok: true });
    const heard = listeners.map(hearAll);
    // The whole life of the order, with the thread in use: support asked in, picked up, at the
    // door, a wrong code tried, delivered.
    expect((await inject('POST', `${w.path}/help`, w.customer.cookie)).statusCode).toBe(200);
    const rider = (step: string, body?: object) =>
      inject('POST', `/api/rider/jobs/order/${w.order.id}/${step}`, w.rider.cookie, body);
    expect((await rider('picked')).statusCode).toBe(200);
    expect((await rider('arrived')).statusCode).toBe(200);
    // The customer does have it (so the look below is for something real).
    expect((await inject('GET', '/api/order/user', w.customer.cookie)).body).toContain(CODE);
    expect((await rider('deliver', { code: '1111' })).statusCode).toBe(400);
    expect((await rider('deliver', { code: CODE })).statusCode).toBe(200);
    await app.ctx.jobs.drain();
    await new Promise((r) => setTimeout(r, 200));

    const stored = await app.ctx.db.select().from(chatMessages).where(eq(chatMessages.chatId, w.thread._id));
    expect(stored.filter((m) => m.body.includes(CODE))).toEqual([]);
    for (const who of [w.shop, w.rider, agent]) {
      const seen = await inject('GET', w.path, who.cookie);
      expect(seen.statusCode).toBe(200);
      expect(seen.body).not.toContain(CODE);
    }
    const pushJobs = await app.ctx.db
      .select()
      .from(jobs)
      .where(inArray(jobs.kind, ['push.chat', 'push.status', 'push.send']));
    expect(pushJobs.filter((j) => JSON.stringify(j.payload).includes(CODE))).toEqual([]);
    expect(heard.flat().filter((h) => h.includes(CODE))).toEqual([]);
  });
});
