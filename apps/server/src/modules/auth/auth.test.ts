import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { eq } from 'drizzle-orm';
import type { ErrorAnswer, IsAuthAnswer, MessageAnswer, UserAnswer } from '@jara/shared';
import { buildTestApp, createUser, json, PASSWORD, unique, type TestApp } from '../../../test/helpers.js';
import { mailOutbox, sessions } from '../../infra/db/tables.js';
import { passwordResets, users } from './auth.tables.js';
import { sha256 } from '../../lib/crypto.js';
import { SESSION_COOKIE } from '../../infra/sessions.js';

let app: TestApp;
let jwks: Server;
type Key = Awaited<ReturnType<typeof generateKeyPair>>['privateKey'];
let privateKey: Key;
const CLIENT_ID = 'jara-test.apps.googleusercontent.com';

function cookieFrom(res: { headers: Record<string, unknown> }): string {
  const raw = res.headers['set-cookie'];
  const first = (Array.isArray(raw) ? raw : [raw]).find((c) => String(c).startsWith(SESSION_COOKIE));
  return String(first).split(';')[0]!;
}

beforeAll(async () => {
  // A local JWKS server with our own keys stands in for Google's.
  const pair = await generateKeyPair('RS256');
  privateKey = pair.privateKey as Key;
  const jwk = { ...(await exportJWK(pair.publicKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
  jwks = createServer((_req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((r) => jwks.listen(0, '127.0.0.1', r));
  const port = (jwks.address() as { port: number }).port;
  app = await buildTestApp({ GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_JWKS_URL: `http://127.0.0.1:${port}/certs` });
});
afterAll(async () => {
  await app.closeAll();
  jwks.close();
});

const register = (body: unknown, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url: '/api/user/register', payload: body as object, headers });

describe('register and login', () => {
  it('writes to a new account in the sign-up page’s language; logging in never changes it', async () => {
    const email = `${unique()}@example.com`;
    const made = await register({ name: 'Ada', email, password: PASSWORD }, { cookie: 'jara_lang=pcm' });
    expect(json<UserAnswer>(made).user.language).toBe('pcm');
    const [row] = await app.ctx.db.select().from(users).where(eq(users.email, email));
    expect(row!.language).toBe('pcm');
    const login = await app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { email, password: PASSWORD },
      headers: { cookie: 'jara_lang=en', 'accept-language': 'en' },
    });
    expect(json<UserAnswer>(login).user.language).toBe('pcm');
    // Accept-Language guesses when there is no cookie; English otherwise.
    const guessed = await register(
      { name: 'Bola', email: `${unique()}@example.com`, password: PASSWORD },
      { 'accept-language': 'pcm' },
    );
    expect(json<UserAnswer>(guessed).user.language).toBe('pcm');
    const plain = await register({ name: 'Chidi', email: `${unique()}@example.com`, password: PASSWORD });
    expect(json<UserAnswer>(plain).user.language).toBe('en');
  });

  it('registers, lower-cases the email, and starts a session', async () => {
    const email = `${unique()}@Example.COM`;
    const res = await register({ name: 'Ada', email, password: PASSWORD });
    expect(res.statusCode).toBe(200);
    const body = json<UserAnswer>(res);
    expect(body.success).toBe(true);
    expect(body.user.email).toBe(email.toLowerCase());
    expect(body.user).toMatchObject({ role: 'customer', isSeller: false, isRider: false, cartItems: {}, wishList: [] });
    const cookieHeader = String(res.headers['set-cookie']);
    expect(cookieHeader).toMatch(/HttpOnly/i);
    expect(cookieHeader).toMatch(/SameSite=Lax/i);
    const me = json<IsAuthAnswer>(await app.inject({ url: '/api/user/is-auth', headers: { cookie: cookieFrom(res) } }));
    expect(me).toMatchObject({ success: true, role: 'customer' });
  });

  it('refuses a role, isSeller or unknown field in the payload and creates nothing', async () => {
    const email = `${unique()}@example.com`;
    for (const extra of [{ role: 'admin' }, { isSeller: true }, { isAdmin: 1 }]) {
      const res = await register({ name: 'Eve', email, password: PASSWORD, ...extra });
      expect(res.statusCode).toBe(400);
      expect(json<ErrorAnswer>(res)).toMatchObject({ success: false, code: 'validation_failed' });
    }
    expect(await app.ctx.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
  });

  it('enforces the spec email and password rules with their messages', async () => {
    const bad = json<ErrorAnswer>(await register({ name: 'Ada', email: 'not-an-email', password: PASSWORD }));
    expect(bad.message).toBe('Invalid email format.');
    const weak = json<ErrorAnswer>(
      await register({ name: 'Ada', email: `${unique()}@example.com`, password: 'password' }),
    );
    expect(weak.details).toEqual(['One uppercase letter', 'One number', 'One special character']);
  });

  it('answers malformed JSON, wrong types and oversize bodies with 4xx', async () => {
    const malformed = await app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: '{"email":',
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed.statusCode).toBe(400);
    expect(json<ErrorAnswer>(malformed)).toEqual({
      success: false,
      message: 'The request body is not valid JSON.',
      code: 'invalid_json',
    });
    const wrongType = await app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { email: 42, password: [] },
    });
    expect(wrongType.statusCode).toBe(400);
    const huge = await app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { email: 'a@b.co', password: 'x'.repeat(2_000_000) },
    });
    expect(huge.statusCode).toBe(413);
    expect(json<ErrorAnswer>(huge).code).toBe('too_large');
  });

  it('treats SQL-looking input as plain data', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { email: "x'or'1'='1@a.co", password: "' OR 1=1 --" },
    });
    expect(res.statusCode).toBe(401);
    expect(json<ErrorAnswer>(res).message).toBe('Invalid email or password.');
  });

  it('refuses a duplicate email', async () => {
    const email = `${unique()}@example.com`;
    await register({ name: 'Ada', email, password: PASSWORD });
    const again = await register({ name: 'Ada', email, password: PASSWORD });
    expect(again.statusCode).toBe(409);
  });

  it('logs in, rotates the session, and logs out', async () => {
    const { user, cookie: old } = await createUser(app);
    const res = await app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { email: user.email, password: PASSWORD },
      headers: { cookie: old },
    });
    expect(res.statusCode).toBe(200);
    const fresh = cookieFrom(res);
    expect(fresh).not.toBe(old);
    expect(json<IsAuthAnswer>(await app.inject({ url: '/api/user/is-auth', headers: { cookie: old } })).success).toBe(
      false,
    );
    expect(json<IsAuthAnswer>(await app.inject({ url: '/api/user/is-auth', headers: { cookie: fresh } })).success).toBe(
      true,
    );
    await app.inject({ method: 'POST', url: '/api/user/logout', headers: { cookie: fresh } });
    expect(json<IsAuthAnswer>(await app.inject({ url: '/api/user/is-auth', headers: { cookie: fresh } })).success).toBe(
      false,
    );
  });

  it('refuses a wrong password and rate-limits guessing per email', async () => {
    const { user } = await createUser(app);
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      statuses.push(
        (
          await app.inject({
            method: 'POST',
            url: '/api/user/login',
            payload: { email: user.email, password: 'Wrong#1234' },
          })
        ).statusCode,
      );
    }
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
  });

  it('counts only failed logins: signing in again and again is never refused', async () => {
    const { user } = await createUser(app);
    const login = (password: string) =>
      app.inject({ method: 'POST', url: '/api/user/login', payload: { email: user.email, password } });
    const good = [];
    for (let i = 0; i < 12; i++) good.push((await login(PASSWORD)).statusCode);
    expect(good).toEqual(Array(12).fill(200));
    for (let i = 0; i < 10; i++) expect((await login('Wrong#1234')).statusCode).toBe(401);
    expect((await login(PASSWORD)).statusCode).toBe(429);
  });

  it('refuses a cross-site state-changing request', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { email: 'a@b.co', password: 'x' },
      headers: { origin: 'https://evil.example' },
    });
    expect(res.statusCode).toBe(403);
    expect(json<ErrorAnswer>(res).code).toBe('bad_origin');
  });
});

describe('password reset', () => {
  async function requestReset(email: string) {
    const res = await app.inject({ method: 'POST', url: '/api/user/sendPasswordResetEmail', payload: { email } });
    await app.ctx.jobs.drain();
    return json<MessageAnswer>(res);
  }

  it('answers the same whether or not the account exists', async () => {
    const { user } = await createUser(app);
    expect(await requestReset(user.email)).toEqual(await requestReset(`${unique()}@nobody.com`));
  });

  it('mails a single-use link that resets the password and ends old sessions', async () => {
    const { user, cookie } = await createUser(app);
    await requestReset(user.email);
    const [mail] = await app.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, user.email));
    const link = new URL(mail!.textBody.match(/http\S+/)![0]);
    expect(link.pathname).toBe('/reset-password');
    const token = link.searchParams.get('token')!;
    expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(16);
    const [stored] = await app.ctx.db.select().from(passwordResets).where(eq(passwordResets.userId, user.id));
    expect(stored!.tokenHash).not.toContain(token);

    const payload = { id: link.searchParams.get('id'), token, newPassword: 'Brand#New1' };
    const ok = await app.inject({ method: 'POST', url: '/api/user/resetPassword', payload });
    expect(json<MessageAnswer>(ok)).toMatchObject({ success: true });
    expect(json<IsAuthAnswer>(await app.inject({ url: '/api/user/is-auth', headers: { cookie } })).success).toBe(false);
    const again = await app.inject({
      method: 'POST',
      url: '/api/user/resetPassword',
      payload: { ...payload, newPassword: 'Other#Pass2' },
    });
    expect(again.statusCode).toBe(400);
    const login = await app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { email: user.email, password: 'Brand#New1' },
    });
    expect(login.statusCode).toBe(200);
  });

  it('refuses an expired token', async () => {
    const { user } = await createUser(app);
    await requestReset(user.email);
    const [mail] = await app.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, user.email));
    const link = new URL(mail!.textBody.match(/http\S+/)![0]);
    await app.ctx.db
      .update(passwordResets)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResets.userId, user.id));
    const res = await app.inject({
      method: 'POST',
      url: '/api/user/resetPassword',
      payload: { id: user.id, token: link.searchParams.get('token'), newPassword: 'Brand#New1' },
    });
    expect(res.statusCode).toBe(400);
    expect(json<ErrorAnswer>(res).code).toBe('invalid_reset_token');
  });
});

describe('Google sign-in', () => {
  async function idToken(
    claims: Record<string, unknown>,
    opts: { aud?: string; iss?: string; exp?: string | number; key?: Key } = {},
  ) {
    return new SignJWT({ email_verified: true, ...claims })
      .setProtectedHeader({ alg: 'RS256', kid: 'test-key' })
      .setIssuer(opts.iss ?? 'https://accounts.google.com')
      .setAudience(opts.aud ?? CLIENT_ID)
      .setIssuedAt()
      .setExpirationTime(opts.exp ?? '1h')
      .sign(opts.key ?? privateKey);
  }
  const signIn = (token: string) => app.inject({ method: 'POST', url: '/api/user/google-signin', payload: { token } });

  it('creates an account from a valid token', async () => {
    const email = `${unique()}@gmail.com`;
    const res = await signIn(await idToken({ sub: unique('g'), email, name: 'Gina' }));
    expect(res.statusCode).toBe(200);
    expect(json<UserAnswer>(res).user).toMatchObject({ email, name: 'Gina', role: 'customer' });
  });

  it('makes the account in the page’s language; an account found keeps its own', async () => {
    const email = `${unique()}@gmail.com`;
    const sub = unique('g');
    const asPidgin = (token: string) =>
      app.inject({
        method: 'POST',
        url: '/api/user/google-signin',
        payload: { token },
        headers: { cookie: 'jara_lang=pcm' },
      });
    expect(json<UserAnswer>(await asPidgin(await idToken({ sub, email }))).user.language).toBe('pcm');
    await app.ctx.db.update(users).set({ language: 'en' }).where(eq(users.email, email));
    expect(json<UserAnswer>(await asPidgin(await idToken({ sub, email }))).user.language).toBe('en');
  });

  it('marks the account verified: one it makes, and one it links to by the same email', async () => {
    const student = `${unique()}@uniben.edu`;
    const made = json<UserAnswer>(await signIn(await idToken({ sub: unique('g'), email: student })));
    expect(made.user).toMatchObject({ emailVerified: true, verifiedStudent: true, phone: null, phoneVerified: false });
    // An unverified password account meets Google with the same address: Google vouches for it.
    const email = `${unique()}@example.com`;
    await register({ name: 'Ada', email, password: PASSWORD });
    const linked = json<UserAnswer>(await signIn(await idToken({ sub: unique('g'), email })));
    expect(linked.user).toMatchObject({ email, emailVerified: true, verifiedStudent: false });
    const [row] = await app.ctx.db.select().from(users).where(eq(users.email, email));
    expect(row!.emailVerifiedAt).not.toBeNull();
  });

  it('refuses forged, expired, wrong-audience and wrong-issuer tokens', async () => {
    const other = (await generateKeyPair('RS256')).privateKey as Key;
    const email = `${unique()}@gmail.com`;
    const bad = [
      await idToken({ sub: 'x', email }, { key: other }),
      await idToken({ sub: 'x', email }, { exp: Math.floor(Date.now() / 1000) - 60 }),
      await idToken({ sub: 'x', email }, { aud: 'someone-else' }),
      await idToken({ sub: 'x', email }, { iss: 'https://evil.example' }),
      await idToken({ sub: 'x', email, email_verified: false }),
    ];
    for (const t of bad) expect((await signIn(t)).statusCode).toBe(401);
    expect(await app.ctx.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
  });
});

describe('cart and wish list', () => {
  it('needs a login and validates the payload', async () => {
    expect((await app.inject({ method: 'POST', url: '/api/cart/update', payload: { cartItems: {} } })).statusCode).toBe(
      401,
    );
    const { cookie } = await createUser(app);
    const bad = await app.inject({
      method: 'POST',
      url: '/api/cart/update',
      payload: { cartItems: { 'not-a-uuid': { x: 1 } } },
      headers: { cookie },
    });
    expect(bad.statusCode).toBe(400);
    const zero = await app.inject({
      method: 'POST',
      url: '/api/cart/update',
      payload: { cartItems: { [crypto.randomUUID()]: { [crypto.randomUUID()]: 0 } } },
      headers: { cookie },
    });
    expect(zero.statusCode).toBe(400);
  });
});

describe('expired sessions', () => {
  it('the hourly purge job deletes expired and idle sessions and keeps live ones', async () => {
    const { user } = await createUser(app);
    await app.ctx.db.delete(sessions).where(eq(sessions.userId, user.id));
    const live = await app.ctx.sessions.create(user.id);
    const expired = await app.ctx.sessions.create(user.id);
    const idle = await app.ctx.sessions.create(user.id);
    const hashOf = (token: string) => sha256(token);
    await app.ctx.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.idHash, hashOf(expired.token)));
    await app.ctx.db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - 400 * 24 * 3600_000) })
      .where(eq(sessions.idHash, hashOf(idle.token)));

    await app.ctx.jobs.offerSchedules();
    await app.ctx.jobs.drain();

    const left = await app.ctx.db
      .select({ idHash: sessions.idHash })
      .from(sessions)
      .where(eq(sessions.userId, user.id));
    expect(left.map((s) => s.idHash)).toEqual([hashOf(live.token)]);
  });
});
