import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  AdminDispatchAnswer,
  AdminOrderAnswer,
  CANCEL_WINDOW_MS,
  type ChatAnswer,
  DispatchListAnswer,
  OrderAnswer,
  OrderListAnswer,
  type PaymentVerifyAnswer,
  SupportContextAnswer,
} from '@jara/shared';
import { buildTestApp, createAddress, createUser, json, type TestApp } from '../../../test/helpers.js';
import {
  checkoutOk,
  createShop,
  origin,
  paymentByReference,
  sandboxAction,
  verify,
} from '../../../test/factories-checkout.js';
import { createPaidDispatch } from '../../../test/factories-dispatch.js';
import { chatIdOf, sendChat } from '../../../test/factories-chat.js';
import { dispatches } from '../dispatch/dispatch.tables.js';

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.closeAll());

const get = (url: string, cookie: string) => app.inject({ url, headers: { cookie } });

const DOOR = { block: 'C', floor: '2', room: '214', landmark: 'Opposite the water tank' };

describe('the customer’s order answer says where the door is and how long cancelling stays open', () => {
  it('carries block, floor, room, landmark and the note; the window ends 5 minutes after payment', async () => {
    const shop = await createShop(app);
    const { user, cookie } = await createUser(app);
    const address = await createAddress(app, user.id, {
      address: 'Hall 3 (Aminu Kano Hall), University of Benin',
      placeId: 't-hall-3',
      placeName: 'Hall 3 (Aminu Kano Hall), University of Benin',
      ...DOOR,
    });
    const { reference } = await checkoutOk(app, cookie, {
      items: [{ product: shop.products[0]!.product.id, quantity: 2 }],
      address: address.id,
      deliveryNote: 'Call me at the porter’s lodge',
    } as never);
    await sandboxAction(app, reference, 'pay');
    expect(json<PaymentVerifyAnswer>(await verify(app, cookie, reference)).state).toBe('paid');
    const { subjectId: orderId } = await paymentByReference(app, reference);

    // Parsed with the shared response schemas, as the web app reads them.
    const [listed] = OrderListAnswer.parse(json(await get('/api/order/user', cookie))).orders;
    const { order } = OrderAnswer.parse(json(await get(`/api/order/${orderId}`, cookie)));
    for (const o of [listed!, order]) {
      expect(o.address).toMatchObject({
        ...DOOR,
        placeName: 'Hall 3 (Aminu Kano Hall), University of Benin',
        city: 'Benin City',
      });
      expect(o.deliveryNote).toBe('Call me at the porter’s lodge');
      expect(o.items[0]).toMatchObject({ quantity: 2, vendorName: shop.vendor.businessName });
      expect(o.canCancel).toBe(true);
      expect(Date.parse(o.cancelUntil!) - Date.parse(o.paidAt!)).toBe(CANCEL_WINDOW_MS);
    }

    // Once the vendor confirms, cancelling is over and no end time is given.
    const confirmed = await app.inject({
      method: 'POST',
      url: `/api/seller/orders/${orderId}/confirm`,
      headers: { cookie: shop.owner.cookie, ...origin },
      payload: {},
    });
    expect(confirmed.statusCode).toBe(200);
    const after = OrderAnswer.parse(json(await get(`/api/order/${orderId}`, cookie))).order;
    expect(after).toMatchObject({ status: 'Order Confirmed', canCancel: false, cancelUntil: null });
    expect(after.address).toMatchObject(DOOR);
  });
});

describe('the sender’s dispatch answer', () => {
  it('carries the pick-up’s door details and the end of the cancel window, only while it is open', async () => {
    const { user, cookie } = await createUser(app);
    const paidAt = new Date(Date.now() - 60_000);
    const { dispatch } = await createPaidDispatch(app, user.id, { paidAt });
    const late = await createPaidDispatch(app, user.id, { paidAt: new Date(Date.now() - CANCEL_WINDOW_MS - 1000) });
    // The factory's snapshot has no door; a saved pick-up address gives one (dispatch/sender.service.ts).
    await app.ctx.db
      .update(dispatches)
      .set({ pickup: { ...dispatch.pickup, block: 'B', room: '12', landmark: 'Near the chapel' } })
      .where(eq(dispatches.id, dispatch.id));
    const list = DispatchListAnswer.parse(json(await get('/api/dispatch/user', cookie))).orders;
    const fresh = list.find((d) => d._id === dispatch.id)!;
    expect(fresh.pickup.door).toEqual({
      placeName: null,
      block: 'B',
      floor: '',
      room: '12',
      landmark: 'Near the chapel',
    });
    expect(fresh.dropoff.door).toBeNull();
    expect(fresh).toMatchObject({
      canCancel: true,
      cancelUntil: new Date(paidAt.getTime() + CANCEL_WINDOW_MS).toISOString(),
    });
    expect(list.find((d) => d._id === late.dispatch.id)).toMatchObject({ canCancel: false, cancelUntil: null });
  });
});

describe('support and the admin see the door too', () => {
  it('an agent’s customer context and the admin’s order and dispatch views carry the door and the note', async () => {
    const shop = await createShop(app);
    const { user, cookie } = await createUser(app);
    const address = await createAddress(app, user.id, { address: 'Ugbowo, Benin City', city: 'Benin City', ...DOOR });
    const { reference } = await checkoutOk(app, cookie, {
      items: [{ product: shop.products[0]!.product.id, quantity: 1 }],
      address: address.id,
      deliveryNote: 'Call me at the gate',
    } as never);
    await sandboxAction(app, reference, 'pay');
    expect((await verify(app, cookie, reference)).statusCode).toBe(200);
    const { subjectId: orderId } = await paymentByReference(app, reference);

    const agent = await createUser(app, { role: 'support' });
    const chatId = chatIdOf(json<ChatAnswer>(await sendChat(app, cookie, { message: 'where is my food?' })));
    const context = SupportContextAnswer.parse(
      json(await get(`/api/support/chats/${chatId}/context`, agent.cookie)),
    ).context;
    expect(context.orders[0]).toMatchObject({
      _id: orderId,
      deliverTo: 'Ada Obi — Ugbowo, Benin City',
      door: { ...DOOR, placeName: null },
      deliveryNote: 'Call me at the gate',
    });

    const admin = await createUser(app, { role: 'admin' });
    const detail = AdminOrderAnswer.parse(json(await get(`/api/admin/orders/${orderId}`, admin.cookie))).order;
    expect(detail.address).toMatchObject({ ...DOOR, address: 'Ugbowo, Benin City' });
    expect(detail.deliveryNote).toBe('Call me at the gate');

    const { dispatch } = await createPaidDispatch(app, user.id);
    await app.ctx.db
      .update(dispatches)
      .set({ pickup: { ...dispatch.pickup, block: 'B', room: '12' } })
      .where(eq(dispatches.id, dispatch.id));
    const d = AdminDispatchAnswer.parse(json(await get(`/api/admin/dispatches/${dispatch.id}`, admin.cookie))).dispatch;
    expect(d.pickup).toBe('Hall 2 · Block B · Room 12');
  });
});
