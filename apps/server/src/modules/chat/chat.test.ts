import { afterAll, assert, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import {
  CHAT_MESSAGE_MAX,
  CHAT_MSG,
  UPLOAD_MSG,
  VIDEO_MAX_BYTES,
  type ChatAnswer,
  type ChatMessageDto,
  type ChatMessagesAnswer,
  type ChatUnreadAnswer,
  type ErrorAnswer,
} from '@jara/shared';
import { buildTestApp, createUser, json, type TestApp } from '../../../test/helpers.js';
import {
  ELF_AS_JPG,
  fakeMp4,
  HTML_AS_JPG,
  jpegWithGps,
  png,
  sendChat,
  supportReply,
  SVG,
  chatIdOf,
  lastMessage,
} from '../../../test/factories-chat.js';
import { chatMessages, chats } from './chat.tables.js';
import { users } from '../auth/auth.tables.js';

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.closeAll();
});

const getChat = (cookie: string) => app.inject({ url: '/api/chat/get-chat/', headers: { cookie } });

/** The id of the oldest message on a page: the cursor for the page before it. */
function oldestId(messages: ChatMessageDto[]): string {
  const [oldest] = messages;
  assert.isDefined(oldest, 'the page has a message');
  return oldest._id;
}

describe('GET /api/chat/get-chat/ and POST /api/chat/send', () => {
  it('needs a session', async () => {
    expect((await app.inject({ url: '/api/chat/get-chat/' })).statusCode).toBe(401);
    const res = await sendChat(app, 'jara_sid=nope', { message: 'hi' });
    expect(res.statusCode).toBe(401);
  });

  it('creates the chat on the first message, sets the user chatId, and answers in the spec shape', async () => {
    const { user, cookie } = await createUser(app, { name: 'Ada Obi' });
    const empty = json<ChatAnswer>(await getChat(cookie));
    expect(empty).toMatchObject({ success: true, chat: { _id: null, messages: [] } });
    expect(typeof empty.message).toBe('string');

    const res = await sendChat(app, cookie, { message: '  Where is my order?  ', chatId: '' });
    expect(res.statusCode).toBe(200);
    const body = json<ChatAnswer>(res);
    expect(body.success).toBe(true);
    const last = lastMessage(body);
    expect(last).toMatchObject({
      senderId: user.id,
      senderName: 'Ada Obi',
      message: 'Where is my order?',
      media: null,
      sent: true,
    });
    expect(new Date(last.timestamp).toISOString()).toBe(last.timestamp);
    const [stored] = await app.ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(stored!.chatId).toBe(body.chat._id);

    // The second message goes to the same conversation; get-chat lists them oldest first.
    await sendChat(app, cookie, { message: 'Order 123', chatId: chatIdOf(body) });
    const chat = json<ChatAnswer>(await getChat(cookie)).chat;
    expect(chat._id).toBe(body.chat._id);
    expect(chat.messages.map((m) => m.message)).toEqual(['Where is my order?', 'Order 123']);
    expect(await app.ctx.db.select().from(chats).where(eq(chats.customerId, user.id))).toHaveLength(1);
  });

  it('a first message whose form sends chatId "null", "undefined" or "" creates the chat', async () => {
    for (const missing of ['null', 'undefined', '', ' null ']) {
      const { user, cookie } = await createUser(app);
      const res = await sendChat(app, cookie, { message: 'Hello', chatId: missing });
      expect(res.statusCode, `chatId=${JSON.stringify(missing)}: ${res.body}`).toBe(200);
      const body = json<ChatAnswer>(res);
      const chatId = chatIdOf(body);
      expect(body.chat.messages.map((m) => m.message)).toEqual(['Hello']);
      const [stored] = await app.ctx.db.select().from(users).where(eq(users.id, user.id));
      expect(stored!.chatId).toBe(chatId);

      // The next such message goes to the same conversation, not a second one.
      const again = json<ChatAnswer>(await sendChat(app, cookie, { message: 'Still there?', chatId: missing }));
      expect(again.chat._id).toBe(chatId);
      expect(again.chat.messages.map((m) => m.message)).toEqual(['Hello', 'Still there?']);
      expect(await app.ctx.db.select().from(chats).where(eq(chats.customerId, user.id))).toHaveLength(1);
    }
  });

  it('a chatId that is neither missing nor a conversation of the caller is still refused', async () => {
    const { user, cookie } = await createUser(app);
    for (const chatId of ['nullx', 'NULL-ish', crypto.randomUUID()]) {
      const res = await sendChat(app, cookie, { message: 'Hello', chatId });
      expect(res.statusCode, chatId).toBe(404);
      expect(json<ErrorAnswer>(res).message).toBe(CHAT_MSG.noChat);
    }
    expect(await app.ctx.db.select().from(chats).where(eq(chats.customerId, user.id))).toHaveLength(0);
  });

  it('pages older messages with a cursor', async () => {
    const { cookie } = await createUser(app);
    let chatId = '';
    for (let i = 1; i <= 7; i++) {
      const body = json<ChatAnswer>(await sendChat(app, cookie, { message: `m${i}`, chatId }));
      chatId = chatIdOf(body);
    }
    const first = json<ChatMessagesAnswer>(
      await app.inject({ url: '/api/chat/messages?limit=3', headers: { cookie } }),
    ).chat;
    expect(first.messages.map((m) => m.message)).toEqual(['m5', 'm6', 'm7']);
    expect(first.hasMore).toBe(true);
    const second = json<ChatMessagesAnswer>(
      await app.inject({ url: `/api/chat/messages?limit=3&before=${oldestId(first.messages)}`, headers: { cookie } }),
    ).chat;
    expect(second.messages.map((m) => m.message)).toEqual(['m2', 'm3', 'm4']);
    const third = json<ChatMessagesAnswer>(
      await app.inject({ url: `/api/chat/messages?limit=3&before=${oldestId(second.messages)}`, headers: { cookie } }),
    ).chat;
    expect(third.messages.map((m) => m.message)).toEqual(['m1']);
    expect(third.hasMore).toBe(false);
  });

  it('refuses blank messages and messages over the limit, and stores nothing', async () => {
    const { user, cookie } = await createUser(app);
    const blank = await sendChat(app, cookie, { message: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(json<ErrorAnswer>(blank).message).toBe(CHAT_MSG.empty);
    const long = await sendChat(app, cookie, { message: 'x'.repeat(CHAT_MESSAGE_MAX + 1) });
    expect(long.statusCode).toBe(400);
    expect(json<ErrorAnswer>(long)).toMatchObject({ success: false, message: CHAT_MSG.tooLong });
    const huge = await sendChat(app, cookie, { message: 'x'.repeat(100_000) });
    expect(huge.statusCode).toBe(400);
    expect(json<ErrorAnswer>(huge).message).toBe(CHAT_MSG.tooLong);
    expect(await app.ctx.db.select().from(chats).where(eq(chats.customerId, user.id))).toHaveLength(0);
  });

  it("cannot post into or read someone else's conversation", async () => {
    const owner = await createUser(app);
    const intruder = await createUser(app);
    const chatId = chatIdOf(json<ChatAnswer>(await sendChat(app, owner.cookie, { message: 'private' })));
    const post = await sendChat(app, intruder.cookie, { message: 'hello', chatId });
    expect(post.statusCode).toBe(404);
    const read = await app.inject({ url: `/api/chat/messages?chatId=${chatId}`, headers: { cookie: intruder.cookie } });
    expect(read.statusCode).toBe(404);
    const rows = await app.ctx.db.select().from(chatMessages).where(eq(chatMessages.chatId, chatId));
    expect(rows.map((r) => r.body)).toEqual(['private']);
  });

  it('rate-limits sending', async () => {
    const { cookie } = await createUser(app);
    let chatId = '';
    const statuses: number[] = [];
    for (let i = 0; i < 22; i++) {
      const res = await sendChat(app, cookie, { message: `spam ${i}`, chatId });
      statuses.push(res.statusCode);
      if (res.statusCode === 200) chatId = chatIdOf(json<ChatAnswer>(res));
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(20);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe('chat uploads', () => {
  it('re-encodes a photo to WebP without its metadata and serves it only to participants', async () => {
    const owner = await createUser(app);
    const agent = await createUser(app, { role: 'support' });
    const stranger = await createUser(app);
    const original = await jpegWithGps();
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const res = await sendChat(
      app,
      owner.cookie,
      { message: '' },
      { name: 'IMG_2024.jpg', type: 'image/jpeg', data: original },
    );
    expect(res.statusCode).toBe(200);
    const msg = lastMessage(json<ChatAnswer>(res));
    expect(msg.mediaType).toBe('image');
    expect(msg.media).toMatch(/^\/api\/chat\/media\/[0-9a-f-]{36}\.webp$/);
    expect(msg.media).not.toContain('IMG_2024');
    assert.isNotNull(msg.media, 'the message has its photo');

    const mine = await app.inject({ url: msg.media, headers: { cookie: owner.cookie } });
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-type']).toBe('image/webp');
    const meta = await sharp(mine.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.exif).toBeUndefined();
    expect(mine.rawPayload.includes(Buffer.from('GPS-9000'))).toBe(false);

    expect((await app.inject({ url: msg.media, headers: { cookie: agent.cookie } })).statusCode).toBe(200);
    expect((await app.inject({ url: msg.media, headers: { cookie: stranger.cookie } })).statusCode).toBe(404);
    expect((await app.inject({ url: msg.media })).statusCode).toBe(401);
    expect(
      (await app.inject({ url: '/api/chat/media/..%2F..%2Fetc%2Fpasswd', headers: { cookie: owner.cookie } }))
        .statusCode,
    ).toBe(404);
  });

  it('accepts a PNG and an MP4 video (by their bytes) and serves video ranges', async () => {
    const { cookie } = await createUser(app);
    const img = json<ChatAnswer>(
      await sendChat(app, cookie, { message: 'png' }, { name: 'a.png', type: 'image/png', data: await png() }),
    );
    expect(lastMessage(img).mediaType).toBe('image');
    const vid = await sendChat(
      app,
      cookie,
      { message: 'clip', chatId: chatIdOf(img) },
      { name: 'clip.bin', type: 'application/octet-stream', data: fakeMp4(4096) },
    );
    expect(vid.statusCode).toBe(200);
    const m = lastMessage(json<ChatAnswer>(vid));
    expect(m.mediaType).toBe('video');
    expect(m.media).toMatch(/\.mp4$/);
    assert.isNotNull(m.media, 'the message has its video');
    const part = await app.inject({ url: m.media, headers: { cookie, range: 'bytes=0-99' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe('bytes 0-99/4096');
    expect(part.rawPayload.length).toBe(100);
  });

  it.each([
    ['photo.jpg that is HTML', { name: 'photo.jpg', type: 'image/jpeg', data: HTML_AS_JPG }, 400, UPLOAD_MSG.badType],
    [
      'photo.jpg that is an ELF executable',
      { name: 'photo.jpg', type: 'image/jpeg', data: ELF_AS_JPG },
      400,
      UPLOAD_MSG.badType,
    ],
    ['an SVG image', { name: 'logo.svg', type: 'image/svg+xml', data: SVG }, 400, UPLOAD_MSG.badType],
    [
      'a truncated JPEG',
      { name: 'broken.jpg', type: 'image/jpeg', data: Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 1, 2, 3]) },
      400,
      UPLOAD_MSG.unreadable,
    ],
  ])('refuses %s with a clear message and stores nothing', async (_label, file, status, message) => {
    const { user, cookie } = await createUser(app);
    const res = await sendChat(app, cookie, { message: 'look' }, file);
    expect(res.statusCode).toBe(status);
    expect(json<ErrorAnswer>(res)).toMatchObject({ success: false, message });
    expect(await app.ctx.db.select().from(chats).where(eq(chats.customerId, user.id))).toHaveLength(0);
  });

  it('refuses a video over 50 MB', async () => {
    const { user, cookie } = await createUser(app);
    const res = await sendChat(
      app,
      cookie,
      { message: 'big' },
      { name: 'big.mp4', type: 'video/mp4', data: fakeMp4(VIDEO_MAX_BYTES + 1024) },
    );
    expect(res.statusCode).toBe(413);
    expect(json<ErrorAnswer>(res)).toMatchObject({ success: false, message: UPLOAD_MSG.videoTooLarge });
    expect(await app.ctx.db.select().from(chats).where(eq(chats.customerId, user.id))).toHaveLength(0);
  });

  it('refuses an image over 10 MB', async () => {
    const { cookie } = await createUser(app);
    const big = Buffer.concat([await png(), Buffer.alloc(10 * 1024 * 1024)]);
    const res = await sendChat(app, cookie, { message: '' }, { name: 'big.png', type: 'image/png', data: big });
    expect(res.statusCode).toBe(413);
    expect(json<ErrorAnswer>(res).message).toBe(UPLOAD_MSG.imageTooLarge);
  });

  it('answers a JSON body with a clear 400', async () => {
    const { cookie } = await createUser(app);
    const res = await app.inject({
      method: 'POST',
      url: '/api/chat/send',
      payload: { message: 'hi' },
      headers: { cookie },
    });
    expect(res.statusCode).toBe(400);
    expect(json<ErrorAnswer>(res).success).toBe(false);
  });
});

describe('unread count for the customer', () => {
  it('counts agent replies since the customer last read', async () => {
    const customer = await createUser(app);
    const agent = await createUser(app, { role: 'support', name: 'Tolu (Support)' });
    const chatId = chatIdOf(json<ChatAnswer>(await sendChat(app, customer.cookie, { message: 'hello' })));
    await supportReply(app, agent.cookie, chatId, { message: 'Hi! How can we help?' });
    await supportReply(app, agent.cookie, chatId, { message: 'Are you there?' });
    expect(
      json<ChatUnreadAnswer>(await app.inject({ url: '/api/chat/unread', headers: { cookie: customer.cookie } })),
    ).toMatchObject({
      chatId,
      unread: 2,
    });
    await app.inject({
      method: 'POST',
      url: '/api/chat/read',
      payload: { chatId },
      headers: { cookie: customer.cookie },
    });
    expect(
      json<ChatUnreadAnswer>(await app.inject({ url: '/api/chat/unread', headers: { cookie: customer.cookie } }))
        .unread,
    ).toBe(0);
    const other = await createUser(app);
    expect(
      (
        await app.inject({
          method: 'POST',
          url: '/api/chat/read',
          payload: { chatId },
          headers: { cookie: other.cookie },
        })
      ).statusCode,
    ).toBe(404);
  });
});
