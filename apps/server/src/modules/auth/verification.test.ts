import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import type { AdminUsersAnswer, ErrorAnswer, OutboxAnswer, UserAnswer, VerificationAnswer } from '@jara/shared';
import { buildTestApp, createUser, json, PASSWORD, unique, type TestApp } from '../../../test/helpers.js';
import { mailOutbox, smsOutbox } from '../../infra/db/tables.js';
import { SESSION_COOKIE } from '../../infra/sessions.js';
import { users, verificationCodes, verificationEvents } from './auth.tables.js';
import { verificationOf } from './index.js';

let app: TestApp;
let ip = 0;

// Behind a trusted proxy, so each sign-up comes from an address of its own (the per-IP limit is
// not what these tests are about) and the per-address limit can be shown across addresses.
beforeAll(async () => {
  app = await buildTestApp({ TRUST_PROXY: 'true' });
});
afterAll(() => app.closeAll());

const fromNewIp = () => ({ 'x-forwarded-for': `10.1.${Math.floor(++ip / 250)}.${ip % 250}` });

/** Registers through the API (as the web does); answers the account and its session cookie. */
async function signUp(email = `${unique()}@example.com`, headers: Record<string, string> = {}) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/user/register',
    payload: { name: 'Ada', email, password: PASSWORD },
    headers: { ...fromNewIp(), ...headers },
  });
  expect(res.statusCode).toBe(200);
  const raw = res.headers['set-cookie'];
  const cookie = String((Array.isArray(raw) ? raw : [raw]).find((c) => String(c).startsWith(SESSION_COOKIE))).split(
    ';',
  )[0]!;
  return { user: json<UserAnswer>(res).user, cookie, email: email.toLowerCase() };
}

const post = (url: string, cookie: string, payload?: object) =>
  app.inject({ method: 'POST', url, headers: { cookie }, ...(payload ? { payload } : {}) });

/** The code in the latest mail to this address. */
async function mailedCode(email: string): Promise<string> {
  const [mail] = await app.ctx.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.toAddress, email))
    .orderBy(desc(mailOutbox.id))
    .limit(1);
  const code = /\b(\d{6})\b/.exec(mail?.subject ?? '')?.[1];
  expect(code, `a code mailed to ${email}`).toBeDefined();
  expect(mail!.textBody).toContain(code);
  return code!;
}

/** The code in the latest text to this number. */
async function textedCode(phone: string): Promise<string> {
  const [sms] = await app.ctx.db
    .select()
    .from(smsOutbox)
    .where(eq(smsOutbox.toNumber, phone))
    .orderBy(desc(smsOutbox.id))
    .limit(1);
  const code = /\b(\d{6})\b/.exec(sms?.body ?? '')?.[1];
  expect(code, `a code texted to ${phone}`).toBeDefined();
  return code!;
}

/** A code other than the right one. */
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

/** Moves the account's codes an hour back: the resend limits no longer count them. */
async function ageCodes(userId: string, minutes = 61) {
  const rows = await app.ctx.db.select().from(verificationCodes).where(eq(verificationCodes.userId, userId));
  for (const r of rows)
    await app.ctx.db
      .update(verificationCodes)
      .set({ createdAt: new Date(r.createdAt.getTime() - minutes * 60_000) })
      .where(eq(verificationCodes.id, r.id));
}

/** A Nigerian mobile number nobody else in this run has. */
const newPhone = () => `0803${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;

describe('email verification', () => {
  it('register answers as the spec says, and mails a code in the account’s language; the code verifies', async () => {
    const { user, cookie, email } = await signUp(undefined, { cookie: 'jara_lang=pcm' });
    expect(user).toMatchObject({ email, emailVerified: false, phone: null, phoneVerified: false });
    const [mail] = await app.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email));
    expect(mail!.textBody).toMatch(/Your Jara verification code na \d{6}/);
    const [row] = await app.ctx.db.select().from(verificationCodes).where(eq(verificationCodes.userId, user._id));
    // Only a hash is kept.
    expect(row!.codeHash).not.toContain(await mailedCode(email));

    const res = await post('/api/user/verify-email', cookie, { code: await mailedCode(email) });
    expect(res.statusCode).toBe(200);
    expect(json<VerificationAnswer>(res).user).toMatchObject({ emailVerified: true, verifiedStudent: false });
    const again = await post('/api/user/verify-email', cookie, { code: await mailedCode(email) });
    expect(json<ErrorAnswer>(again)).toMatchObject({
      code: 'email_already_verified',
      message: 'Your email is already verified.',
    });
    const resend = await post('/api/user/verify-email/resend', cookie);
    expect(resend.statusCode).toBe(409);
    expect(json<ErrorAnswer>(resend).code).toBe('email_already_verified');
    const events = await app.ctx.db.select().from(verificationEvents).where(eq(verificationEvents.userId, user._id));
    expect(events).toMatchObject([{ kind: 'email_verified', detail: 'code' }]);
  });

  it('needs a session and a 6-digit code', async () => {
    expect(
      (await app.inject({ method: 'POST', url: '/api/user/verify-email', payload: { code: '123456' } })).statusCode,
    ).toBe(401);
    const { cookie } = await signUp();
    const bad = await post('/api/user/verify-email', cookie, { code: '12ab' });
    expect(json<ErrorAnswer>(bad)).toMatchObject({
      code: 'validation_failed',
      message: 'Enter the 6-digit code we sent you.',
    });
  });

  it('five wrong codes void the code, even the right one afterwards; a new code works', async () => {
    const { user, cookie, email } = await signUp();
    const code = await mailedCode(email);
    for (let left = 4; left >= 1; left--) {
      const res = await post('/api/user/verify-email', cookie, { code: wrong(code) });
      expect(res.statusCode).toBe(400);
      expect(json<ErrorAnswer>(res)).toMatchObject({ code: 'wrong_verification_code', details: { triesLeft: left } });
    }
    const fifth = await post('/api/user/verify-email', cookie, { code: wrong(code) });
    expect(json<ErrorAnswer>(fifth)).toMatchObject({
      code: 'verification_code_voided',
      message: 'Too many wrong tries: this code no longer works. Please ask for a new code.',
    });
    const right = await post('/api/user/verify-email', cookie, { code });
    expect(json<ErrorAnswer>(right).code).toBe('verification_code_voided');
    const [row] = await app.ctx.db.select().from(users).where(eq(users.id, user._id));
    expect(row!.emailVerifiedAt).toBeNull();

    await ageCodes(user._id, 2);
    const resend = await post('/api/user/verify-email/resend', cookie);
    expect(resend.statusCode).toBe(200);
    expect(json<VerificationAnswer>(resend).sentTo).toBe(email);
    const fresh = await mailedCode(email);
    const ok = await post('/api/user/verify-email', cookie, { code: fresh });
    expect(json<VerificationAnswer>(ok).user.emailVerified).toBe(true);
  });

  it('refuses an expired code, and one replaced by a newer code', async () => {
    const { user, cookie, email } = await signUp();
    const first = await mailedCode(email);
    await app.ctx.db
      .update(verificationCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verificationCodes.userId, user._id));
    const expired = await post('/api/user/verify-email', cookie, { code: first });
    expect(json<ErrorAnswer>(expired)).toMatchObject({
      code: 'verification_code_expired',
      message: 'This code has expired. Please ask for a new code.',
    });
    await ageCodes(user._id, 2);
    expect((await post('/api/user/verify-email/resend', cookie)).statusCode).toBe(200);
    const second = await mailedCode(email);
    if (second !== first) {
      const old = await post('/api/user/verify-email', cookie, { code: first });
      expect(json<ErrorAnswer>(old).code).toBe('wrong_verification_code');
    }
    expect((await post('/api/user/verify-email', cookie, { code: second })).statusCode).toBe(200);
  });

  it('limits resends per account: a minute apart, five codes an hour', async () => {
    const { user, cookie } = await signUp();
    const soon = await post('/api/user/verify-email/resend', cookie);
    expect(soon.statusCode).toBe(429);
    expect(json<ErrorAnswer>(soon)).toMatchObject({ code: 'code_sent_recently' });
    expect(json<ErrorAnswer>(soon).message).toMatch(/wait \d+ seconds/);
    // The sign-up's code and four more fit in an hour.
    for (let i = 0; i < 4; i++) {
      await ageCodes(user._id, 2);
      expect((await post('/api/user/verify-email/resend', cookie)).statusCode).toBe(200);
    }
    await ageCodes(user._id, 2);
    const sixth = await post('/api/user/verify-email/resend', cookie);
    expect(sixth.statusCode).toBe(429);
    expect(json<ErrorAnswer>(sixth)).toMatchObject({
      code: 'too_many_codes',
      message: 'You have asked for too many codes. Please try again in an hour.',
    });
    // An hour on, codes may be asked for again.
    await ageCodes(user._id, 61);
    expect((await post('/api/user/verify-email/resend', cookie)).statusCode).toBe(200);
  });
});

describe('Verified student', () => {
  async function verified(email: string) {
    const s = await signUp(email);
    const res = await post('/api/user/verify-email', s.cookie, { code: await mailedCode(s.email) });
    return json<VerificationAnswer>(res).user;
  }

  it('is earned by a verified email on a student domain or a subdomain of one', async () => {
    expect((await verified(`${unique()}@uniben.edu`)).verifiedStudent).toBe(true);
    expect((await verified(`${unique()}@Student.UNIBEN.edu`)).verifiedStudent).toBe(true);
  });

  it('is not earned by another domain, one that only ends alike, or an unverified student address', async () => {
    expect((await verified(`${unique()}@gmail.com`)).verifiedStudent).toBe(false);
    expect((await verified(`${unique()}@notuniben.edu`)).verifiedStudent).toBe(false);
    expect((await signUp(`${unique()}@uniben.edu`)).user.verifiedStudent).toBe(false);
  });

  it('follows STUDENT_EMAIL_DOMAINS when it changes (at the next start)', async () => {
    const uniben = await verified(`${unique()}@uniben.edu`);
    const other = await verified(`${unique()}@mail.example.edu`);
    const restarted = await buildTestApp({ STUDENT_EMAIL_DOMAINS: 'example.edu' }, app.ctx.database);
    try {
      const marks = await verificationOf(restarted.ctx.db, [uniben._id, other._id]);
      expect(marks.get(uniben._id)?.verifiedStudent).toBe(false);
      expect(marks.get(other._id)?.verifiedStudent).toBe(true);
    } finally {
      await restarted.closeAll();
    }
    // And back, as this app's configuration says.
    await buildTestApp({}, app.ctx.database).then((a) => a.closeAll());
    expect((await verificationOf(app.ctx.db, [uniben._id])).get(uniben._id)?.verifiedStudent).toBe(true);
  });
});

describe('phone verification', () => {
  it('normalises a Nigerian number to E.164, texts a code, and verifies it', async () => {
    const { cookie } = await signUp();
    const typed = newPhone();
    const e164 = `+234${typed.slice(1)}`;
    const spaced = `${typed.slice(0, 4)} ${typed.slice(4, 7)} ${typed.slice(7)}`;
    const sent = await post('/api/user/phone', cookie, { phone: spaced });
    expect(sent.statusCode).toBe(200);
    expect(json<VerificationAnswer>(sent)).toMatchObject({ sentTo: e164, user: { phone: null, phoneVerified: false } });
    const res = await post('/api/user/verify-phone', cookie, { code: await textedCode(e164) });
    expect(json<VerificationAnswer>(res).user).toMatchObject({ phone: e164, phoneVerified: true });
    const again = await post('/api/user/phone', cookie, { phone: `+234 ${typed.slice(1)}` });
    expect(json<ErrorAnswer>(again).code).toBe('phone_already_verified');
  });

  it('refuses a number that is not a Nigerian mobile with a clear message', async () => {
    const { cookie } = await signUp();
    for (const phone of ['12345', '+44 7911 123456', '0801 123 4567', '']) {
      const res = await post('/api/user/phone', cookie, { phone });
      expect(res.statusCode).toBe(400);
      expect(json<ErrorAnswer>(res)).toMatchObject({
        code: 'validation_failed',
        message: 'Please enter a valid Nigerian phone number.',
      });
    }
  });

  it('one person, one phone: a number verified on one account is refused to another, which changes nothing', async () => {
    const a = await signUp();
    const b = await signUp();
    const phone = newPhone();
    const e164 = `+234${phone.slice(1)}`;
    // Both ask for a code before either verifies.
    expect((await post('/api/user/phone', a.cookie, { phone })).statusCode).toBe(200);
    const codeA = await textedCode(e164);
    expect((await post('/api/user/phone', b.cookie, { phone })).statusCode).toBe(200);
    const codeB = await textedCode(e164);
    expect((await post('/api/user/verify-phone', a.cookie, { code: codeA })).statusCode).toBe(200);
    const late = await post('/api/user/verify-phone', b.cookie, { code: codeB });
    expect(late.statusCode).toBe(409);
    expect(json<ErrorAnswer>(late)).toMatchObject({
      code: 'phone_taken',
      message: 'This phone number is already verified on another Jara account. One phone can verify only one account.',
    });
    const [rowB] = await app.ctx.db.select().from(users).where(eq(users.id, b.user._id));
    expect(rowB).toMatchObject({ phone: null, phoneVerifiedAt: null });
    // Asking for a code for it now is refused before any text goes out.
    const texts = (await app.ctx.db.select().from(smsOutbox).where(eq(smsOutbox.toNumber, e164))).length;
    await ageCodes(b.user._id, 2);
    const ask = await post('/api/user/phone', b.cookie, { phone: e164 });
    expect(json<ErrorAnswer>(ask).code).toBe('phone_taken');
    expect(await app.ctx.db.select().from(smsOutbox).where(eq(smsOutbox.toNumber, e164))).toHaveLength(texts);
  });

  it('the database itself keeps a verified number to one account', async () => {
    const a = await createUser(app);
    const b = await createUser(app);
    const phone = `+234${newPhone().slice(1)}`;
    await app.ctx.db.update(users).set({ phone, phoneVerifiedAt: new Date() }).where(eq(users.id, a.user.id));
    await expect(
      app.ctx.db.update(users).set({ phone, phoneVerifiedAt: new Date() }).where(eq(users.id, b.user.id)),
    ).rejects.toThrow();
  });
});

describe('what others read', () => {
  it('verificationOf answers every account asked for in one map, in the caller’s transaction', async () => {
    const plain = await signUp();
    const student = await signUp(`${unique()}@uniben.edu`);
    await post('/api/user/verify-email', student.cookie, { code: await mailedCode(student.email) });
    const phone = newPhone();
    await post('/api/user/phone', student.cookie, { phone });
    const e164 = `+234${phone.slice(1)}`;
    await post('/api/user/verify-phone', student.cookie, { code: await textedCode(e164) });
    // A number asked for but not verified is not anyone's phone.
    await post('/api/user/phone', plain.cookie, { phone: newPhone() });
    const unknown = '00000000-0000-4000-8000-000000000000';
    const map = await app.ctx.db.transaction((tx) => verificationOf(tx, [plain.user._id, student.user._id, unknown]));
    expect(map.size).toBe(2);
    expect(map.get(plain.user._id)).toEqual({ emailVerified: false, phone: null, verifiedStudent: false });
    expect(map.get(student.user._id)).toEqual({ emailVerified: true, phone: e164, verifiedStudent: true });
    expect(await verificationOf(app.ctx.db, [])).toEqual(new Map());
  });

  it('the admin’s outbox shows the texts beside the mail', async () => {
    const admin = await createUser(app, { role: 'admin' });
    const { cookie } = await signUp();
    const phone = newPhone();
    await post('/api/user/phone', cookie, { phone });
    const res = await app.inject({ url: '/api/admin/outbox', headers: { cookie: admin.cookie } });
    const body = json<OutboxAnswer>(res);
    expect(body.sms[0]).toMatchObject({ to: `+234${phone.slice(1)}`, text: expect.stringMatching(/\d{6}/) });
    expect(body.messages.length).toBeGreaterThan(0);
  });
});

describe('admin', () => {
  it('lists verification and revokes it (admin only, recorded)', async () => {
    const admin = await createUser(app, { role: 'admin' });
    const support = await createUser(app, { role: 'support' });
    const s = await signUp(`${unique()}@uniben.edu`);
    await post('/api/user/verify-email', s.cookie, { code: await mailedCode(s.email) });
    const phone = newPhone();
    await post('/api/user/phone', s.cookie, { phone });
    await post('/api/user/verify-phone', s.cookie, { code: await textedCode(`+234${phone.slice(1)}`) });

    const list = async () =>
      json<AdminUsersAnswer>(
        await app.inject({
          url: `/api/admin/users?q=${encodeURIComponent(s.email)}`,
          headers: { cookie: admin.cookie },
        }),
      ).users;
    expect(await list()).toMatchObject([
      { email: s.email, emailVerified: true, phone: `+234${phone.slice(1)}`, verifiedStudent: true },
    ]);

    const url = `/api/admin/users/${s.user._id}/revoke-verification`;
    expect((await post(url, support.cookie)).statusCode).toBe(403);
    expect((await post(url, s.cookie)).statusCode).toBe(403);
    const res = await post(url, admin.cookie);
    expect(res.statusCode).toBe(200);
    expect(await list()).toMatchObject([{ emailVerified: false, phone: null, verifiedStudent: false }]);
    const [event] = await app.ctx.db
      .select()
      .from(verificationEvents)
      .where(and(eq(verificationEvents.userId, s.user._id), eq(verificationEvents.kind, 'revoked')));
    expect(event).toMatchObject({ actorId: admin.user.id });
    const me = json<{ user: UserAnswer['user'] }>(
      await app.inject({ url: '/api/user/is-auth', headers: { cookie: s.cookie } }),
    );
    expect(me.user).toMatchObject({ emailVerified: false, phoneVerified: false, phone: null, verifiedStudent: false });
    expect(
      (await post('/api/admin/users/00000000-0000-4000-8000-000000000000/revoke-verification', admin.cookie))
        .statusCode,
    ).toBe(404);
  });
});

describe('sign-up’s "email already exists"', () => {
  it('stays (409 email_taken), limited per address across IPs', async () => {
    const { email } = await signUp();
    const again = () =>
      app.inject({
        method: 'POST',
        url: '/api/user/register',
        payload: { name: 'Ada', email, password: PASSWORD },
        headers: fromNewIp(),
      });
    for (let i = 0; i < 4; i++) {
      const res = await again();
      expect(res.statusCode).toBe(409);
      expect(json<ErrorAnswer>(res)).toMatchObject({
        code: 'email_taken',
        message: 'An account with this email already exists. Please log in.',
      });
    }
    const limited = await again();
    expect(limited.statusCode).toBe(429);
    expect(json<ErrorAnswer>(limited).code).toBe('rate_limited');
  });
});
