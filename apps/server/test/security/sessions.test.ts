import { afterAll, afterEach, assert, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { ChatAnswer, ErrorAnswer, IsAuthAnswer } from '@jara/shared';
import { io } from 'socket.io-client';
import { jobs, mailOutbox } from '../../src/infra/db/tables.js';
import { passwordResets } from '../../src/modules/auth/auth.tables.js';
import { SESSION_COOKIE } from '../../src/infra/sessions.js';
import { buildTestApp, createUser, json, PASSWORD, unique, type TestApp } from '../helpers.js';
import { listen, sendChat, supportReply, type ClientSocket } from '../factories-chat.js';

/** Sessions end when they should, everywhere they live: cookies, reset links and sockets. */

let app: TestApp;
let url: string;
const sockets: ClientSocket[] = [];
const OWN_ORIGIN = 'http://localhost:3000';

beforeAll(async () => {
  app = await buildTestApp({ PUBLIC_URL: OWN_ORIGIN });
  url = await listen(app);
});
afterEach(() => {
  for (const s of sockets.splice(0)) s.close();
});
afterAll(async () => app?.closeAll());

const isAuth = async (cookie: string) =>
  json<IsAuthAnswer>(await app.inject({ url: '/api/user/is-auth', headers: { cookie } })).success;

async function login(email: string, password = PASSWORD): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/user/login', payload: { email, password } });
  expect(res.statusCode).toBe(200);
  const set = String(res.headers['set-cookie']);
  return `${SESSION_COOKIE}=${set.match(new RegExp(`${SESSION_COOKIE}=([^;]+)`))![1]}`;
}

async function resetLinks(email: string): Promise<URL[]> {
  await app.ctx.jobs.drain();
  const mails = await app.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email));
  return mails.map((m) => new URL(m.textBody.match(/http\S+/)![0]));
}

const requestReset = (email: string) =>
  app.inject({ method: 'POST', url: '/api/user/sendPasswordResetEmail', payload: { email } });
const useLink = (link: URL, newPassword: string) =>
  app.inject({
    method: 'POST',
    url: '/api/user/resetPassword',
    payload: { id: link.searchParams.get('id'), token: link.searchParams.get('token'), newPassword },
  });

/** A socket as a browser on `origin` would open it; resolves once connected. */
function openSocket(cookie: string, origin = OWN_ORIGIN): Promise<ClientSocket> {
  return new Promise((resolve, reject) => {
    const socket: ClientSocket = io(url, {
      transports: ['websocket'],
      extraHeaders: { cookie, origin },
      reconnection: false,
      forceNew: true,
      timeout: 5000,
    });
    sockets.push(socket);
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (err) => reject(err));
  });
}

const disconnected = (socket: ClientSocket) => new Promise<string>((resolve) => socket.once('disconnect', resolve));

describe('password change and reset', () => {
  it('a password change logs out every other session and keeps the current one', async () => {
    const { user } = await createUser(app);
    const here = await login(user.email);
    const elsewhere = await login(user.email);
    const res = await app.inject({
      method: 'POST',
      url: '/api/user/change-password',
      headers: { cookie: here },
      payload: { currentPassword: PASSWORD, newPassword: 'Changed#2026' },
    });
    expect(res.statusCode).toBe(200);
    expect(await isAuth(here)).toBe(true);
    expect(await isAuth(elsewhere)).toBe(false);
  });

  it('a password change voids the reset links already sent', async () => {
    const { user, cookie } = await createUser(app);
    await requestReset(user.email);
    const [link] = await resetLinks(user.email);
    await app.inject({
      method: 'POST',
      url: '/api/user/change-password',
      headers: { cookie },
      payload: { currentPassword: PASSWORD, newPassword: 'Changed#2026' },
    });
    const res = await useLink(link!, 'Stolen#2026');
    expect(json<ErrorAnswer>(res).code).toBe('invalid_reset_token');
  });

  it("after a reset, the account's older reset links fail", async () => {
    const { user } = await createUser(app);
    await requestReset(user.email);
    await requestReset(user.email);
    const [first, second] = await resetLinks(user.email);
    expect((await useLink(second!, 'Fresh#2026a')).statusCode).toBe(200);
    const old = await useLink(first!, 'Stolen#2026');
    expect(old.statusCode).toBe(400);
    expect(json<ErrorAnswer>(old).code).toBe('invalid_reset_token');
  });

  it('asking for a reset does the same work for a known and an unknown account (one queued job, nothing else)', async () => {
    const { user } = await createUser(app);
    const effects = async (email: string) => {
      const [before] = await app.ctx.db.select({ n: sql<number>`count(*)::int` }).from(jobs);
      const [resetsBefore] = await app.ctx.db.select({ n: sql<number>`count(*)::int` }).from(passwordResets);
      const res = await requestReset(email);
      const [after] = await app.ctx.db.select({ n: sql<number>`count(*)::int` }).from(jobs);
      const [resetsAfter] = await app.ctx.db.select({ n: sql<number>`count(*)::int` }).from(passwordResets);
      return {
        body: res.body,
        status: res.statusCode,
        jobs: after!.n - before!.n,
        resets: resetsAfter!.n - resetsBefore!.n,
      };
    };
    const known = await effects(user.email);
    const unknown = await effects(`${unique()}@nobody.example`);
    expect(known).toEqual(unknown);
    expect(known).toMatchObject({ status: 200, jobs: 1, resets: 0 });
    // The link is made by the job, for the known account only.
    expect(await resetLinks(user.email)).toHaveLength(1);
  });

  it('a login spends about the same time on a known and an unknown account (the password hash is computed either way)', async () => {
    const { user } = await createUser(app);
    const time = async (email: string) => {
      const start = process.hrtime.bigint();
      await app.inject({ method: 'POST', url: '/api/user/login', payload: { email, password: 'Wrong#Guess1' } });
      return Number(process.hrtime.bigint() - start) / 1e6;
    };
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 7; i++) {
      known.push(await time(user.email));
      unknown.push(await time(`${unique()}@nobody.example`));
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const ratio = median(known) / median(unknown);
    expect(ratio).toBeGreaterThan(0.5);
    expect(ratio).toBeLessThan(2);
  });
});

describe('logout', () => {
  const getLogout = (headers: Record<string, string | undefined>) =>
    app.inject({ method: 'GET', url: '/api/user/logout', headers });

  it("the spec's GET logs out from our own pages, from a typed address and from a client without browser headers", async () => {
    for (const headers of [
      { 'sec-fetch-site': 'same-origin', origin: OWN_ORIGIN },
      { 'sec-fetch-site': 'same-origin' },
      { 'sec-fetch-site': 'none' },
      {},
    ]) {
      const { cookie } = await createUser(app);
      const res = await getLogout({ cookie, ...headers });
      expect(res.statusCode, JSON.stringify(headers)).toBe(200);
      expect(json<{ message: string }>(res).message).toBe('Logged out');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(String(res.headers['set-cookie'])).toMatch(new RegExp(`^${SESSION_COOKIE}=;`));
      expect(await isAuth(cookie), JSON.stringify(headers)).toBe(false);
    }
  });

  it('a GET from another site, a sibling subdomain, a foreign Origin or a prefetch cannot log anyone out', async () => {
    const { cookie } = await createUser(app);
    for (const headers of [
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document' },
      { 'sec-fetch-site': 'same-site' },
      { origin: 'https://evil.example' },
      { origin: 'https://evil.example', 'sec-fetch-site': 'same-origin' },
      { origin: 'null' },
      { 'sec-fetch-site': 'same-origin', 'sec-purpose': 'prefetch' },
      { 'sec-fetch-site': 'same-origin', purpose: 'prefetch' },
      { 'sec-fetch-site': 'same-origin', 'sec-purpose': 'prefetch;prerender' },
    ]) {
      const res = await getLogout({ cookie, ...headers });
      expect(res.statusCode, JSON.stringify(headers)).toBe(403);
      expect(json<ErrorAnswer>(res).code).toBe('bad_origin');
      expect(res.headers['set-cookie'], JSON.stringify(headers)).toBeUndefined();
    }
    expect(await isAuth(cookie)).toBe(true);
  });

  it('a HEAD is not a logout (a link checker must not end the session)', async () => {
    const { cookie } = await createUser(app);
    const res = await app.inject({ method: 'HEAD', url: '/api/user/logout', headers: { cookie } });
    expect(res.statusCode).not.toBe(200);
    expect(await isAuth(cookie)).toBe(true);
  });

  it("the spec's GET logout disconnects the session's socket like the POST", async () => {
    const { cookie } = await createUser(app);
    const socket = await openSocket(cookie);
    const gone = disconnected(socket);
    expect((await getLogout({ cookie, 'sec-fetch-site': 'same-origin' })).statusCode).toBe(200);
    expect(await gone).toBe('io server disconnect');
  });

  it('a cross-site POST cannot either; our own page can', async () => {
    const { cookie } = await createUser(app);
    expect(
      (
        await app.inject({
          method: 'POST',
          url: '/api/user/logout',
          headers: { cookie, origin: 'https://evil.example' },
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await app.inject({
          method: 'POST',
          url: '/api/user/logout',
          headers: { cookie, 'sec-fetch-site': 'cross-site' },
        })
      ).statusCode,
    ).toBe(403);
    expect(await isAuth(cookie)).toBe(true);
    expect(
      (await app.inject({ method: 'POST', url: '/api/user/logout', headers: { cookie, origin: OWN_ORIGIN } }))
        .statusCode,
    ).toBe(200);
    expect(await isAuth(cookie)).toBe(false);
  });
});

describe('sockets follow their session', () => {
  it('a handshake from a foreign Origin is refused; from our own it is accepted', async () => {
    const { cookie } = await createUser(app);
    await expect(openSocket(cookie, 'https://evil.example')).rejects.toThrow();
    const ok = await openSocket(cookie);
    expect(ok.connected).toBe(true);
  });

  it("logging out disconnects the session's socket at once, and it receives nothing more", async () => {
    const customer = await createUser(app);
    const agent = await createUser(app, { role: 'support' });
    const chatId = json<ChatAnswer>(await sendChat(app, customer.cookie, { message: 'Hello' })).chat._id;
    assert.isNotNull(chatId, 'the conversation has an id');
    const socket = await openSocket(customer.cookie);
    const joined = await new Promise<{ ok: boolean }>((resolve) =>
      socket.emit('join-room', chatId, undefined, resolve),
    );
    expect(joined.ok).toBe(true);
    const received: unknown[] = [];
    socket.on('receive-message', (m) => received.push(m));

    const gone = disconnected(socket);
    await app.inject({ method: 'POST', url: '/api/user/logout', headers: { cookie: customer.cookie } });
    expect(await gone).toBe('io server disconnect');

    // The conversation goes on without it: the server no longer counts it in the room.
    expect((await supportReply(app, agent.cookie, chatId, { message: 'Are you there?' })).statusCode).toBe(200);
    const inRoom = await app.ctx.realtime.io.in(`chat:${chatId}`).fetchSockets();
    expect(inRoom.map((s) => s.id)).not.toContain(socket.id);
    expect(socket.connected).toBe(false);
    expect(received).toEqual([]);
  });

  it('"sign out everywhere" and a password change disconnect the other sessions\' sockets, not the caller\'s', async () => {
    const { user } = await createUser(app);
    const here = await login(user.email);
    const elsewhere = await login(user.email);
    const mine = await openSocket(here);
    const theirs = await openSocket(elsewhere);
    const gone = disconnected(theirs);
    await app.inject({
      method: 'POST',
      url: '/api/user/change-password',
      headers: { cookie: here },
      payload: { currentPassword: PASSWORD, newPassword: 'Changed#2026' },
    });
    expect(await gone).toBe('io server disconnect');
    expect(mine.connected).toBe(true);

    const mineGone = disconnected(mine);
    await app.inject({ method: 'POST', url: '/api/user/logout-all', headers: { cookie: here } });
    expect(await mineGone).toBe('io server disconnect');
  });
});
