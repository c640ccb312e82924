import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { ErrorAnswer, PromotionAnswer, PromotionInput, QuoteAnswer } from '@jara/shared';
import { queryRows } from '../../src/infra/db/client.js';
import { buildTestApp, createAddress, createUser, json, unique, type TestApp } from '../helpers.js';
import { checkout, createShop, origin, paymentByReference, sandboxAction } from '../factories-checkout.js';
import { adminAccount } from '../factories-portals.js';
import { spellings } from './world.js';

/**
 * Promotions move money (decision 0051): one person gets a per-person offer once however many
 * accounts, emails or cancelled orders they try; a shop spends only its own money on its own
 * items; a customer cannot stretch a code past its terms or price their own discount.
 */

let app: TestApp;
let admin: { cookie: string };
beforeAll(async () => {
  app = await buildTestApp();
  admin = await adminAccount(app);
});
afterAll(async () => app?.closeAll());

const post = (url: string, cookie: string | undefined, payload: object) =>
  app.inject({ method: 'POST', url, headers: { ...(cookie ? { cookie } : {}), ...origin }, payload });

async function person(verified = true) {
  const { user, cookie } = await createUser(app, verified ? { emailVerifiedAt: new Date() } : {});
  return { user, cookie, address: await createAddress(app, user.id) };
}

async function offer(input: PromotionInput) {
  return json<PromotionAnswer>(await post('/api/admin/promotions', admin.cookie, input)).promotion;
}

const code = () => `A${unique().slice(-10).toUpperCase()}`;
const usesOf = async (id: string) =>
  (
    await queryRows<{ n: number }>(
      app.ctx.db,
      sql`SELECT count(*)::int AS n FROM promotion_uses WHERE promotion_id = ${id} AND state <> 'released'`,
    )
  )[0]!.n;

async function paidWith(c: Awaited<ReturnType<typeof person>>, items: object[], typed: string) {
  const q = json<QuoteAnswer>(await post('/api/order/quote', c.cookie, { items, address: c.address.id, code: typed }));
  const res = await checkout(app, c.cookie, { items, address: c.address.id, code: typed, amount: q.total });
  const { reference } = json<{ reference: string }>(res);
  await sandboxAction(app, reference, 'pay');
  await app.ctx.jobs.drain();
  return (await paymentByReference(app, reference)).subjectId;
}

describe('promotions under attack', () => {
  it('a per-person offer: not again through a changed email, a second unverified account or a cancelled-and-replaced order', async () => {
    const shop = await createShop(app, [50_000]);
    const items = [{ product: shop.products[0]!.product.id, quantity: 1, vendorId: shop.vendor.id }];
    const once = await offer({ title: 'Once each', code: code(), kind: 'fixed', amount: 200, perPerson: 1 });
    const me = await person();
    await paidWith(me, items, once.code!);
    // The same account naming another email and user id in the payload.
    const spoofed = await checkout(app, me.cookie, {
      items,
      address: me.address.id,
      code: once.code!,
      email: `${unique()}@example.com`,
      userId: (await person()).user.id,
    });
    expect(json<ErrorAnswer>(spoofed).code).toBe('promo_per_person');
    // A second account that has not verified its email is refused outright.
    const second = await person(false);
    const fresh = await checkout(app, second.cookie, { items, address: second.address.id, code: once.code! });
    expect(json<ErrorAnswer>(fresh).code).toBe('promo_verify');
    // A cancelled order gives the use back, so a second paid order is the one use, not two.
    const again = await person();
    const first = await paidWith(again, items, once.code!);
    expect((await post(`/api/order/cancel/${first}`, again.cookie, {})).statusCode).toBe(200);
    await paidWith(again, items, once.code!);
    expect(
      json<ErrorAnswer>(await checkout(app, again.cookie, { items, address: again.address.id, code: once.code! })).code,
    ).toBe('promo_per_person');
    expect(await usesOf(once._id)).toBe(2); // me, and `again` once
  });

  it('a shop cannot fund another shop’s items, name another shop, or spend the platform’s money, under any spelling', async () => {
    const mine = await createShop(app, [50_000]);
    const theirs = await createShop(app, [50_000]);
    const base = { title: 'Half off', code: code(), kind: 'percent', percent: 50 };
    const path = '/api/seller/promotions';
    for (const p of [path, ...spellings(path)]) {
      const other = await post(p, mine.owner.cookie, { ...base, productIds: [theirs.products[0]!.product.id] });
      expect(other.statusCode, p).toBeGreaterThanOrEqual(400);
      const named = await post(p, mine.owner.cookie, { ...base, vendorIds: [theirs.vendor.id] });
      expect(named.statusCode, p).toBeGreaterThanOrEqual(400);
      const platform = await post(p, mine.owner.cookie, { ...base, fundedBy: 'platform', vendorId: theirs.vendor.id });
      expect(platform.statusCode, p).toBeGreaterThanOrEqual(400);
    }
    for (const p of ['/api/admin/promotions', ...spellings('/api/admin/promotions')])
      expect((await post(p, mine.owner.cookie, base)).statusCode, p).toBeGreaterThanOrEqual(400);
    const [made] = await queryRows<{ n: number }>(
      app.ctx.db,
      sql`SELECT count(*)::int AS n FROM promotions WHERE title = 'Half off'`,
    );
    expect(made!.n).toBe(0);
  });

  it('a code cannot be applied twice, past its limit, after it ends, or with a crafted price', async () => {
    const shop = await createShop(app, [50_000]);
    const items = [{ product: shop.products[0]!.product.id, quantity: 1, vendorId: shop.vendor.id }];
    const c = await person();
    const ten = await offer({ title: 'Ten', code: code(), kind: 'percent', percent: 10, maxUses: 1 });
    const quoted = json<QuoteAnswer>(
      await post('/api/order/quote', c.cookie, { items, address: c.address.id, code: ten.code }),
    );
    // Twice in one payload: the schema takes one code.
    const twice = await checkout(app, c.cookie, { items, address: c.address.id, code: [ten.code, ten.code] });
    expect(twice.statusCode).toBe(400);
    // A crafted total (a bigger discount than the server's) is refused, and so is a crafted unit price.
    const crafted = await checkout(app, c.cookie, {
      items,
      address: c.address.id,
      code: ten.code!,
      amount: quoted.total - 100,
    });
    expect(json<ErrorAnswer>(crafted).code).toBe('price_changed');
    const unit = await checkout(app, c.cookie, {
      items: [{ ...items[0]!, price: 1 }],
      address: c.address.id,
      code: ten.code!,
    });
    expect(json<ErrorAnswer>(unit).code).toBe('price_changed');
    expect(await usesOf(ten._id)).toBe(0);
    // Past its limit.
    await paidWith(c, items, ten.code!);
    const other = await person();
    expect(
      json<ErrorAnswer>(await checkout(app, other.cookie, { items, address: other.address.id, code: ten.code! })).code,
    ).toBe('promo_exhausted');
    // After it ends.
    const gone = await offer({
      title: 'Gone',
      code: code(),
      kind: 'percent',
      percent: 10,
      endsAt: new Date(Date.now() - 1_000).toISOString(),
    });
    expect(
      json<ErrorAnswer>(await checkout(app, other.cookie, { items, address: other.address.id, code: gone.code! })).code,
    ).toBe('promo_expired');
  });
});
