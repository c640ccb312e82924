import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type {
  AdminPayoutsAnswer,
  BulkApproveAnswer,
  ChecklistAnswer,
  ErrorAnswer,
  PayoutAnswer,
  RetryPayoutsAnswer,
} from '@jara/shared';
import { buildTestApp, createUser, json, type TestApp } from '../../../test/helpers.js';
import { checkLedger } from '../../../test/books.js';
import {
  createCustomer,
  createShop,
  checkoutOk,
  sandboxAction,
  verify,
  webhook,
} from '../../../test/factories-checkout.js';
import { adminAccount, createRiderAccount } from '../../../test/factories-portals.js';
import { loadConfig } from '../../config.js';
import { queryRows } from '../../infra/db/client.js';
import { jobs } from '../../infra/db/tables.js';
import { users } from '../auth/auth.tables.js';
import { vendors } from '../catalogue/catalogue.tables.js';
import { books } from '../ledger/index.js';
import { orderItems, orders } from '../orders/orders.tables.js';
import { payments } from '../payments/payments.tables.js';
import { riders } from '../rider/rider.tables.js';
import { AdminChecklist } from './checklist.service.js';

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.closeAll());

const post = (url: string, cookie: string, payload: object = {}) =>
  app.inject({ method: 'POST', url, headers: { cookie }, payload });
const get = (url: string, cookie: string) => app.inject({ url, headers: { cookie } });

/** An account holding `admin` beside `customer`, so withdrawing admin leaves it a role. */
const admin = () => createUser(app, { roles: ['customer', 'admin'], name: `Admin ${randomUUID().slice(0, 6)}` });
const adminCount = async () =>
  Number(
    (
      await queryRows<{ n: number }>(app.ctx.db, sql`SELECT count(*)::int AS n FROM users WHERE 'admin' = ANY(roles)`)
    )[0]!.n,
  );
/** Takes the admin role from every account, as a test's starting point. */
const noAdmins = () =>
  app.ctx.db
    .execute(sql`UPDATE users SET roles = CASE WHEN roles = '{admin}' THEN '{customer}' ELSE array_remove(roles, 'admin') END
        WHERE 'admin' = ANY(roles)`);
const withdraw = (by: { cookie: string }, from: { user: { id: string } }) =>
  post(`/api/admin/users/${from.user.id}/role`, by.cookie, { role: 'admin', grant: false });

describe('the last admin', () => {
  it('two admins withdrawing each other at once leave exactly one: one answered 200, the other 409 last_admin (20 times)', async () => {
    for (let round = 0; round < 20; round++) {
      await noAdmins();
      const [a, b] = [await admin(), await admin()];
      const [ab, ba] = await Promise.all([withdraw(a, b), withdraw(b, a)]);
      expect([ab.statusCode, ba.statusCode].sort(), `round ${round}`).toEqual([200, 409]);
      const refused = json<ErrorAnswer>(ab.statusCode === 409 ? ab : ba);
      expect(refused).toMatchObject({ code: 'last_admin', message: expect.stringMatching(/last admin/) });
      expect(await adminCount(), `round ${round}`).toBe(1);
    }
  });

  it('with a third admin, both withdrawals go through', async () => {
    await noAdmins();
    const [a, b] = [await admin(), await admin()];
    await admin();
    const [ab, ba] = await Promise.all([withdraw(a, b), withdraw(b, a)]);
    expect([ab.statusCode, ba.statusCode]).toEqual([200, 200]);
    expect(await adminCount()).toBe(1);
  });

  it('two admins changing another role on each other at once both go through (no deadlock)', async () => {
    for (let round = 0; round < 10; round++) {
      await noAdmins();
      const [a, b] = [await admin(), await admin()];
      const take = (by: { cookie: string }, from: { user: { id: string } }) =>
        post(`/api/admin/users/${from.user.id}/role`, by.cookie, { role: 'customer', grant: false });
      const [ab, ba] = await Promise.all([take(a, b), take(b, a)]);
      expect([ab.statusCode, ba.statusCode], `round ${round}`).toEqual([200, 200]);
    }
  });

  it('says why in Pidgin to an admin who reads Pidgin, and leaves the refused account an admin', async () => {
    await noAdmins();
    const [a, b] = [await admin(), await admin()];
    const pcm = (who: { cookie: string }) => ({ cookie: `${who.cookie}; jara_lang=pcm` });
    const [ab, ba] = await Promise.all([withdraw(pcm(a), b), withdraw(pcm(b), a)]);
    const refused = ab.statusCode === 409 ? ab : ba;
    expect(json<ErrorAnswer>(refused)).toMatchObject({
      code: 'last_admin',
      message: 'Na the last admin be this. Make another person admin before you comot this one.',
    });
    const kept = refused === ab ? b : a;
    const [row] = await app.ctx.db.select().from(users).where(eq(users.id, kept.user.id));
    expect(row!.roles).toEqual(['customer', 'admin']);
  });
});

/** A shop's application waiting for review. */
async function pendingShop() {
  const applicant = await createUser(app);
  const [v] = await app.ctx.db
    .insert(vendors)
    .values({
      userId: applicant.user.id,
      businessName: `Pending ${randomUUID().slice(0, 6)}`,
      kind: 'goods',
      phone: '08031234567',
      address: 'Ugbowo',
      latitude: 6.4,
      longitude: 5.61,
      profilePhoto: '/media/seed/vendors/x.webp',
      openingHours: {},
      status: 'pending',
    })
    .returning();
  return { ...applicant, vendor: v! };
}

describe('approving several applications at once', () => {
  it('approves each on its own: the good ones go, the others answer why', async () => {
    const me = await adminAccount(app);
    const [one, two] = [await pendingShop(), await pendingShop()];
    const rider = await createRiderAccount(app, { status: 'pending' });
    const done = await pendingShop();
    expect((await post(`/api/admin/applications/vendor/${done.vendor.id}/approve`, me.cookie)).statusCode).toBe(200);
    const missing = randomUUID();
    const res = await post('/api/admin/applications/approve', me.cookie, {
      items: [
        { kind: 'vendor', id: one.vendor.id },
        { kind: 'vendor', id: done.vendor.id },
        { kind: 'rider', id: rider.rider.id },
        { kind: 'vendor', id: missing },
        { kind: 'vendor', id: two.vendor.id },
      ],
    });
    expect(res.statusCode).toBe(200);
    expect(json<BulkApproveAnswer>(res).results).toEqual([
      { kind: 'vendor', id: one.vendor.id, ok: true },
      {
        kind: 'vendor',
        id: done.vendor.id,
        ok: false,
        code: 'already_reviewed',
        message: 'This application is already approved.',
      },
      { kind: 'rider', id: rider.rider.id, ok: true },
      { kind: 'vendor', id: missing, ok: false, code: 'not_found', message: 'Application not found.' },
      { kind: 'vendor', id: two.vendor.id, ok: true },
    ]);
    const status = async (id: string) =>
      (await app.ctx.db.select({ s: vendors.status }).from(vendors).where(eq(vendors.id, id)))[0]!.s;
    expect([await status(one.vendor.id), await status(two.vendor.id)]).toEqual(['approved', 'approved']);
    const [r] = await app.ctx.db.select().from(riders).where(eq(riders.id, rider.rider.id));
    expect(r!.status).toBe('approved');
    const [u] = await app.ctx.db.select().from(users).where(eq(users.id, one.user.id));
    expect(u!.roles).toEqual(['customer', 'vendor']);
  });

  it('answers why in Pidgin when asked in Pidgin', async () => {
    const me = await adminAccount(app);
    const res = await app.inject({
      method: 'POST',
      url: '/api/admin/applications/approve',
      headers: { cookie: `${me.cookie}; jara_lang=pcm` },
      payload: { items: [{ kind: 'rider', id: randomUUID() }] },
    });
    const [result] = json<BulkApproveAnswer>(res).results;
    expect(result).toMatchObject({ ok: false, code: 'not_found' });
    expect(result!.message).not.toBe('Application not found.');
  });

  it('is for admins only, and refuses bad ids, duplicates, none or more than 50 without approving any', async () => {
    const p = await pendingShop();
    const item = { kind: 'vendor', id: p.vendor.id };
    const vendor = await createUser(app, { role: 'vendor' });
    const support = await createUser(app, { role: 'support' });
    for (const who of [vendor, support])
      expect((await post('/api/admin/applications/approve', who.cookie, { items: [item] })).statusCode).toBe(403);
    expect(
      (await app.inject({ method: 'POST', url: '/api/admin/applications/approve', payload: { items: [item] } }))
        .statusCode,
    ).toBe(401);
    const me = await adminAccount(app);
    for (const items of [
      [item, { kind: 'vendor', id: 'not-a-uuid' }],
      [item, { kind: 'shop', id: randomUUID() }],
      [item, item],
      [],
      Array.from({ length: 51 }, () => ({ kind: 'vendor', id: randomUUID() })),
    ]) {
      const res = await post('/api/admin/applications/approve', me.cookie, { items });
      expect(res.statusCode, JSON.stringify(items).slice(0, 80)).toBe(400);
      expect(json<ErrorAnswer>(res).code).toBe('validation_failed');
    }
    const [v] = await app.ctx.db.select().from(vendors).where(eq(vendors.id, p.vendor.id));
    expect(v!.status).toBe('pending');
  });
});

/** A shop's money delivered and out of its dispute window, and the shop's payout of it (scheduled). */
async function scheduledPayout() {
  const shop = await createShop(app, [150_000]);
  const customer = await createCustomer(app);
  const rider = await createRiderAccount(app);
  const { reference } = await checkoutOk(app, customer.cookie, {
    items: [{ product: shop.products[0]!.product.id, quantity: 1, vendorId: shop.vendor.id }],
    address: customer.address.id,
  });
  await sandboxAction(app, reference, 'pay');
  await verify(app, customer.cookie, reference);
  const [pay] = await app.ctx.db.select().from(payments).where(eq(payments.reference, reference));
  const orderId = pay!.subjectId;
  expect((await post(`/api/seller/orders/${orderId}/confirm`, shop.owner.cookie)).statusCode).toBe(200);
  for (const step of ['accept', 'picked'])
    expect((await post(`/api/rider/jobs/order/${orderId}/${step}`, rider.cookie)).statusCode).toBe(200);
  const [o] = await app.ctx.db.select().from(orders).where(eq(orders.id, orderId));
  const code = { code: o!.deliveryCode };
  expect((await post(`/api/rider/jobs/order/${orderId}/deliver`, rider.cookie, code)).statusCode).toBe(200);
  await app.ctx.db
    .update(orderItems)
    .set({ updatedAt: new Date(Date.now() - 31 * 60_000) })
    .where(eq(orderItems.orderId, orderId));
  const requested = await post('/api/seller/payouts', shop.owner.cookie, {
    accountName: 'Mama Put Ventures',
    accountNumber: '0123456789',
    bankCode: '058',
  });
  expect(requested.statusCode).toBe(200);
  return { shop, payout: json<PayoutAnswer>(requested).payout };
}

const transferEvent = (event: 'transfer.failed' | 'transfer.reversed', reference: string) => ({
  event,
  data: { reference, status: event === 'transfer.failed' ? 'failed' : 'reversed' },
});
const balance = async (account: string) => (await books(app.ctx.db)).balances.get(account) ?? 0;
const ledgerRows = async () =>
  Number((await queryRows<{ n: number }>(app.ctx.db, sql`SELECT count(*)::int AS n FROM ledger_transactions`))[0]!.n);
/** Runs the payout jobs due now, and those brought forward. */
async function sendDuePayouts() {
  await app.ctx.db
    .update(jobs)
    .set({ runAt: new Date(0) })
    .where(eq(jobs.kind, 'payout.transfer'));
  await app.ctx.jobs.drain();
}

describe('payouts: the list and "Send again"', () => {
  it('sends failed payouts again once each, paid through the payout job, the books balanced', async () => {
    const me = await adminAccount(app);
    const { shop, payout: first } = await scheduledPayout();
    const account = `vendor:${shop.vendor.id}`;
    const owed = await balance(account);
    expect(owed).toBeLessThan(0);

    // The provider reports the transfer failed: the payout is failed, its money the shop's again.
    await webhook(app, transferEvent('transfer.failed', first.reference!));
    await sendDuePayouts();
    const failed = json<AdminPayoutsAnswer>(await get('/api/admin/payouts?state=failed&payee=vendor', me.cookie));
    expect(failed.payouts.find((p) => p._id === first._id)).toMatchObject({
      state: 'failed',
      amount: 1350,
      payeeType: 'vendor',
      payee: { _id: shop.owner.user.id, email: shop.owner.user.email },
      shop: shop.vendor.businessName,
      failureReason: 'The transfer failed.',
      account: 'Guaranty Trust Bank ••••6789',
    });
    expect(
      json<AdminPayoutsAnswer>(await get('/api/admin/payouts?payee=rider', me.cookie)).payouts.map((p) => p._id),
    ).not.toContain(first._id);
    expect(
      json<AdminPayoutsAnswer>(await get('/api/admin/payouts?state=paid', me.cookie)).payouts.map((p) => p._id),
    ).not.toContain(first._id);
    expect(await balance(account)).toBe(owed);

    // Two admins press "Send again" at once: one new payout, the other told it went already.
    const rows = await ledgerRows();
    const [x, y] = await Promise.all([
      post('/api/admin/payouts/retry', me.cookie, { ids: [first._id] }),
      post('/api/admin/payouts/retry', me.cookie, { ids: [first._id] }),
    ]);
    const outcomes = [...json<RetryPayoutsAnswer>(x).results, ...json<RetryPayoutsAnswer>(y).results];
    expect(outcomes.map((r) => r.ok).sort()).toEqual([false, true]);
    expect(outcomes.find((r) => !r.ok)).toMatchObject({ id: first._id, code: 'payout_superseded' });
    const again = outcomes.find((r) => r.ok)!.payout!;
    expect(again).toMatchObject({ amount: 1350, state: 'scheduled', account: 'Guaranty Trust Bank ••••6789' });
    expect(again._id).not.toBe(first._id);
    expect(again.reference).toMatch(/^jara_payout_[0-9a-f]{32}$/);
    expect(again.reference).not.toBe(first.reference);
    expect(await ledgerRows()).toBe(rows);

    // The job sends it (the sandbox settles it): paid once, the shop owed nothing, the books balanced.
    await app.ctx.jobs.drain();
    const paid = json<AdminPayoutsAnswer>(await get('/api/admin/payouts?state=paid', me.cookie)).payouts;
    expect(paid.find((p) => p._id === again._id)).toMatchObject({ state: 'paid' });
    expect(await balance(account)).toBe(0);
    expect(await checkLedger(app.ctx.db)).toEqual([]);

    // Again, for the failed one and for the paid one, and an unknown id: nothing sent, nothing posted.
    const afterPaid = await ledgerRows();
    const unknown = randomUUID();
    const res = await post('/api/admin/payouts/retry', me.cookie, { ids: [first._id, again._id, unknown] });
    expect(res.statusCode).toBe(200);
    expect(json<RetryPayoutsAnswer>(res).results).toEqual([
      {
        id: first._id,
        ok: false,
        code: 'payout_superseded',
        message: 'This payee has asked for a newer payout that carries this money, so it is not sent again.',
      },
      { id: again._id, ok: false, code: 'payout_not_failed', message: 'Only a failed payout can be sent again.' },
      { id: unknown, ok: false, code: 'not_found', message: 'Payout not found.' },
    ]);
    await app.ctx.jobs.drain();
    expect(await ledgerRows()).toBe(afterPaid);
    expect(await balance(account)).toBe(0);

    // The bank sends the paid one back: the shop is owed it again; sent again, paid again, balanced.
    await webhook(app, transferEvent('transfer.reversed', again.reference!));
    await app.ctx.jobs.drain();
    expect(await balance(account)).toBe(owed);
    const third = json<RetryPayoutsAnswer>(await post('/api/admin/payouts/retry', me.cookie, { ids: [again._id] }))
      .results[0]!;
    expect(third).toMatchObject({ ok: true, payout: { amount: 1350 } });
    await app.ctx.jobs.drain();
    expect(await balance(account)).toBe(0);
    expect(await checkLedger(app.ctx.db)).toEqual([]);
  });

  it('does not send again a payout the payee has asked for anew', async () => {
    const me = await adminAccount(app);
    const { shop, payout } = await scheduledPayout();
    await webhook(app, transferEvent('transfer.failed', payout.reference!));
    await app.ctx.jobs.drain();
    // The shop asks again: the new payout takes the money the failed one gave back.
    const anew = await post('/api/seller/payouts', shop.owner.cookie, {
      accountName: 'Mama Put Ventures',
      accountNumber: '0123456789',
      bankCode: '058',
    });
    expect(json<PayoutAnswer>(anew).payout.amount).toBe(1350);
    const [result] = json<RetryPayoutsAnswer>(
      await post('/api/admin/payouts/retry', me.cookie, { ids: [payout._id] }),
    ).results;
    expect(result).toMatchObject({ ok: false, code: 'payout_superseded' });
  });

  it('is for admins only, and refuses bad ids, duplicates, none or more than 50', async () => {
    const vendor = await createUser(app, { role: 'vendor' });
    const support = await createUser(app, { role: 'support' });
    for (const who of [vendor, support]) {
      expect((await get('/api/admin/payouts', who.cookie)).statusCode).toBe(403);
      expect((await post('/api/admin/payouts/retry', who.cookie, { ids: [randomUUID()] })).statusCode).toBe(403);
    }
    const me = await adminAccount(app);
    const id = randomUUID();
    for (const ids of [['nope'], [id, id], [], Array.from({ length: 51 }, () => randomUUID())]) {
      const res = await post('/api/admin/payouts/retry', me.cookie, { ids });
      expect(res.statusCode).toBe(400);
      expect(json<ErrorAnswer>(res).code).toBe('validation_failed');
    }
    expect((await get('/api/admin/payouts?state=lost', me.cookie)).statusCode).toBe(400);
    expect((await get('/api/admin/payouts?payee=customer', me.cookie)).statusCode).toBe(400);
  });
});

describe('the first-run checklist', () => {
  const checklistItems = AdminChecklist.itemsOf;
  const facts = { admins: 1, categories: 6, approvedShops: 1 };
  const config = (env: Record<string, string> = {}) =>
    loadConfig({
      NODE_ENV: 'test',
      PAYMENT_PROVIDER: 'paystack',
      PAYSTACK_SECRET_KEY: 'sk_live_abc',
      SMTP_URL: 'smtp://mail.example:587',
      DELIVERY_HOURS: '09:00-22:00',
      ...env,
    });
  const item = (items: ReturnType<typeof checklistItems>, key: string) => items.find((i) => i.key === key)!;

  it('is all done on a deployment with everything set', () => {
    const items = checklistItems(config(), facts);
    expect(items.map((i) => i.key)).toEqual([
      'admin',
      'payments',
      'smtp',
      'categories',
      'delivery_hours',
      'first_vendor',
    ]);
    expect(items.every((i) => i.done)).toBe(true);
    expect(item(items, 'delivery_hours').detail).toBe('09:00-22:00');
    expect(item(items, 'payments').detail).toBe('paystack_live');
  });

  it('marks each missing thing, and only it', () => {
    const notDone = (items: ReturnType<typeof checklistItems>) => items.filter((i) => !i.done).map((i) => i.key);
    expect(notDone(checklistItems(config(), { ...facts, admins: 0 }))).toEqual(['admin']);
    expect(notDone(checklistItems(config({ PAYMENT_PROVIDER: 'sandbox' }), facts))).toEqual(['payments']);
    const testKey = checklistItems(config({ PAYSTACK_SECRET_KEY: 'sk_test_abc' }), facts);
    expect(notDone(testKey)).toEqual(['payments']);
    expect(item(testKey, 'payments').detail).toBe('paystack_test');
    expect(notDone(checklistItems(config({ SMTP_URL: '' }), facts))).toEqual(['smtp']);
    expect(notDone(checklistItems(config(), { ...facts, categories: 0 }))).toEqual(['categories']);
    const unset = loadConfig({
      NODE_ENV: 'test',
      PAYSTACK_SECRET_KEY: 'sk_live_abc',
      SMTP_URL: 'smtp://mail.example:587',
    });
    expect(notDone(checklistItems(unset, facts))).toEqual(['delivery_hours']);
    expect(item(checklistItems(unset, facts), 'delivery_hours').detail).toBe('08:00-21:00');
    expect(notDone(checklistItems(config(), { ...facts, approvedShops: 0 }))).toEqual(['first_vendor']);
  });

  it('answers what this deployment lacks, for admins only', async () => {
    const me = await adminAccount(app);
    const res = await get('/api/admin/checklist', me.cookie);
    expect(res.statusCode).toBe(200);
    const items = json<ChecklistAnswer>(res).items;
    // The tests' deployment: the sandbox, no SMTP, delivery hours given; admins, a category and shops made above.
    expect(items.map((i) => [i.key, i.done])).toEqual([
      ['admin', true],
      ['payments', false],
      ['smtp', false],
      ['categories', true],
      ['delivery_hours', true],
      ['first_vendor', true],
    ]);
    expect(items.find((i) => i.key === 'payments')!.detail).toBe('sandbox');
    const support = await createUser(app, { role: 'support' });
    expect((await get('/api/admin/checklist', support.cookie)).statusCode).toBe(403);
  });
});
