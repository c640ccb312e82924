import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type {
  ChatMessagesAnswer,
  ErrorAnswer,
  OrderThreadAnswer,
  SupportChatsAnswer,
  ThreadSendAnswer,
  ThreadsAnswer,
} from '@jara/shared';
import { buildTestApp, createUser, json, type TestApp } from '../../../test/helpers.js';
import {
  createPaidDispatch,
  createPaidOrder,
  createRiderAccount,
  createVendorAccount,
} from '../../../test/factories-portals.js';
import {
  connect,
  HTML_AS_JPG,
  joinRoom,
  listen,
  multipart,
  nextEvent,
  png,
  SVG,
} from '../../../test/factories-chat.js';
import { jobs } from '../../infra/db/tables.js';
import { orderItems, orders } from '../orders/orders.tables.js';
import { chatMessages } from './chat.tables.js';

let app: TestApp;
let url: string;
beforeAll(async () => {
  app = await buildTestApp();
  url = await listen(app);
});
afterAll(() => app.closeAll());

const get = (path: string, cookie: string) => app.inject({ url: path, headers: { cookie } });
const post = (path: string, cookie: string, payload: object = {}) =>
  app.inject({ method: 'POST', url: path, headers: { cookie }, payload });
async function send(
  path: string,
  cookie: string,
  fields: Record<string, string>,
  file?: Parameters<typeof multipart>[1],
) {
  const form = await multipart(fields, file);
  return app.inject({
    method: 'POST',
    url: `${path}/messages`,
    headers: { cookie, ...form.headers },
    payload: form.payload,
  });
}

/** A paid order from two shops with a rider on it, and everyone's accounts. */
async function orderWithPeople() {
  const a = await createVendorAccount(app, { businessName: 'Mama Put' });
  const b = await createVendorAccount(app, { businessName: 'Campus Shoes' });
  const customer = await createUser(app, { name: 'Ada Obi' });
  const rider = await createRiderAccount(app);
  const made = await createPaidOrder(app, customer.user.id, [{ vendorId: a.vendor.id }, { vendorId: b.vendor.id }], {
    status: 'Order Assigned',
    code: '4821',
  });
  await app.ctx.db.update(orders).set({ riderId: rider.user.id }).where(eq(orders.id, made.order.id));
  return { ...made, customer, a, b, rider, path: `/api/threads/order/${made.order.id}` };
}

describe('an order thread', () => {
  it('joins the customer, every vendor of the order and its rider, with the order pinned', async () => {
    const o = await orderWithPeople();
    const opened = json<OrderThreadAnswer>(await get(o.path, o.customer.cookie)).thread;
    expect(opened.card).toMatchObject({ kind: 'order', _id: o.order.id, reference: o.order.id.slice(0, 8) });
    expect(opened.card.items.map((i) => i.shop).sort()).toEqual(['Campus Shoes', 'Mama Put']);
    expect(opened.card.timeline.length).toBeGreaterThan(0);
    expect(opened.people.map((p) => [p.role, p.name]).sort()).toEqual(
      [
        ['customer', 'Ada'],
        ['rider', 'Rider'],
        ['vendor', 'Campus Shoes'],
        ['vendor', 'Mama Put'],
      ].sort(),
    );
    expect(opened).toMatchObject({ readOnly: false, closesAt: null, helpRequested: false, messages: [] });
    // Nothing the server writes into the thread carries the delivery code (ids are random hex and
    // may hold the same four digits by chance: they are left out).
    const values = (v: unknown): string[] =>
      typeof v === 'object' && v !== null
        ? Object.entries(v).flatMap(([k, x]) => (k === '_id' || k === 'reference' ? [] : values(x)))
        : [String(v)];
    expect(values(opened).filter((x) => x.includes('4821'))).toEqual([]);

    for (const who of [o.customer, o.a, o.b, o.rider]) {
      const res = await send(o.path, who.cookie, { message: `hello from ${who.user.name}` });
      expect(res.statusCode).toBe(200);
      expect(json<ThreadSendAnswer>(res).newMessage.senderName).toBe(who.user.name);
    }
    const seen = json<OrderThreadAnswer>(await get(o.path, o.rider.cookie)).thread;
    expect(seen.messages.map((m) => m.message)).toEqual([
      `hello from ${o.customer.user.name}`,
      `hello from ${o.a.user.name}`,
      `hello from ${o.b.user.name}`,
      `hello from ${o.rider.user.name}`,
    ]);
    // Each of them lists it, with what they have not read.
    const listed = json<ThreadsAnswer>(await get('/api/threads', o.a.cookie)).threads;
    expect(listed).toEqual([
      expect.objectContaining({ _id: seen._id, kind: 'order', subjectId: o.order.id, unread: 2 }),
    ]);
    // The spec's support chat is untouched: the customer's own conversation is still empty.
    const own = json<{ chat: { _id: string | null } }>(await get('/api/chat/get-chat/', o.customer.cookie));
    expect(own.chat._id).toBeNull();
    // The chat's shared calls page it and mark it read.
    const page = json<ChatMessagesAnswer>(await get(`/api/chat/messages?chatId=${seen._id}&limit=2`, o.b.cookie));
    expect(page.chat.messages).toHaveLength(2);
    expect((await post('/api/chat/read', o.a.cookie, { chatId: seen._id })).statusCode).toBe(200);
    expect(json<ThreadsAnswer>(await get('/api/threads', o.a.cookie)).threads[0]!.unread).toBe(0);
    // Each message is pushed to the others (the push job names the thread).
    const pushes = await app.ctx.db.select().from(jobs).where(eq(jobs.kind, 'push.chat'));
    expect(pushes.filter((j) => (j.payload as { chatId: string }).chatId === seen._id)).toHaveLength(4);
  });

  it('is closed to anyone else: another customer, another vendor, a rider not on the job', async () => {
    const o = await orderWithPeople();
    const thread = json<OrderThreadAnswer>(await get(o.path, o.customer.cookie)).thread;
    const outsiders = [await createUser(app), await createVendorAccount(app), await createRiderAccount(app)];
    for (const who of outsiders) {
      expect((await get(o.path, who.cookie)).statusCode).toBe(404);
      expect((await send(o.path, who.cookie, { message: 'let me in' })).statusCode).toBe(404);
      expect((await get(`/api/chat/messages?chatId=${thread._id}`, who.cookie)).statusCode).toBe(404);
      expect((await post('/api/chat/read', who.cookie, { chatId: thread._id })).statusCode).toBe(404);
      expect((await post(`${o.path}/help`, who.cookie)).statusCode).toBe(404);
      expect(json<ThreadsAnswer>(await get('/api/threads', who.cookie)).threads).toEqual([]);
    }
    // The spec's send cannot reach a thread either, even for its own customer.
    const form = await multipart({ message: 'sneaky', chatId: thread._id });
    const viaSpec = await app.inject({
      method: 'POST',
      url: '/api/chat/send',
      headers: { cookie: o.customer.cookie, ...form.headers },
      payload: form.payload,
    });
    expect(viaSpec.statusCode).toBe(404);
    expect(await app.ctx.db.select().from(chatMessages).where(eq(chatMessages.chatId, thread._id))).toEqual([]);
    // Unpaid or unknown orders have no thread; a malformed kind or id is a 400.
    expect((await get(`/api/threads/order/${crypto.randomUUID()}`, o.customer.cookie)).statusCode).toBe(404);
    expect((await get(`/api/threads/parcel/${o.order.id}`, o.customer.cookie)).statusCode).toBe(400);
    expect((await get(`/api/threads/order/not-an-id`, o.customer.cookie)).statusCode).toBe(400);
    expect((await get(o.path, '')).statusCode).toBe(401);
  });

  it('drops a rider who is replaced, at once', async () => {
    const o = await orderWithPeople();
    await get(o.path, o.rider.cookie);
    const other = await createRiderAccount(app);
    await app.ctx.db.update(orders).set({ riderId: other.user.id }).where(eq(orders.id, o.order.id));
    expect((await get(o.path, o.rider.cookie)).statusCode).toBe(404);
    expect(json<ThreadsAnswer>(await get('/api/threads', o.rider.cookie)).threads).toEqual([]);
    expect((await get(o.path, other.cookie)).statusCode).toBe(200);
  });

  it('refuses an empty message, a file that is not a photo, and anything once closed, storing nothing', async () => {
    const o = await orderWithPeople();
    const empty = await send(o.path, o.customer.cookie, { message: '   ' });
    expect(json<ErrorAnswer>(empty)).toMatchObject({ code: 'empty_message' });
    for (const file of [
      { name: 'x.jpg', type: 'image/jpeg', data: HTML_AS_JPG },
      { name: 'x.svg', type: 'image/svg+xml', data: SVG },
      {
        name: 'v.mp4',
        type: 'video/mp4',
        data: Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypisom'), Buffer.alloc(64)]),
      },
    ]) {
      const res = await send(o.path, o.customer.cookie, { message: 'look' }, file);
      expect(res.statusCode).toBe(400);
      expect(json<ErrorAnswer>(res).code).toBe('not_an_image');
    }
    const tooLong = await send(o.path, o.customer.cookie, { message: 'x'.repeat(2001) });
    expect(tooLong.statusCode).toBe(400);

    // A photo of the wrong item goes through, re-encoded, and only its people can load it.
    const photo = await send(
      o.path,
      o.customer.cookie,
      { message: '' },
      { name: 'wrong.png', type: 'image/png', data: await png() },
    );
    const media = json<ThreadSendAnswer>(photo).newMessage.media!;
    expect((await get(media, o.a.cookie)).statusCode).toBe(200);
    expect((await get(media, (await createUser(app)).cookie)).statusCode).toBe(404);

    // Delivered eight days ago: the thread reads but takes no message.
    const eightDaysAgo = new Date(Date.now() - 8 * 24 * 3600_000);
    await app.ctx.db
      .update(orderItems)
      .set({ status: 'Order Delivered', updatedAt: eightDaysAgo })
      .where(eq(orderItems.orderId, o.order.id));
    const closed = json<OrderThreadAnswer>(await get(o.path, o.customer.cookie)).thread;
    expect(closed.readOnly).toBe(true);
    const late = await send(o.path, o.rider.cookie, { message: 'still here?' });
    expect(late.statusCode).toBe(409);
    expect(json<ErrorAnswer>(late).code).toBe('thread_closed');
    const stored = await app.ctx.db.select().from(chatMessages).where(eq(chatMessages.chatId, closed._id));
    expect(stored).toHaveLength(1);
  });

  it('brings support in when the customer asks, and lists it in the inbox with its order', async () => {
    const o = await orderWithPeople();
    const agent = await createUser(app, { role: 'support', name: 'Agent Bisi' });
    const thread = json<OrderThreadAnswer>(await get(o.path, o.customer.cookie)).thread;
    await send(o.path, o.customer.cookie, { message: 'My rice never came' });
    const before = json<SupportChatsAnswer>(await get('/api/support/chats', agent.cookie)).chats;
    expect(before.some((c) => c._id === thread._id)).toBe(false);
    expect((await post(`${o.path}/help`, o.a.cookie)).statusCode).toBe(403);
    expect((await post(`${o.path}/help`, o.customer.cookie)).statusCode).toBe(200);
    const after = json<SupportChatsAnswer>(await get('/api/support/chats', agent.cookie)).chats;
    expect(after.find((c) => c._id === thread._id)).toMatchObject({
      subject: { kind: 'order', _id: o.order.id },
      customer: { _id: o.customer.user.id },
    });
    // Support opens the order from it and answers in it.
    const asAgent = json<OrderThreadAnswer>(await get(o.path, agent.cookie)).thread;
    expect(asAgent.helpRequested).toBe(true);
    expect(asAgent.contacts.map((c) => c.role)).toEqual(['customer', 'rider']);
    // Phones are for support only.
    expect(json<OrderThreadAnswer>(await get(o.path, o.a.cookie)).thread.contacts).toEqual([]);
    const reply = await multipart({ message: 'Looking into it now' });
    const res = await app.inject({
      method: 'POST',
      url: `/api/support/chats/${thread._id}/reply`,
      headers: { cookie: agent.cookie, ...reply.headers },
      payload: reply.payload,
    });
    expect(res.statusCode).toBe(200);
    const seen = json<OrderThreadAnswer>(await get(o.path, o.b.cookie)).thread;
    expect(seen.messages.map((m) => m.senderName)).toContain('Agent Bisi');
  });

  it('a dispatch has its thread too: the sender and the rider', async () => {
    const sender = await createUser(app);
    const rider = await createRiderAccount(app);
    const d = await createPaidDispatch(app, sender.user.id, { code: '7311' });
    const path = `/api/threads/dispatch/${d.id}`;
    expect((await get(path, rider.cookie)).statusCode).toBe(404);
    expect((await post(`/api/rider/jobs/dispatch/${d.id}/accept`, rider.cookie)).statusCode).toBe(200);
    const thread = json<OrderThreadAnswer>(await get(path, rider.cookie)).thread;
    expect(thread.people.map((p) => p.role).sort()).toEqual(['customer', 'rider']);
    expect(JSON.stringify(thread)).not.toContain('7311');
    expect((await send(path, sender.cookie, { message: 'Gate 2 please' })).statusCode).toBe(200);
  });
});

describe('support replaces a rider who accepted but did not pick up', () => {
  it("puts the order back on the board, out of the rider's thread, for another rider to accept", async () => {
    const o = await orderWithPeople();
    const agent = await createUser(app, { role: 'support' });
    const release = (cookie: string, kind = 'order', id = o.order.id) =>
      post(`/api/support/deliveries/${kind}/${id}/release`, cookie);
    expect((await release(o.customer.cookie)).statusCode).toBe(403);
    expect((await release(o.rider.cookie)).statusCode).toBe(403);
    expect((await release(agent.cookie)).statusCode).toBe(200);

    const [row] = await app.ctx.db.select().from(orders).where(eq(orders.id, o.order.id));
    expect(row!.riderId).toBeNull();
    const items = await app.ctx.db.select().from(orderItems).where(eq(orderItems.orderId, o.order.id));
    expect(items.map((i) => i.status)).toEqual(['Order Confirmed', 'Order Confirmed']);
    expect((await get(o.path, o.rider.cookie)).statusCode).toBe(404);

    const next = await createRiderAccount(app);
    expect((await post(`/api/rider/jobs/order/${o.order.id}/accept`, next.cookie)).statusCode).toBe(200);
    expect((await post(`/api/rider/jobs/order/${o.order.id}/picked`, next.cookie)).statusCode).toBe(200);
    // Once picked up, the parcel is with that rider: nobody takes it back.
    const late = await release(agent.cookie);
    expect(late.statusCode).toBe(409);
    expect(json<ErrorAnswer>(late).code).toBe('invalid_status');
    expect((await release(agent.cookie, 'order', crypto.randomUUID())).statusCode).toBe(404);
  });

  it('does the same for a dispatch', async () => {
    const sender = await createUser(app);
    const rider = await createRiderAccount(app);
    const agent = await createUser(app, { role: 'admin' });
    const d = await createPaidDispatch(app, sender.user.id);
    expect((await post(`/api/rider/jobs/dispatch/${d.id}/accept`, rider.cookie)).statusCode).toBe(200);
    expect((await post(`/api/support/deliveries/dispatch/${d.id}/release`, agent.cookie)).statusCode).toBe(200);
    expect((await get(`/api/threads/dispatch/${d.id}`, rider.cookie)).statusCode).toBe(404);
    expect((await post(`/api/rider/jobs/dispatch/${d.id}/accept`, rider.cookie)).statusCode).toBe(200);
  });
});

describe('order threads over the socket', () => {
  it('reach every person of the thread live, and nobody else can join the room', async () => {
    const o = await orderWithPeople();
    const thread = json<OrderThreadAnswer>(await get(o.path, o.customer.cookie)).thread;
    const [vendorSocket, riderSocket, strangerSocket] = await Promise.all([
      connect(url, o.a.cookie),
      connect(url, o.rider.cookie),
      connect(url, (await createVendorAccount(app)).cookie),
    ]);
    try {
      expect(await joinRoom(vendorSocket, thread._id)).toEqual({ ok: true });
      expect(await joinRoom(riderSocket, thread._id)).toEqual({ ok: true });
      expect((await joinRoom(strangerSocket, thread._id)).ok).toBe(false);
      const atVendor = nextEvent(vendorSocket, 'receive-message');
      const atRider = nextEvent(riderSocket, 'receive-message');
      await send(o.path, o.customer.cookie, { message: "I'm at the gate" });
      expect((await atVendor)[0].message).toBe("I'm at the gate");
      expect((await atRider)[0].message).toBe("I'm at the gate");
    } finally {
      for (const s of [vendorSocket, riderSocket, strangerSocket]) s.disconnect();
    }
  });
});
