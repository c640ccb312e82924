import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { ChatAnswer, JoinRoomAck, SupportReplyAnswer } from '@jara/shared';
import { buildTestApp, createUser, freshDatabase, json, unique, type TestApp } from '../../../test/helpers.js';
import {
  collect,
  connect,
  joinRoom,
  listen,
  nextEvent,
  sendChat,
  supportReply,
  type ClientSocket,
  chatIdOf,
  lastMessage,
} from '../../../test/factories-chat.js';
import { openPostgres } from '../../infra/db/client.js';
import { chatMessages } from './chat.tables.js';
import { chatRoom } from './chat.service.js';

let app: TestApp;
let url: string;
const sockets: ClientSocket[] = [];
const open = async (cookie?: string) => {
  const s = await connect(url, cookie);
  sockets.push(s);
  return s;
};

beforeAll(async () => {
  app = await buildTestApp();
  url = await listen(app);
});
afterEach(() => {
  for (const s of sockets.splice(0)) s.close();
});
afterAll(async () => {
  await app.closeAll();
});

/** A customer with a conversation, and a support agent. */
async function conversation() {
  const customer = await createUser(app, { name: 'Ada Obi' });
  const agent = await createUser(app, { name: 'Tolu Support', role: 'support' });
  const chatId = chatIdOf(json<ChatAnswer>(await sendChat(app, customer.cookie, { message: 'Hello?' })));
  return { customer, agent, chatId };
}

describe('chat over Socket.IO (real client)', () => {
  it('refuses a socket without a valid session', async () => {
    await expect(connect(url)).rejects.toThrow(/unauthorized/);
    await expect(connect(url, 'jara_sid=not-a-real-session-token-at-all')).rejects.toThrow(/unauthorized/);
  });

  it('lets a customer and an agent exchange messages live, with typing and stop-typing', async () => {
    const { customer, agent, chatId } = await conversation();
    const c = await open(customer.cookie);
    const a = await open(agent.cookie);
    expect(await joinRoom(c, chatId, customer.user.id)).toEqual({ ok: true });
    expect(await joinRoom(a, chatId, agent.user.id)).toEqual({ ok: true });

    // Customer → agent, through the HTTP call; the server broadcasts after saving.
    const toAgent = nextEvent(a, 'receive-message');
    const sent = json<ChatAnswer>(await sendChat(app, customer.cookie, { message: 'Where is my jollof?', chatId }));
    const [received] = await toAgent;
    expect(received).toMatchObject({
      _id: lastMessage(sent)._id,
      chatId,
      senderId: customer.user.id,
      senderName: 'Ada Obi',
      message: 'Where is my jollof?',
    });

    // Agent → customer, through the inbox reply.
    // Everyone in the room gets the broadcast (the sender too: clients ignore their own id).
    const toCustomer = nextEvent(c, 'receive-message', 3000, (m) => m.senderId !== customer.user.id);
    expect(
      (await supportReply(app, agent.cookie, chatId, { message: 'It left the kitchen 5 minutes ago.' })).statusCode,
    ).toBe(200);
    const [reply] = await toCustomer;
    expect(reply).toMatchObject({
      senderId: agent.user.id,
      senderName: 'Tolu Support',
      message: 'It left the kitchen 5 minutes ago.',
    });

    // Typing: relayed to the others in the room, with the name the server knows (not the one sent).
    const typing = nextEvent(a, 'typing');
    c.emit('typing', chatId, customer.user.id, 'Somebody Else');
    expect(await typing).toEqual([customer.user.id, 'Ada Obi', chatId]);
    const stop = nextEvent(a, 'stop-typing');
    c.emit('stop-typing', chatId, customer.user.id);
    expect(await stop).toEqual([customer.user.id, chatId]);

    // A client's send-message is relayed for its own saved message (the saved version), once.
    const relayed = nextEvent(a, 'receive-message');
    c.emit('send-message', chatId, { ...received, message: 'tampered text' } as never);
    const [again] = await relayed;
    expect(again).toMatchObject({ _id: received._id, message: 'Where is my jollof?' });
  });

  it('takes every event as one object with the spec names too: join, type, stop typing, send, leave', async () => {
    const { customer, agent, chatId } = await conversation();
    const c = await open(customer.cookie);
    const a = await open(agent.cookie);
    const joinAsObject = (s: ClientSocket, payload: { roomId: string; userId?: string }) =>
      new Promise<JoinRoomAck>((resolve) => s.emit('join-room', payload, resolve));
    expect(await joinAsObject(c, { roomId: chatId, userId: customer.user.id })).toEqual({ ok: true });
    expect(await joinAsObject(a, { roomId: chatId })).toEqual({ ok: true });
    expect(await app.ctx.realtime.io.in(chatRoom(chatId)).fetchSockets()).toHaveLength(2);

    // Listeners get what SPEC §7 names, first: typing (userId, name), stop-typing (userId).
    const typing = nextEvent(a, 'typing');
    c.emit('typing', { chatId, userId: customer.user.id, name: 'Somebody Else' });
    const [typingUser, typingName] = await typing;
    expect([typingUser, typingName]).toEqual([customer.user.id, 'Ada Obi']);
    const stop = nextEvent(a, 'stop-typing');
    c.emit('stop-typing', { chatId, userId: customer.user.id });
    expect((await stop)[0]).toBe(customer.user.id);

    // receive-message (message) carries the spec's chat message fields.
    const broadcast = nextEvent(a, 'receive-message');
    const sent = lastMessage(json<ChatAnswer>(await sendChat(app, customer.cookie, { message: 'Any news?', chatId })));
    const [message] = await broadcast;
    expect(message).toEqual({ ...sent, chatId, media: null, mediaType: null, sent: true });
    expect(Object.keys(message)).toEqual(
      expect.arrayContaining(['_id', 'senderId', 'senderName', 'message', 'media', 'timestamp', 'sent']),
    );
    const relayed = nextEvent(a, 'receive-message');
    c.emit('send-message', { roomId: chatId, message: { ...sent, message: 'tampered' } });
    expect((await relayed)[0]).toMatchObject({ _id: sent._id, message: 'Any news?', senderId: customer.user.id });

    // Leaving as an object: the agent no longer hears the room.
    a.emit('leave-room', { roomId: chatId });
    await expect
      .poll(async () => (await app.ctx.realtime.io.in(chatRoom(chatId)).fetchSockets()).map((s) => s.id))
      .toEqual([c.id]);
  });

  it('acknowledges a positional join-room without userId, and refuses a payload that does not fit', async () => {
    const { customer, chatId } = await conversation();
    const c = await open(customer.cookie);
    const ack = await new Promise<JoinRoomAck>((resolve) =>
      (c.emit as (...args: unknown[]) => void)('join-room', chatId, resolve),
    );
    expect(ack).toEqual({ ok: true });
    for (const payload of [{ chatId }, { roomId: 'not-an-id' }, { roomId: 42 }, { roomId: chatId, userId: {} }]) {
      const res = await new Promise<JoinRoomAck>((resolve) =>
        (c.emit as (...args: unknown[]) => void)('join-room', payload, resolve),
      );
      expect(res, JSON.stringify(payload)).toEqual({ ok: false, message: 'Invalid conversation.' });
    }
  });

  it('keeps a third user out with object-form events as with positional ones', async () => {
    const { customer, agent, chatId } = await conversation();
    const intruder = await createUser(app, { name: 'Eve' });
    const a = await open(agent.cookie);
    await joinRoom(a, chatId);
    const e = await open(intruder.cookie);
    const typingSeen = collect(a, 'typing');
    const seen = collect(a, 'receive-message');
    const refused = await new Promise<JoinRoomAck>((resolve) =>
      e.emit('join-room', { roomId: chatId, userId: customer.user.id }, resolve),
    );
    expect(refused).toMatchObject({ ok: false });
    const [first] = await app.ctx.db.select().from(chatMessages).where(eq(chatMessages.chatId, chatId));
    e.emit('typing', { chatId, userId: customer.user.id, name: 'Ada Obi' });
    e.emit('send-message', { roomId: chatId, message: { _id: first!.id } });
    // Acknowledged after them: the server has handled both events before this answer.
    expect(await new Promise<JoinRoomAck>((resolve) => e.emit('join-room', { roomId: chatId }, resolve))).toMatchObject(
      { ok: false },
    );
    const next = nextEvent(a, 'receive-message', 3000, (m) => m.chatId === chatId);
    await sendChat(app, customer.cookie, { message: 'after', chatId });
    await next;
    expect(typingSeen).toEqual([]);
    expect(seen.map(([m]) => m.message)).toEqual(['after']);
  });

  it('keeps a third user out: cannot join the room, post into it, or relay into it', async () => {
    const { customer, agent, chatId } = await conversation();
    const intruder = await createUser(app, { name: 'Eve' });
    const a = await open(agent.cookie);
    await joinRoom(a, chatId);
    const e = await open(intruder.cookie);
    const seenByAgent = collect(a, 'receive-message');
    const typingSeen = collect(a, 'typing');
    const seenByIntruder = collect(e, 'receive-message');

    expect(await joinRoom(e, chatId, customer.user.id)).toMatchObject({ ok: false });
    // Posting by id over HTTP is refused and stores nothing.
    const post = await sendChat(app, intruder.cookie, { message: 'let me in', chatId });
    expect(post.statusCode).toBe(404);
    // Socket events for a room it is not in are dropped, even naming a real message.
    const [first] = await app.ctx.db.select().from(chatMessages).where(eq(chatMessages.chatId, chatId));
    e.emit('typing', chatId, customer.user.id, 'Ada Obi');
    e.emit('send-message', chatId, { _id: first!.id });
    // An intruder's own message id from its own chat is not relayed into another room either.
    const own = json<ChatAnswer>(await sendChat(app, intruder.cookie, { message: 'mine' }));
    const ownId = chatIdOf(own);
    expect(await joinRoom(e, ownId)).toEqual({ ok: true });
    e.emit('send-message', chatId, { _id: lastMessage(own)._id });
    // An acknowledged event after them: the server has handled everything the intruder sent.
    expect(await joinRoom(e, ownId)).toEqual({ ok: true });

    // The customer's next message reaches the agent (after anything relayed above) but not the intruder.
    const next = nextEvent(a, 'receive-message', 3000, (m) => m.chatId === chatId);
    await sendChat(app, customer.cookie, { message: 'still private', chatId });
    await next;
    // A reply in the intruder's own conversation, sent after that message, reaches the intruder
    // after it would have.
    const marker = nextEvent(e, 'receive-message', 3000, (m) => m.chatId === ownId && m.message === 'marker');
    expect((await supportReply(app, agent.cookie, ownId, { message: 'marker' })).statusCode).toBe(200);
    await marker;
    expect(seenByAgent.map(([m]) => m.message)).toEqual(['still private']);
    expect(typingSeen).toEqual([]);
    expect(seenByIntruder.filter(([m]) => m.chatId === chatId)).toEqual([]);
    const rows = await app.ctx.db.select().from(chatMessages).where(eq(chatMessages.chatId, chatId));
    expect(rows.map((r) => r.body).sort()).toEqual(['Hello?', 'still private']);
  });

  it('drops a socket at once when its session ends (logout, sign out everywhere)', async () => {
    const { customer } = await conversation();
    const c = await open(customer.cookie);
    const disconnected = new Promise<string>((r) => c.once('disconnect', r));
    await app.ctx.sessions.destroyAllFor(customer.user.id);
    expect(await disconnected).toBe('io server disconnect');
  });

  it("does not relay another participant's message through send-message", async () => {
    const { customer, agent, chatId } = await conversation();
    const c = await open(customer.cookie);
    const a = await open(agent.cookie);
    await joinRoom(c, chatId);
    await joinRoom(a, chatId);
    const broadcast = nextEvent(a, 'receive-message', 3000, (m) => m.message === 'agent says');
    const reply = json<SupportReplyAnswer>(
      await supportReply(app, agent.cookie, chatId, { message: 'agent says' }),
    ).newMessage;
    await broadcast;
    const seen = collect(a, 'receive-message');
    c.emit('send-message', chatId, { _id: reply._id });
    // The customer's own message, relayed through the same path after it, marks that the
    // agent's id was handled (and dropped) first.
    const [hello] = await app.ctx.db
      .select()
      .from(chatMessages)
      .where(and(eq(chatMessages.chatId, chatId), eq(chatMessages.senderId, customer.user.id)));
    expect(hello).toMatchObject({ body: 'Hello?' });
    const relayed = nextEvent(a, 'receive-message', 3000, (m) => m._id === hello!.id);
    c.emit('send-message', chatId, { _id: hello!.id });
    await relayed;
    expect(seen.map(([m]) => m._id)).toEqual([hello!.id]);
  });

  it('tells agents inboxes that a conversation moved', async () => {
    const agent = await createUser(app, { role: 'support' });
    const a = await open(agent.cookie);
    const customer = await createUser(app);
    // With Redis, other suites' servers share the channel: wait for this conversation's update.
    const updates = collect(a, 'chat.updated');
    const chatId = chatIdOf(json<ChatAnswer>(await sendChat(app, customer.cookie, { message: 'new conversation' })));
    await expect
      .poll(() => updates.find(([u]) => u.chatId === chatId)?.[0], { timeout: 3000 })
      .toMatchObject({ chatId, status: 'open' });
  });

  it('emails an offline customer once per 15 minutes, and not while online', async () => {
    const { customer, agent, chatId } = await conversation();
    const { mailOutbox } = await import('../../infra/db/tables.js');
    const mails = async () =>
      await app.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, customer.user.email));

    const c = await open(customer.cookie);
    await supportReply(app, agent.cookie, chatId, { message: 'online reply' });
    expect(await mails()).toHaveLength(0);
    c.close();
    // Offline once the server no longer counts a socket of theirs (the check the reply makes).
    await expect
      .poll(async () => (await app.ctx.realtime.io.in(`user:${customer.user.id}`).fetchSockets()).length)
      .toBe(0);

    await supportReply(app, agent.cookie, chatId, { message: 'Your rider is at the gate.' });
    await supportReply(app, agent.cookie, chatId, { message: 'Second answer within 15 minutes' });
    const sent = await mails();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.textBody).toContain('Your rider is at the gate.');
    expect(sent[0]!.textBody).toContain('/?contact=true');
  });
});

const shared = process.env.TEST_DATABASE_URL && process.env.REDIS_URL;

describe.runIf(shared)('two server instances on one PostgreSQL and Redis', () => {
  it('deliver a message sent through one to a client connected to the other', async () => {
    const fresh = await freshDatabase();
    const second = await openPostgres(fresh.url!, 5);
    // Two instances of one deployment: the same REDIS_PREFIX (another prefix is another deployment).
    const deployment = { REDIS_PREFIX: `chat:${unique()}:` };
    const one = await buildTestApp(deployment, fresh.database);
    const two = await buildTestApp(deployment, second);
    const opened: ClientSocket[] = [];
    try {
      const urlOne = await listen(one);
      const urlTwo = await listen(two);
      const customer = await createUser(one, { name: 'Ada' });
      const agent = await createUser(one, { name: 'Tolu', role: 'support' });
      const chatId = chatIdOf(json<ChatAnswer>(await sendChat(one, customer.cookie, { message: 'first' })));

      const c = await connect(urlOne, customer.cookie);
      const a = await connect(urlTwo, agent.cookie);
      opened.push(c, a);
      expect(await joinRoom(c, chatId)).toEqual({ ok: true });
      expect(await joinRoom(a, chatId)).toEqual({ ok: true });
      // Instance one sees both sockets in the room through Redis: instance two answers its
      // requests, so its subscription to the broadcasts (made before that one) is live.
      await expect
        .poll(async () => (await one.ctx.realtime.io.in(chatRoom(chatId)).fetchSockets()).length, { timeout: 5000 })
        .toBe(2);

      // Sent through instance one, received on instance two.
      const onTwo = nextEvent(a, 'receive-message', 5000);
      await sendChat(one, customer.cookie, { message: 'across instances', chatId });
      expect((await onTwo)[0]).toMatchObject({ message: 'across instances', senderName: 'Ada' });

      // And the other way, with typing relayed across too.
      const onOne = nextEvent(c, 'receive-message', 5000, (m) => m.senderId === agent.user.id);
      await supportReply(two, agent.cookie, chatId, { message: 'answered from two' });
      expect((await onOne)[0]).toMatchObject({ message: 'answered from two', senderName: 'Tolu' });
      const typing = nextEvent(c, 'typing', 5000);
      a.emit('typing', chatId);
      expect(await typing).toEqual([agent.user.id, 'Tolu', chatId]);
    } finally {
      for (const s of opened) s.close();
      await one.close();
      await two.close();
      await second.close();
      await fresh.database.close();
      await fresh.drop();
    }
  });
});
