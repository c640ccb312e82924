/**
 * Promotions (issue 32, decision 0051) through the real routes: priced by the server, reserved at
 * checkout, made at payment, given back when it fails or the order is cancelled. The tests named
 * after a bug report are the guards against what broke in other shops' promotions.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import {
  cartTotals,
  koboToNaira,
  type EarningsAnswer,
  type ErrorAnswer,
  type OrderAnswer,
  type PromotionAnswer,
  type PromotionInput,
  type PromotionsAnswer,
  type PromotionUsesAnswer,
  type QuoteAnswer,
  type SellerOrdersAnswer,
} from '@jara/shared';
import { buildTestApp, createAddress, createUser, json, unique, type TestApp } from '../../../test/helpers.js';
import { checkLedger } from '../../../test/books.js';
import { books } from '../ledger/index.js';
import {
  chargeSuccess,
  checkout,
  createShop,
  origin,
  paymentByReference,
  sandboxAction,
  verify,
  webhook,
} from '../../../test/factories-checkout.js';
import { adminAccount, createRiderAccount } from '../../../test/factories-portals.js';
import { queryRows } from '../../infra/db/client.js';
import { mailOutbox } from '../../infra/db/tables.js';
import { orders } from '../orders/orders.tables.js';
import { users } from '../auth/auth.tables.js';

let app: TestApp;
let admin: { cookie: string };
beforeAll(async () => {
  app = await buildTestApp();
  admin = await adminAccount(app);
});
afterAll(() => app.closeAll());

const post = (url: string, cookie: string, payload: object = {}) =>
  app.inject({ method: 'POST', url, headers: { cookie, ...origin }, payload });
const get = (url: string, cookie: string) => app.inject({ url, headers: { cookie } });

/** A customer with a verified email (a student's when `email` is on uniben.edu) and an address. */
async function shopper(opts: { verified?: boolean; email?: string } = {}) {
  const { user, cookie } = await createUser(app, {
    email: opts.email ?? `${unique()}@example.com`,
    ...(opts.verified === false
      ? {}
      : { emailVerifiedAt: new Date(), verifiedStudent: !!opts.email?.endsWith('@uniben.edu') }),
  });
  const address = await createAddress(app, user.id);
  return { user, cookie, address };
}

type Shop = Awaited<ReturnType<typeof createShop>>;
const cart = (shop: Shop, quantity = 1) =>
  shop.products.map((p) => ({ product: p.product.id, quantity, vendorId: shop.vendor.id }));

async function offer(cookie: string, input: PromotionInput, as: 'seller' | 'admin' = 'admin') {
  const res = await post(`/api/${as}/promotions`, cookie, input);
  if (res.statusCode !== 200) throw new Error(`promotion refused: ${res.body}`);
  return json<PromotionAnswer>(res).promotion;
}

function quote(c: { cookie: string; address: { id: string } }, items: ReturnType<typeof cart>, code?: string) {
  return post('/api/order/quote', c.cookie, { items, address: c.address.id, ...(code === undefined ? {} : { code }) });
}

/** Checks out with the quote's total as the amount (as the cart does); the order id and reference. */
async function buy(c: { cookie: string; address: { id: string } }, items: ReturnType<typeof cart>, code?: string) {
  const q = await quote(c, items, code);
  if (q.statusCode !== 200) throw new Error(`quote refused: ${q.body}`);
  const res = await checkout(app, c.cookie, {
    items,
    address: c.address.id,
    amount: json<QuoteAnswer>(q).total,
    ...(code ? { code } : {}),
  });
  if (res.statusCode !== 200) throw new Error(`checkout refused: ${res.body}`);
  const { reference } = json<{ reference: string }>(res);
  return { reference, orderId: (await paymentByReference(app, reference)).subjectId };
}

async function pay(c: { cookie: string }, reference: string) {
  await sandboxAction(app, reference, 'pay');
  await verify(app, c.cookie, reference);
}

async function uses(promotionId: string) {
  const list = json<PromotionsAnswer>(await get('/api/admin/promotions', admin.cookie)).promotions;
  return list.find((p) => p._id === promotionId)!;
}

const code = () => `T${unique().slice(-10).toUpperCase()}`;

describe('a shop’s 10 % code, from the cart to the shop’s earnings', () => {
  it('Enatega #1924: priced by the server, kept on the order once placed and after the offer ends, taken off the shop’s share before commission', async () => {
    const shop = await createShop(app, [150_000, 30_000]);
    const name = code();
    const promo = await offer(
      shop.owner.cookie,
      {
        title: 'Ten off Mama Put',
        code: ` ${name.toLowerCase().slice(0, 4)} ${name.toLowerCase().slice(4)} `,
        kind: 'percent',
        percent: 10,
      },
      'seller',
    );
    expect(promo).toMatchObject({
      code: name,
      fundedBy: 'vendor',
      vendorId: shop.vendor.id,
      vendorIds: [shop.vendor.id],
    });
    const c = await shopper();

    // The cart: 10 % of ₦1,800 off the items, the service fee on the discounted total.
    const q = json<QuoteAnswer>(await quote(c, cart(shop), name.toLowerCase()));
    const fee = q.deliveryFee * 100;
    const expected = cartTotals(162_000, fee);
    expect(q).toMatchObject({
      itemsPrice: 1800,
      serviceFee: koboToNaira(expected.serviceFeeKobo),
      total: koboToNaira(expected.totalKobo),
      discounts: [{ title: 'Ten off Mama Put', code: name, target: 'items', amount: 180, fundedBy: 'vendor' }],
    });

    // Paid in the sandbox: the order keeps its discount, the receipt says who paid for it.
    const { reference, orderId } = await buy(c, cart(shop), name);
    const payment = await paymentByReference(app, reference);
    expect(payment.amountKobo).toBe(expected.totalKobo);
    await pay(c, reference);
    const [mail] = await app.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, c.user.email));
    expect(mail!.textBody).toContain(`Discount Ten off Mama Put (${name}): −₦180, paid by ${shop.vendor.businessName}`);

    // Enatega #1924: the discount does not disappear once the order is placed, nor when the offer ends.
    await app.inject({
      method: 'PUT',
      url: `/api/seller/promotions/${promo._id}`,
      headers: { cookie: shop.owner.cookie, ...origin },
      payload: { title: 'Ten off Mama Put', code: name, kind: 'percent', percent: 10, active: false },
    });
    const order = json<OrderAnswer>(await get(`/api/order/${orderId}`, c.cookie)).order;
    expect(order).toMatchObject({ itemsPrice: 1800, amount: koboToNaira(expected.totalKobo) });
    expect(order.discounts).toEqual([
      {
        promotionId: promo._id,
        title: 'Ten off Mama Put',
        code: name,
        target: 'items',
        amount: 180,
        fundedBy: 'vendor',
        vendorName: shop.vendor.businessName,
      },
    ]);
    const seen = json<SellerOrdersAnswer>(await get('/api/seller/orders?scope=active', shop.owner.cookie)).orders;
    expect(seen.find((o) => o._id === orderId)!.discounts).toMatchObject([{ amount: 180, fundedBy: 'vendor' }]);

    // Delivered: the shop gets ₦1,620 less 10 % commission (₦1,458), not ₦1,800 less it.
    const rider = await createRiderAccount(app);
    expect((await post(`/api/seller/orders/${orderId}/confirm`, shop.owner.cookie)).statusCode).toBe(200);
    for (const step of ['accept', 'picked'])
      expect((await post(`/api/rider/jobs/order/${orderId}/${step}`, rider.cookie)).statusCode).toBe(200);
    const [row] = await app.ctx.db.select().from(orders).where(eq(orders.id, orderId));
    expect(row).toMatchObject({ itemsKobo: 180_000, itemsDiscountKobo: 18_000, deliveryDiscountKobo: 0 });
    const delivered = await post(`/api/rider/jobs/order/${orderId}/deliver`, rider.cookie, { code: row!.deliveryCode });
    expect(delivered.statusCode).toBe(200);
    expect((await books(app.ctx.db)).balances.get(`vendor:${shop.vendor.id}`)).toBe(-145_800);
    expect(await checkLedger(app.ctx.db)).toEqual([]);
    const earnings = json<EarningsAnswer>(await get('/api/seller/earnings', shop.owner.cookie)).earnings;
    expect(earnings.entries).toMatchObject([{ gross: 1800, discount: 180, net: 1458 }]);
    expect(earnings.totalEarned).toBe(1458);
  });
});

describe('pricing rules', () => {
  it('rounds a discount down to the kobo, caps a percentage, and puts the service fee on the discounted total', async () => {
    const shop = await createShop(app, [33_333]);
    const c = await shopper();
    const capped = await offer(admin.cookie, {
      title: 'Seven off',
      code: code(),
      kind: 'percent',
      percent: 7,
      cap: 20,
    });
    // 7 % of ₦333.33 is 2,333.31 kobo: 2,333 kobo off.
    const q = json<QuoteAnswer>(await quote(c, cart(shop), capped.code!));
    expect(q.discounts[0]!.amount).toBe(20); // capped at ₦20
    const exact = await offer(admin.cookie, { title: 'Seven off, no cap', code: code(), kind: 'percent', percent: 7 });
    const r = json<QuoteAnswer>(await quote(c, cart(shop), exact.code!));
    expect(r.discounts[0]!.amount).toBe(23.33);
    expect(r.total * 100).toBe(cartTotals(33_333 - 2_333, r.deliveryFee * 100).totalKobo);
  });

  it('free delivery waives every shop’s fee of the order, funded by the platform', async () => {
    const a = await createShop(app, [100_000], { latitude: 6.4, longitude: 5.61 });
    const b = await createShop(app, [100_000], { latitude: 6.43, longitude: 5.61 });
    const c = await shopper();
    const free = await offer(admin.cookie, { title: 'Free delivery', code: code(), kind: 'delivery', percent: 100 });
    const items = [...cart(a), ...cart(b)];
    const q = json<QuoteAnswer>(await quote(c, items, free.code!));
    expect(q.deliveryFee).toBeGreaterThan(0);
    expect(q.discounts).toMatchObject([{ target: 'delivery', amount: q.deliveryFee, fundedBy: 'platform' }]);
    expect(q.total * 100).toBe(cartTotals(200_000, 0).totalKobo);
  });
});

describe('bad codes: a clear message, the total unchanged, nothing recorded', () => {
  it('Enatega #1976: letter case and spaces do not matter; expiry, start, hours, shop and price are checked', async () => {
    const shop = await createShop(app, [50_000]);
    const other = await createShop(app, [50_000]);
    const c = await shopper();
    const now = Date.now();
    const ended = await offer(admin.cookie, {
      title: 'Gone',
      code: code(),
      kind: 'percent',
      percent: 10,
      endsAt: new Date(now - 60_000).toISOString(),
    });
    const later = await offer(admin.cookie, {
      title: 'Soon',
      code: code(),
      kind: 'percent',
      percent: 10,
      startsAt: new Date(now + 3_600_000).toISOString(),
    });
    const theirs = await offer(
      other.owner.cookie,
      { title: 'Theirs', code: code(), kind: 'percent', percent: 10 },
      'seller',
    );
    const big = await offer(admin.cookie, { title: 'Big', code: code(), kind: 'fixed', amount: 800 });
    const min = await offer(admin.cookie, { title: 'Min', code: code(), kind: 'fixed', amount: 100, minSpend: 1000 });
    const cases: [string, string, string][] = [
      ['NOPE-123', 'promo_unknown', 'There is no offer with the code NOPE-123. Please check it.'],
      [ended.code!, 'promo_expired', 'The offer "Gone" has ended.'],
      [later.code!, 'promo_not_started', 'The offer "Soon" has not started yet.'],
      [theirs.code!, 'promo_not_eligible', '"Theirs" does not apply to anything in your cart.'],
      [
        big.code!,
        'promo_above_price',
        '"Big" takes off ₦800, more than the ₦500 it applies to. Add more to your cart to use it.',
      ],
      [min.code!, 'promo_min_spend', '"Min" needs ₦1,000 of eligible items; your cart has ₦500.'],
    ];
    const before = Number(
      (await queryRows<{ n: number }>(app.ctx.db, sql`SELECT count(*)::int AS n FROM orders`))[0]!.n,
    );
    for (const [typed, errorCode, message] of cases) {
      const q = await quote(c, cart(shop), typed.toLowerCase());
      expect(json<ErrorAnswer>(q), typed).toMatchObject({ success: false, code: errorCode, message });
      const res = await checkout(app, c.cookie, { items: cart(shop), address: c.address.id, code: typed });
      expect(json<ErrorAnswer>(res).code).toBe(errorCode);
    }
    expect(Number((await queryRows<{ n: number }>(app.ctx.db, sql`SELECT count(*)::int AS n FROM orders`))[0]!.n)).toBe(
      before,
    );
    // The same cart without a code is priced as ever.
    expect(json<QuoteAnswer>(await quote(c, cart(shop))).discounts).toEqual([]);
  });

  it('asks an unverified account to verify, a non-student for a student email, and a returning customer for a first order', async () => {
    const shop = await createShop(app, [50_000]);
    const first = await offer(admin.cookie, {
      title: 'First order',
      code: code(),
      kind: 'fixed',
      amount: 100,
      firstOrder: true,
    });
    const students = await offer(admin.cookie, {
      title: 'Students',
      code: code(),
      kind: 'percent',
      percent: 5,
      studentsOnly: true,
    });
    const unverified = await shopper({ verified: false });
    expect(json<ErrorAnswer>(await quote(unverified, cart(shop), first.code!))).toMatchObject({
      code: 'promo_verify',
      message: '"First order" is for verified accounts. Please verify your email on your profile page, then try again.',
    });
    const c = await shopper();
    expect(json<ErrorAnswer>(await quote(c, cart(shop), students.code!)).code).toBe('promo_students');
    const student = await shopper({ email: `${unique()}@uniben.edu` });
    expect(json<QuoteAnswer>(await quote(student, cart(shop), students.code!)).discounts).toHaveLength(1);
    const { reference } = await buy(c, cart(shop));
    await pay(c, reference);
    expect(json<ErrorAnswer>(await quote(c, cart(shop), first.code!)).code).toBe('promo_first_order');
  });
});

describe('uses: reserved at checkout, made once, given back', () => {
  it('Saleor #7588 / #8219: a declined payment frees the use; the retried payment and replayed webhooks count it once', async () => {
    const shop = await createShop(app, [50_000]);
    const c = await shopper();
    const once = await offer(admin.cookie, { title: 'Once', code: code(), kind: 'fixed', amount: 100, maxUses: 1 });
    const declined = await buy(c, cart(shop), once.code!);
    expect((await uses(once._id)).uses).toBe(1); // reserved while the customer pays
    await sandboxAction(app, declined.reference, 'decline');
    await verify(app, c.cookie, declined.reference);
    expect((await uses(once._id)).uses).toBe(0);

    const retried = await buy(c, cart(shop), once.code!);
    await pay(c, retried.reference);
    const amount = (await paymentByReference(app, retried.reference)).amountKobo;
    for (let i = 0; i < 3; i++) await webhook(app, chargeSuccess(retried.reference, amount));
    await app.ctx.jobs.drain();
    expect(await uses(once._id)).toMatchObject({ uses: 1, spent: 100 });
    const people = json<PromotionUsesAnswer>(await get(`/api/admin/promotions/${once._id}/uses`, admin.cookie)).people;
    expect(people).toMatchObject([{ userId: c.user.id, uses: 1, released: 1, discount: 100 }]);
    // Used up: the next customer is told before paying.
    const next = await shopper();
    expect(json<ErrorAnswer>(await quote(next, cart(shop), once.code!)).code).toBe('promo_exhausted');
  });

  it('Saleor #18563: a per-person limit follows the account, whatever email the checkout names', async () => {
    const shop = await createShop(app, [50_000]);
    const c = await shopper();
    const mine = await offer(admin.cookie, {
      title: 'One each',
      code: code(),
      kind: 'fixed',
      amount: 100,
      perPerson: 1,
    });
    const { reference } = await buy(c, cart(shop), mine.code!);
    await pay(c, reference);
    const again = await checkout(app, c.cookie, {
      items: cart(shop),
      address: c.address.id,
      code: mine.code!,
      email: `${unique()}@example.com`,
    });
    expect(json<ErrorAnswer>(again)).toMatchObject({ code: 'promo_per_person' });
  });

  it('Vendure #1466: a cancelled order gives its per-person use back', async () => {
    const shop = await createShop(app, [50_000]);
    const c = await shopper();
    const mine = await offer(admin.cookie, {
      title: 'One each again',
      code: code(),
      kind: 'fixed',
      amount: 100,
      perPerson: 1,
    });
    const { reference, orderId } = await buy(c, cart(shop), mine.code!);
    await pay(c, reference);
    expect(json<ErrorAnswer>(await quote(c, cart(shop), mine.code!)).code).toBe('promo_per_person');
    expect((await post(`/api/order/cancel/${orderId}`, c.cookie)).statusCode).toBe(200);
    expect(json<QuoteAnswer>(await quote(c, cart(shop), mine.code!)).discounts).toHaveLength(1);
  });

  it('Vendure #4353: an automatic promotion keeps its limits (per person and in all)', async () => {
    const shop = await createShop(app, [50_000]);
    const auto = await offer(admin.cookie, {
      title: 'Free delivery, twice in all',
      kind: 'delivery',
      percent: 100,
      vendorIds: [shop.vendor.id],
      perPerson: 1,
      maxUses: 2,
    });
    const [a, b, c] = [await shopper(), await shopper(), await shopper()];
    expect(json<QuoteAnswer>(await quote(a, cart(shop))).discounts).toMatchObject([{ promotionId: auto._id }]);
    const first = await buy(a, cart(shop));
    await pay(a, first.reference);
    expect(json<QuoteAnswer>(await quote(a, cart(shop))).discounts).toEqual([]);
    const second = await buy(b, cart(shop));
    await pay(b, second.reference);
    expect(json<QuoteAnswer>(await quote(c, cart(shop))).discounts).toEqual([]);
    expect((await uses(auto._id)).uses).toBe(2);
  });

  it('Medusa #16012: checkouts at once never spend a kobo over the budget', async () => {
    const shop = await createShop(app, [15_500]);
    // ₦15.50 off each; a ₦100 budget takes 6 (₦93), never the 7th (₦108.50).
    const budget = await offer(admin.cookie, {
      title: 'Budget',
      code: code(),
      kind: 'percent',
      percent: 10,
      budget: 100,
    });
    const people = await Promise.all(Array.from({ length: 20 }, () => shopper()));
    const quoted = json<QuoteAnswer>(await quote(people[0]!, cart(shop), budget.code!)).total;
    const answers = await Promise.all(
      people.map((p) =>
        checkout(app, p.cookie, { items: cart(shop), address: p.address.id, code: budget.code!, amount: quoted }),
      ),
    );
    const ok = answers.filter((r) => r.statusCode === 200);
    if (!ok.length) throw new Error(answers[0]!.body);
    expect(ok).toHaveLength(6);
    for (const r of answers.filter((x) => x.statusCode !== 200))
      expect(json<ErrorAnswer>(r).code).toBe('promo_exhausted');
    expect(await uses(budget._id)).toMatchObject({ uses: 6, spent: 93 });
  });

  it('an account an admin bars cannot use offers until unbarred', async () => {
    const shop = await createShop(app, [50_000]);
    const c = await shopper();
    const any = await offer(admin.cookie, { title: 'Any', code: code(), kind: 'fixed', amount: 100 });
    expect(
      (await post(`/api/admin/promotions/people/${c.user.id}/bar`, admin.cookie, { barred: true, reason: 'abuse' }))
        .statusCode,
    ).toBe(200);
    expect(json<ErrorAnswer>(await quote(c, cart(shop), any.code!)).code).toBe('promo_barred');
    await post(`/api/admin/promotions/people/${c.user.id}/bar`, admin.cookie, { barred: false });
    expect(json<QuoteAnswer>(await quote(c, cart(shop), any.code!)).discounts).toHaveLength(1);
  });
});

describe('who may create what', () => {
  it('a shop cannot cover another shop’s products or name another shop, and cannot make a platform offer', async () => {
    const mine = await createShop(app, [50_000]);
    const theirs = await createShop(app, [50_000]);
    const base = { title: 'Sneaky', code: code(), kind: 'percent' as const, percent: 50 };
    const products = await post('/api/seller/promotions', mine.owner.cookie, {
      ...base,
      productIds: [theirs.products[0]!.product.id],
    });
    expect(products.statusCode).toBe(403);
    const shops = await post('/api/seller/promotions', mine.owner.cookie, { ...base, vendorIds: [theirs.vendor.id] });
    expect(shops.statusCode).toBe(403);
    const funded = await post('/api/seller/promotions', mine.owner.cookie, { ...base, fundedBy: 'platform' });
    expect(funded.statusCode).toBe(400);
    expect((await post('/api/admin/promotions', mine.owner.cookie, base)).statusCode).toBe(403);
    const made = await offer(
      mine.owner.cookie,
      { ...base, code: code(), productIds: [mine.products[0]!.product.id] },
      'seller',
    );
    const edit = await app.inject({
      method: 'PUT',
      url: `/api/seller/promotions/${made._id}`,
      headers: { cookie: theirs.owner.cookie, ...origin },
      payload: base,
    });
    expect(edit.statusCode).toBe(404);
    // A code names one offer.
    expect(
      json<ErrorAnswer>(await post('/api/admin/promotions', admin.cookie, { ...base, code: made.code! })).code,
    ).toBe('promo_code_taken');
  });
});

describe('PROMOTIONS_NEED_PHONE', () => {
  it('asks per-person offers for a verified phone too, and counts uses by that phone', async () => {
    const strict = await buildTestApp({ PROMOTIONS_NEED_PHONE: 'true' });
    try {
      const shop = await createShop(strict, [50_000]);
      const boss = await adminAccount(strict);
      const made = await strict.inject({
        method: 'POST',
        url: '/api/admin/promotions',
        headers: { cookie: boss.cookie, ...origin },
        payload: { title: 'One per phone', code: code(), kind: 'fixed', amount: 100, perPerson: 1 },
      });
      const promo = json<PromotionAnswer>(made).promotion;
      const ask = async (cookie: string, address: string) =>
        strict.inject({
          method: 'POST',
          url: '/api/order/quote',
          headers: { cookie, ...origin },
          payload: { items: cart(shop), address, code: promo.code },
        });
      const emailOnly = await createUser(strict, { emailVerifiedAt: new Date() });
      const place = await createAddress(strict, emailOnly.user.id);
      expect(json<ErrorAnswer>(await ask(emailOnly.cookie, place.id)).code).toBe('promo_verify');
      const phoned = await createUser(strict, {
        emailVerifiedAt: new Date(),
        phone: '+2348031234567',
        phoneVerifiedAt: new Date(),
      });
      const home = await createAddress(strict, phoned.user.id);
      expect(json<QuoteAnswer>(await ask(phoned.cookie, home.id)).discounts).toHaveLength(1);
      // Paid with it; then the phone moves to another account (the first lost it): still one person.
      const q = json<QuoteAnswer>(await ask(phoned.cookie, home.id));
      const res = await checkout(strict, phoned.cookie, {
        items: cart(shop),
        address: home.id,
        code: promo.code!,
        amount: q.total,
      });
      await sandboxAction(strict, json<{ reference: string }>(res).reference, 'pay');
      await strict.ctx.jobs.drain();
      await strict.ctx.db.update(users).set({ phone: null, phoneVerifiedAt: null }).where(eq(users.id, phoned.user.id));
      const heir = await createUser(strict, {
        emailVerifiedAt: new Date(),
        phone: '+2348031234567',
        phoneVerifiedAt: new Date(),
      });
      const heirs = await createAddress(strict, heir.user.id);
      expect(json<ErrorAnswer>(await ask(heir.cookie, heirs.id)).code).toBe('promo_per_person');
    } finally {
      await strict.closeAll();
    }
  });
});

describe('guessing codes', () => {
  it('is slowed after 30 codes that name no offer; a cart asking again with its good code is not', async () => {
    const shop = await createShop(app, [50_000]);
    const c = await shopper();
    const good = await offer(admin.cookie, { title: 'Good', code: code(), kind: 'fixed', amount: 100 });
    for (let i = 0; i < 40; i++) expect((await quote(c, cart(shop), good.code!)).statusCode).toBe(200);
    for (let i = 0; i < 30; i++)
      expect(json<ErrorAnswer>(await quote(c, cart(shop), `GUESS-${i}`)).code).toBe('promo_unknown');
    const slowed = await quote(c, cart(shop), 'GUESS-31');
    expect(slowed.statusCode).toBe(429);
    expect(slowed.headers['retry-after']).toBeDefined();
  });
});
