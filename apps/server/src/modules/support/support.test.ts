import { afterAll, assert, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildTestApp, createAddress, createUser, json, unique, type TestApp } from '../../../test/helpers.js';
import { chatIdOf, png, sendChat, supportReply } from '../../../test/factories-chat.js';
import { chats } from '../chat/chat.tables.js';
import { dispatches } from '../dispatch/dispatch.tables.js';
import { mailOutbox } from '../../infra/db/tables.js';
import { orderItems, orders } from '../orders/orders.tables.js';
import { createProduct, createVendor } from '../../../test/helpers.js';
import type {
  ChatAnswer,
  ChatStatusAnswer,
  SupportChatsAnswer,
  SupportContextAnswer,
  SupportReplyAnswer,
  SupportThreadAnswer,
} from '@jara/shared';

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.closeAll();
});

const get = (url: string, cookie: string) => app.inject({ url, headers: { cookie } });
const post = (url: string, cookie: string, payload: object = {}) =>
  app.inject({ method: 'POST', url, payload, headers: { cookie } });

describe('support inbox', () => {
  it('is only for support agents and admins', async () => {
    const customer = await createUser(app);
    const vendor = await createUser(app, { role: 'vendor' });
    const chatId = chatIdOf(json<ChatAnswer>(await sendChat(app, customer.cookie, { message: 'hi' })));
    for (const who of [customer, vendor]) {
      expect((await get('/api/support/chats', who.cookie)).statusCode).toBe(403);
      expect((await get(`/api/support/chats/${chatId}`, who.cookie)).statusCode).toBe(403);
      expect((await get(`/api/support/chats/${chatId}/context`, who.cookie)).statusCode).toBe(403);
      expect((await supportReply(app, who.cookie, chatId, { message: 'I am support now' })).statusCode).toBe(403);
      expect((await post(`/api/support/chats/${chatId}/resolve`, who.cookie)).statusCode).toBe(403);
      expect((await get('/api/support/contact-messages', who.cookie)).statusCode).toBe(403);
    }
    expect((await app.inject({ url: '/api/support/chats' })).statusCode).toBe(401);
    const admin = await createUser(app, { role: 'admin' });
    expect((await get('/api/support/chats', admin.cookie)).statusCode).toBe(200);
  });

  it('lists conversations by latest message with unread counts, and searches by name or email', async () => {
    const agent = await createUser(app, { role: 'support', name: 'Agent A' });
    const tag = unique('t');
    const ada = await createUser(app, { name: `Ada ${tag}`, email: `ada.${tag}@example.com` });
    const bayo = await createUser(app, { name: `Bayo ${tag}`, email: `bayo.${tag}@uniben.edu` });
    const adaChat = chatIdOf(json<ChatAnswer>(await sendChat(app, ada.cookie, { message: 'one' })));
    const bayoChat = chatIdOf(json<ChatAnswer>(await sendChat(app, bayo.cookie, { message: 'two' })));
    await sendChat(app, ada.cookie, { message: 'three', chatId: adaChat });

    const list = json<SupportChatsAnswer>(await get(`/api/support/chats?q=${tag}`, agent.cookie)).chats;
    expect(list.map((c: { _id: string }) => c._id)).toEqual([adaChat, bayoChat]);
    expect(list[0]).toMatchObject({
      status: 'open',
      unread: 2,
      customer: { name: `Ada ${tag}` },
      lastMessage: { message: 'three' },
    });
    expect(list[1]?.unread).toBe(1);

    // Reading and answering clear the agent's unread count; a reply moves the conversation up.
    await post(`/api/support/chats/${bayoChat}/read`, agent.cookie);
    await supportReply(app, agent.cookie, bayoChat, { message: 'Hello Bayo' });
    const after = json<SupportChatsAnswer>(await get(`/api/support/chats?q=${tag}`, agent.cookie)).chats;
    expect(after.map((c: { _id: string }) => c._id)).toEqual([bayoChat, adaChat]);
    expect(after[0]?.unread).toBe(0);

    const byEmail = json<SupportChatsAnswer>(
      await get(`/api/support/chats?q=${encodeURIComponent(`bayo.${tag}@uniben`)}`, agent.cookie),
    ).chats;
    expect(byEmail.map((c: { _id: string }) => c._id)).toEqual([bayoChat]);
    expect(
      json<SupportChatsAnswer>(await get('/api/support/chats?q=%25', agent.cookie)).chats.every(
        (c: { customer: { name: string } }) => c.customer.name.includes('%'),
      ),
    ).toBe(true);
  });

  it('shows a thread, replies with media, resolves and reopens', async () => {
    const agent = await createUser(app, { role: 'support', name: 'Agent B' });
    const customer = await createUser(app, { name: 'Chidi' });
    const chatId = chatIdOf(json<ChatAnswer>(await sendChat(app, customer.cookie, { message: 'My parcel?' })));

    const thread = json<SupportThreadAnswer>(await get(`/api/support/chats/${chatId}`, agent.cookie)).chat;
    expect(thread).toMatchObject({ _id: chatId, status: 'open', customer: { name: 'Chidi' } });
    expect(thread.messages.map((m: { message: string }) => m.message)).toEqual(['My parcel?']);

    const res = await supportReply(
      app,
      agent.cookie,
      chatId,
      { message: 'Here is the receipt' },
      { name: 'r.png', type: 'image/png', data: await png() },
    );
    expect(res.statusCode).toBe(200);
    const media = json<SupportReplyAnswer>(res).newMessage.media;
    assert(media !== null, 'the reply carries its attachment');
    expect((await get(media, customer.cookie)).statusCode).toBe(200);

    expect(json<ChatStatusAnswer>(await post(`/api/support/chats/${chatId}/resolve`, agent.cookie)).chat.status).toBe(
      'resolved',
    );
    expect(
      json<SupportChatsAnswer>(await get(`/api/support/chats?status=resolved&q=Chidi`, agent.cookie)).chats.map(
        (c: { _id: string }) => c._id,
      ),
    ).toContain(chatId);
    expect(json<ChatStatusAnswer>(await post(`/api/support/chats/${chatId}/reopen`, agent.cookie)).chat.status).toBe(
      'open',
    );
    // A customer's new message reopens a resolved conversation.
    await post(`/api/support/chats/${chatId}/resolve`, agent.cookie);
    await sendChat(app, customer.cookie, { message: 'One more thing', chatId });
    const [row] = await app.ctx.db.select().from(chats).where(eq(chats.id, chatId));
    expect(row!.status).toBe('open');

    expect((await get('/api/support/chats/not-a-uuid', agent.cookie)).statusCode).toBe(400);
    expect((await get(`/api/support/chats/${crypto.randomUUID()}`, agent.cookie)).statusCode).toBe(404);
  });

  it("shows the customer's recent orders and dispatches beside the thread", async () => {
    const agent = await createUser(app, { role: 'support' });
    const customer = await createUser(app, { name: 'Dayo' });
    const chatId = chatIdOf(json<ChatAnswer>(await sendChat(app, customer.cookie, { message: 'where is my order' })));
    const vendor = await createVendor(app);
    const { product, options } = await createProduct(app, vendor.id);
    const address = await createAddress(app, customer.user.id);
    const addressJson = { address: address.address };
    const [paid] = await app.ctx.db
      .insert(orders)
      .values({
        userId: customer.user.id,
        addressId: address.id,
        address: addressJson,
        itemsKobo: 150_000,
        deliveryFeeKobo: 60_000,
        serviceFeeKobo: 3_200,
        amountKobo: 213_200,
        paymentState: 'paid',
        paidAt: new Date(),
      } as typeof orders.$inferInsert)
      .returning();
    await app.ctx.db.insert(orderItems).values({
      orderId: paid!.id,
      productId: product.id,
      optionId: options[0]!.id,
      vendorId: vendor.id,
      productName: 'Jollof rice',
      optionName: 'Default Option',
      unitPriceKobo: 150_000,
      quantity: 1,
      status: 'Order Picked',
    } as typeof orderItems.$inferInsert);
    await app.ctx.db.insert(orders).values({
      userId: customer.user.id,
      address: addressJson,
      itemsKobo: 1,
      deliveryFeeKobo: 0,
      serviceFeeKobo: 0,
      amountKobo: 1,
      paymentState: 'awaiting',
    } as typeof orders.$inferInsert);
    await app.ctx.db.insert(dispatches).values({
      userId: customer.user.id,
      pickup: {},
      dropoff: { firstName: 'Ngozi', lastName: 'Eze', address: 'Hall 3' },
      deliveryFeeKobo: 75_000,
      serviceFeeKobo: 1_200,
      amountKobo: 76_200,
      paymentState: 'paid',
      status: 'Order Assigned',
    } as typeof dispatches.$inferInsert);

    const ctxRes = json<SupportContextAnswer>(await get(`/api/support/chats/${chatId}/context`, agent.cookie)).context;
    expect(ctxRes.customer).toMatchObject({ name: 'Dayo', email: customer.user.email });
    expect(ctxRes.orders).toHaveLength(1);
    expect(ctxRes.orders[0]).toMatchObject({
      _id: paid!.id,
      amount: 2132,
      status: 'Order Picked',
      items: [{ name: 'Jollof rice', quantity: 1 }],
    });
    expect(ctxRes.dispatches).toHaveLength(1);
    expect(ctxRes.dispatches[0]).toMatchObject({
      status: 'Order Assigned',
      deliveryFee: 750,
      dropoff: 'Ngozi Eze — Hall 3',
    });
  });

  it('does not email the customer about a reply when the reply is refused', async () => {
    const agent = await createUser(app, { role: 'support' });
    const customer = await createUser(app);
    const chatId = chatIdOf(json<ChatAnswer>(await sendChat(app, customer.cookie, { message: 'hi' })));
    const res = await supportReply(app, agent.cookie, chatId, { message: '   ' });
    expect(res.statusCode).toBe(400);
    expect(
      await app.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, customer.user.email)),
    ).toHaveLength(0);
  });
});
