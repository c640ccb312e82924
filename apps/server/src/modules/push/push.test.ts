import { afterAll, assert, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import webpush from 'web-push';
import { buildTestApp, createProduct, createUser, json, type TestApp } from '../../../test/helpers.js';
import {
  createPaidDispatch,
  createPaidOrder,
  createRiderAccount,
  createVendorAccount,
} from '../../../test/factories-portals.js';
import { sendChat, supportReply } from '../../../test/factories-chat.js';
import {
  checkoutOk,
  createCustomer,
  createShop,
  paymentByReference,
  sandboxAction,
  verify,
} from '../../../test/factories-checkout.js';
import { checkVapid, startPushEndpoint, TestSubscriber } from '../../../test/push-endpoint.js';
import { appSettings, pushSubscriptions } from './push.tables.js';
import { PushService } from './push.service.js';
import { dispatches } from '../dispatch/dispatch.tables.js';
import { orders } from '../orders/orders.tables.js';
import { riders } from '../rider/rider.tables.js';
import { users } from '../auth/auth.tables.js';
import { jobs } from '../../infra/db/tables.js';
import type {
  ChatAnswer,
  ErrorAnswer,
  PaymentVerifyAnswer,
  PushPublicKeyAnswer,
  PushUnsubscribedAnswer,
} from '@jara/shared';

let app: TestApp;
let endpoint: Awaited<ReturnType<typeof startPushEndpoint>>;
beforeAll(async () => {
  // 127.0.0.1 stands in for a browser's push service; only listed hosts are accepted.
  endpoint = await startPushEndpoint((path) =>
    path.startsWith('/gone/') ? 410 : path.startsWith('/busy/') ? 503 : 201,
  );
  app = await buildTestApp({ PUSH_ENDPOINT_HOSTS: '127.0.0.1' });
});
afterAll(async () => {
  await app.closeAll();
  await endpoint.close();
});

const send = (method: 'POST' | 'DELETE', url: string, cookie: string | undefined, payload: object) =>
  app.inject({ method, url, headers: { ...(cookie ? { cookie } : {}), origin: 'http://localhost:3000' }, payload });

/** A browser of this account subscribed at `path` of the local push service. */
async function subscribe(who: { user: { id: string }; cookie: string }, path: string) {
  const sub = new TestSubscriber(endpoint.url(`${path}${who.user.id}`));
  expect((await send('POST', '/api/push/subscriptions', who.cookie, sub.toJSON())).statusCode).toBe(201);
  return sub;
}

async function subscribed(path: string) {
  const customer = await createUser(app);
  return { customer, sub: await subscribe(customer, path) };
}

/** What the push service received for this subscription, decrypted. */
const pushedTo = (sub: TestSubscriber) =>
  endpoint.received
    .filter((r) => r.path === new URL(sub.endpoint).pathname)
    .map((r) => {
      expect(r.vapid.ok).toBe(true);
      return JSON.parse(sub.decrypt(r.body)) as unknown;
    });

describe('VAPID keys', () => {
  it('are made once, kept in the database and served to anyone', async () => {
    const res = await app.inject({ url: '/api/push/public-key' });
    expect(res.statusCode).toBe(200);
    const { publicKey } = json<PushPublicKeyAnswer>(res);
    expect(Buffer.from(publicKey, 'base64url')).toHaveLength(65);
    const [kept] = await app.ctx.db.select().from(appSettings).where(eq(appSettings.key, 'vapid'));
    expect(kept!.value.publicKey).toBe(publicKey);
    // A second instance on the same database signs with the same pair.
    const second = await buildTestApp({}, app.ctx.database);
    try {
      expect(json<PushPublicKeyAnswer>(await second.inject({ url: '/api/push/public-key' })).publicKey).toBe(publicKey);
    } finally {
      await second.close();
    }
  });

  it('come from the environment when given', async () => {
    const pair = webpush.generateVAPIDKeys();
    const other = await buildTestApp({ VAPID_PUBLIC_KEY: pair.publicKey, VAPID_PRIVATE_KEY: pair.privateKey });
    try {
      expect(json<PushPublicKeyAnswer>(await other.inject({ url: '/api/push/public-key' })).publicKey).toBe(
        pair.publicKey,
      );
    } finally {
      await other.closeAll();
    }
  });
});

describe('subscriptions', () => {
  it('need a session, valid keys and a known push service; delete only your own', async () => {
    const a = await createUser(app);
    const b = await createUser(app);
    const sub = new TestSubscriber(endpoint.url('/ok/a'));
    expect((await send('POST', '/api/push/subscriptions', undefined, sub.toJSON())).statusCode).toBe(401);
    const bad = (over: object) => send('POST', '/api/push/subscriptions', a.cookie, { ...sub.toJSON(), ...over });
    expect((await bad({ keys: { p256dh: 'short', auth: sub.toJSON().keys.auth } })).statusCode).toBe(400);
    expect((await bad({ keys: { p256dh: sub.toJSON().keys.p256dh, auth: 'x'.repeat(22) + '!' } })).statusCode).toBe(
      400,
    );
    expect((await bad({ extra: 1 })).statusCode).toBe(400);
    const foreign = await bad({ endpoint: 'https://evil.example.com/push/1' });
    expect(foreign.statusCode).toBe(400);
    expect(json<ErrorAnswer>(foreign).code).toBe('push_endpoint_not_allowed');
    expect((await bad({ endpoint: 'http://10.0.0.1/push' })).statusCode).toBe(400);
    expect(
      await app.ctx.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, a.user.id)),
    ).toHaveLength(0);

    expect((await send('POST', '/api/push/subscriptions', a.cookie, sub.toJSON())).statusCode).toBe(201);
    expect(
      json<PushUnsubscribedAnswer>(
        await send('DELETE', '/api/push/subscriptions', b.cookie, { endpoint: sub.endpoint }),
      ).removed,
    ).toBe(false);
    expect(
      await app.ctx.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, sub.endpoint)),
    ).toHaveLength(1);
    expect(
      json<PushUnsubscribedAnswer>(
        await send('DELETE', '/api/push/subscriptions', a.cookie, { endpoint: sub.endpoint }),
      ).removed,
    ).toBe(true);
    expect(
      await app.ctx.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, sub.endpoint)),
    ).toHaveLength(0);
  });
});

describe('sending', () => {
  it('a status change reaches the endpoint as a VAPID-signed aes128gcm message that decrypts to the payload', async () => {
    const { customer, sub } = await subscribed('/ok/');
    const vendor = await createVendorAccount(app, { businessName: 'Mama Put' });
    const { order } = await createPaidOrder(app, customer.user.id, [{ vendorId: vendor.vendor.id }]);
    const before = endpoint.received.length;
    expect((await send('POST', `/api/seller/orders/${order.id}/confirm`, vendor.cookie, {})).statusCode).toBe(200);
    // Nothing is sent inside the request: the job does it after commit.
    expect(endpoint.received.length).toBe(before);
    await app.ctx.jobs.drain();
    const got = endpoint.received.filter((r) => r.path === new URL(sub.endpoint).pathname);
    expect(got).toHaveLength(1);
    const msg = got[0]!;
    expect(msg.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(msg.headers.ttl)).toBeGreaterThan(0);
    expect(msg.vapid).toMatchObject({
      ok: true,
      publicKey: json<PushPublicKeyAnswer>(await app.inject({ url: '/api/push/public-key' })).publicKey,
    });
    expect(JSON.parse(sub.decrypt(msg.body))).toEqual({
      title: 'Order confirmed',
      body: 'Mama Put confirmed your order.',
      url: `/my-orders?order=${order.id}`,
      tag: `order-${order.id}`,
    });
    // The checks can fail: another subscription's keys do not decrypt it, another origin is not the audience.
    expect(() => new TestSubscriber(sub.endpoint).decrypt(msg.body)).toThrow();
    expect(checkVapid(msg.headers.authorization, 'https://fcm.googleapis.com').ok).toBe(false);
    const tampered = msg.headers.authorization!.replace(/k=([\w-]+)/, `k=${webpush.generateVAPIDKeys().publicKey}`);
    expect(checkVapid(tampered, new URL(sub.endpoint).origin)).toMatchObject({ ok: false, reason: 'bad signature' });
    const [row] = await app.ctx.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, sub.endpoint));
    expect(row!.lastSentAt).not.toBeNull();
  });

  it('a support reply in chat is pushed to the customer', async () => {
    const { customer, sub } = await subscribed('/ok/');
    const agent = await createUser(app, { role: 'support', name: 'Grace Agent' });
    const first = await sendChat(app, customer.cookie, { message: 'Where is my food?' });
    expect(first.statusCode).toBe(200);
    const chatId = json<ChatAnswer>(first).chat._id;
    assert(chatId !== null, 'a sent message belongs to a conversation');
    await app.ctx.jobs.drain();
    const path = new URL(sub.endpoint).pathname;
    expect(endpoint.received.filter((r) => r.path === path)).toHaveLength(0); // the customer's own message is not pushed back
    expect(
      (await supportReply(app, agent.cookie, chatId, { message: 'It is on the way, sorry for the wait!' })).statusCode,
    ).toBe(200);
    await app.ctx.jobs.drain();
    const got = endpoint.received.filter((r) => r.path === path);
    expect(got).toHaveLength(1);
    expect(got[0]!.vapid.ok).toBe(true);
    expect(JSON.parse(sub.decrypt(got[0]!.body))).toEqual({
      title: 'Grace Agent (Jara support)',
      body: 'It is on the way, sorry for the wait!',
      url: '/?contact=true',
      tag: `chat-${chatId}`,
    });
  });

  it('removes a subscription the push service says is gone (410) and retries one that is busy (503)', async () => {
    const gone = await subscribed('/gone/');
    const busy = await subscribed('/busy/');
    for (const who of [gone, busy]) {
      const vendor = await createVendorAccount(app);
      const { order } = await createPaidOrder(app, who.customer.user.id, [{ vendorId: vendor.vendor.id }]);
      expect((await send('POST', `/api/seller/orders/${order.id}/confirm`, vendor.cookie, {})).statusCode).toBe(200);
    }
    await app.ctx.jobs.drain();
    expect(endpoint.received.some((r) => r.path === new URL(gone.sub.endpoint).pathname)).toBe(true);
    expect(
      await app.ctx.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, gone.sub.endpoint)),
    ).toHaveLength(0);
    expect(
      await app.ctx.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, busy.sub.endpoint)),
    ).toHaveLength(1);
    const retrying = (await app.ctx.db.select().from(jobs).where(eq(jobs.kind, 'push.send'))).filter(
      (j) => j.doneAt === null && j.failedAt === null && j.lastError?.includes('503'),
    );
    expect(retrying).toHaveLength(1);
  });
});

describe('new orders for vendors', () => {
  it('a paid order is pushed to each shop owner, in their language, with their own items', async () => {
    const customer = await createCustomer(app);
    const rice = await createShop(app);
    const big = await createProduct(app, rice.vendor.id, { options: [{ name: 'Big', priceKobo: 250_000 }] });
    const drinks = await createShop(app, [50_000]);
    await app.ctx.db.update(users).set({ language: 'pcm' }).where(eq(users.id, drinks.owner.user.id));
    const [toCustomer, toRice, toDrinks] = await Promise.all([
      subscribe(customer, '/ok/'),
      subscribe(rice.owner, '/ok/'),
      subscribe(drinks.owner, '/ok/'),
    ]);
    const plain = rice.products[0]!.product;
    const drink = drinks.products[0]!.product;
    const { reference } = await checkoutOk(app, customer.cookie, {
      items: [
        { product: plain.id, quantity: 2 },
        { product: big.product.id, optionId: big.options[0]!.id, quantity: 1 },
        { product: drink.id, quantity: 3 },
      ],
      address: customer.address.id,
    });
    await app.ctx.jobs.drain();
    // An order not paid yet is no news for anyone.
    expect([...pushedTo(toCustomer), ...pushedTo(toRice), ...pushedTo(toDrinks)]).toEqual([]);

    await sandboxAction(app, reference, 'pay');
    expect(json<PaymentVerifyAnswer>(await verify(app, customer.cookie, reference)).state).toBe('paid');
    await app.ctx.jobs.drain();
    const orderId = (await paymentByReference(app, reference)).subjectId;
    // By product name, as the vendor's list shows them.
    const riceLines = [
      [plain.name, `2 × ${plain.name}`],
      [big.product.name, `1 × ${big.product.name} (Big)`],
    ]
      .sort(([a], [b]) => a!.localeCompare(b!))
      .map(([, line]) => line);
    expect(pushedTo(toRice)).toEqual([
      {
        title: 'New order',
        body: `${riceLines.join(', ')}. Open Jara to confirm it.`,
        url: '/seller',
        tag: `vendor-order-${orderId}`,
      },
    ]);
    expect(pushedTo(toDrinks)).toEqual([
      {
        title: 'New order don enter',
        body: `3 × ${drink.name}. Open Jara make you confirm am.`,
        url: '/seller',
        tag: `vendor-order-${orderId}`,
      },
    ]);
    // The customer hears of their own order, not the vendors' news.
    expect(pushedTo(toCustomer)).toEqual([expect.objectContaining({ title: 'Order placed', tag: `order-${orderId}` })]);
  });
});

describe('status messages', () => {
  it('name the shop that declined and the rider by first name; a customer is not told what they did', async () => {
    const push = new PushService(app.ctx);
    const customer = await createUser(app);
    const shop = await createVendorAccount(app, { businessName: 'Rice Hub' });
    const { order, items } = await createPaidOrder(app, customer.user.id, [{ vendorId: shop.vendor.id }]);
    const cancelled = {
      subjectType: 'order_item' as const,
      subjectIds: items.map((i) => i.id),
      status: 'Order Cancelled',
      note: 'Out of rice',
    };
    expect(await push.statusMessage({ ...cancelled, actorId: shop.user.id })).toEqual({
      userId: customer.user.id,
      payload: {
        title: 'Order declined',
        body: 'Rice Hub declined: Out of rice. Those items will be refunded.',
        url: `/my-orders?order=${order.id}`,
        tag: `order-${order.id}`,
      },
    });
    const otherShop = await createVendorAccount(app);
    expect((await push.statusMessage({ ...cancelled, actorId: otherShop.user.id }))?.payload.title).toBe(
      'Order cancelled',
    );
    expect(await push.statusMessage({ ...cancelled, actorId: customer.user.id })).toBeNull();

    // The rider's profile name first; an account without a rider profile by its own name.
    const rider = await createRiderAccount(app);
    await app.ctx.db.update(riders).set({ name: 'Tunde Bako' }).where(eq(riders.userId, rider.user.id));
    await app.ctx.db.update(orders).set({ riderId: rider.user.id }).where(eq(orders.id, order.id));
    const assigned = { ...cancelled, status: 'Order Assigned', actorId: rider.user.id, note: null };
    expect((await push.statusMessage(assigned))?.payload.body).toBe('Tunde is picking up your order.');
    const stranger = await createUser(app, { name: 'Kemi Ade' });
    await app.ctx.db.update(orders).set({ riderId: stranger.user.id }).where(eq(orders.id, order.id));
    expect((await push.statusMessage(assigned))?.payload.body).toBe('Kemi is picking up your order.');

    const dispatch = await createPaidDispatch(app, customer.user.id);
    await app.ctx.db.update(dispatches).set({ riderId: rider.user.id }).where(eq(dispatches.id, dispatch.id));
    expect(
      await push.statusMessage({
        subjectType: 'dispatch',
        subjectIds: [dispatch.id],
        status: 'Order Picked',
        actorId: rider.user.id,
        note: null,
      }),
    ).toEqual({
      userId: customer.user.id,
      payload: {
        title: 'Parcel picked up',
        body: 'Tunde has your parcel and is on the way to Drop.',
        url: `/dispatch?id=${dispatch.id}`,
        tag: `dispatch-${dispatch.id}`,
      },
    });
    expect(await push.statusMessage({ ...assigned, subjectIds: [crypto.randomUUID()] })).toBeNull();

    // The rider at the door: the order's customer, then the dispatch's sender, and in Pidgin.
    await app.ctx.db.update(orders).set({ riderId: rider.user.id }).where(eq(orders.id, order.id));
    const arrived = {
      subjectType: 'order' as const,
      subjectIds: [order.id],
      status: 'Rider Arrived',
      actorId: rider.user.id,
      note: null,
    };
    expect((await push.statusMessage(arrived))?.payload).toEqual({
      title: 'Your rider is at the door',
      body: 'Tunde is at your door with your order and waits 5 minutes. Come down with your delivery code.',
      url: `/my-orders?order=${order.id}`,
      tag: `order-${order.id}`,
    });
    const atDropOff = { ...arrived, subjectType: 'dispatch' as const, subjectIds: [dispatch.id] };
    expect((await push.statusMessage(atDropOff))?.payload.body).toBe(
      'Tunde is at the drop-off with your parcel and waits 5 minutes for Drop.',
    );
    await app.ctx.db.update(users).set({ language: 'pcm' }).where(eq(users.id, customer.user.id));
    expect((await push.statusMessage(arrived))?.payload.title).toBe('Your rider don reach your door');
  });
});
