import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import {
  cartTotals,
  GroupAnswer,
  nairaToKobo,
  type ErrorAnswer,
  type GroupDto,
  type GroupInviteAnswer,
  type GroupListAnswer,
  type GroupPayAnswer,
  type JobListAnswer,
  type SellerOrdersAnswer,
} from '@jara/shared';
import { buildTestApp, createUser, json, type TestApp } from '../../../test/helpers.js';
import { checkLedger } from '../../../test/books.js';
import { createCustomer, createShop, origin, sandboxAction, verify } from '../../../test/factories-checkout.js';
import { createRiderAccount } from '../../../test/factories-portals.js';
import { fixedClock } from '../../context.js';
import { queryRows } from '../../infra/db/client.js';
import { books } from '../ledger/index.js';
import { orderItems, orders } from '../orders/orders.tables.js';
import { payments, refunds } from '../payments/payments.tables.js';
import { groupMembers } from './groups.tables.js';

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.closeAll());

const call = (method: 'GET' | 'POST' | 'PUT', url: string, cookie: string, payload?: object) =>
  app.inject({ method, url, headers: { cookie, ...origin }, payload });
const ok = async <T = unknown>(method: 'GET' | 'POST' | 'PUT', url: string, cookie: string, payload?: object) => {
  const res = await call(method, url, cookie, payload);
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
  return json<T>(res);
};
const codeOf = (res: { body: string }) => json<ErrorAnswer>(res).code;
const view = async (id: string, cookie: string) =>
  GroupAnswer.parse(json(await call('GET', `/api/group/${id}`, cookie))).group;
const balance = async (account: string) => (await books(app.ctx.db)).balances.get(account) ?? 0;
/** The entries of the ledger posting under `key`, by account. */
const posted = async (key: string) =>
  Object.fromEntries(
    (
      await queryRows<{ account: string; kobo: string }>(
        app.ctx.db,
        sql`SELECT e.account, e.amount_kobo AS kobo FROM ledger_entries e JOIN ledger_transactions t ON t.id = e.transaction_id WHERE t.key = ${key}`,
      )
    ).map((r) => [r.account, Number(r.kobo)]),
  );
const countRows = async (table: string) =>
  Number((await queryRows<{ n: number }>(app.ctx.db, sql.raw(`SELECT count(*)::int AS n FROM ${table}`)))[0]!.n);

/** A host (with an address on campus), two roommates, one shop of three dishes. */
async function world() {
  const shop = await createShop(app, [150_000, 90_000, 40_000]);
  const host = await createCustomer(app);
  const ada = await createUser(app, { name: 'Ada Roommate' });
  const bola = await createUser(app, { name: 'Bola Roommate' });
  const [rice, beans, drink] = shop.products.map((p) => p.product.id);
  return { shop, host, ada, bola, rice: rice!, beans: beans!, drink: drink! };
}

/** A group of the host and the two roommates, each with lines; answers its id and token. */
async function builtGroup(w: Awaited<ReturnType<typeof world>>) {
  const { groupId } = await ok<{ groupId: string }>('POST', '/api/group', w.host.cookie, {
    address: w.host.address.id,
    vendorIds: [w.shop.vendor.id],
    cutOffMinutes: 30,
    items: [{ product: w.rice, quantity: 1 }],
  });
  const { token } = await view(groupId, w.host.cookie);
  for (const m of [w.ada, w.bola]) await ok('POST', '/api/group/join', m.cookie, { token });
  await ok('POST', `/api/group/${groupId}/items`, w.ada.cookie, { product: w.beans, quantity: 2 });
  await ok('POST', `/api/group/${groupId}/items`, w.bola.cookie, { product: w.drink, quantity: 1 });
  return { groupId, token };
}

/** Starts paying the caller's share and pays it on the sandbox's page. */
async function payShare(groupId: string, cookie: string) {
  const { reference } = await ok<GroupPayAnswer>('POST', `/api/group/${groupId}/pay`, cookie);
  await sandboxAction(app, reference, 'pay');
  expect(json<{ state: string }>(await verify(app, cookie, reference)).state).toBe('paid');
  return reference;
}

const memberNamed = (g: GroupDto, name: string) => g.members.find((m) => m.name === name)!;

describe('opening, joining and adding to a group order', () => {
  it('shows every member their lines and the shares as they stand, to members only', async () => {
    const w = await world();
    const { groupId, token } = await builtGroup(w);
    const g = await view(groupId, w.ada.cookie);
    expect(g).toMatchObject({ state: 'open', isHost: false, hostName: 'Test', sharesFixed: false });
    expect(g.vendors).toEqual([{ _id: w.shop.vendor.id, name: w.shop.vendor.businessName }]);
    expect(g.members.map((m) => [m.name, m.isHost, m.isYou, m.items.map((i) => i.quantity)])).toEqual([
      ['Test', true, false, [1]],
      ['Ada', false, true, [2]],
      ['Bola', false, false, [1]],
    ]);
    // The fee divided three ways, the kobo left over to the host.
    const fee = nairaToKobo(g.deliveryFee);
    const shares = g.members.map((m) => nairaToKobo(m.share!.delivery));
    expect(shares.reduce((s, k) => s + k, 0)).toBe(fee);
    expect(shares[0]).toBe(fee - 2 * Math.floor(fee / 3));
    expect(memberNamed(g, 'Ada').share!.total).toBe(cartTotals(180_000, shares[1]!).totalKobo / 100);

    // Anyone else: 404 on the group, its lines and its actions, and nothing changes.
    const stranger = await createUser(app);
    for (const [method, url, body] of [
      ['GET', `/api/group/${groupId}`, undefined],
      ['POST', `/api/group/${groupId}/items`, { product: w.rice, quantity: 1 }],
      ['POST', `/api/group/${groupId}/close`, {}],
      ['POST', `/api/group/${groupId}/pay`, {}],
      ['PUT', `/api/group/${groupId}/items/${g.members[0]!.items[0]!._id}`, { quantity: 5 }],
    ] as const)
      expect((await call(method, url, stranger.cookie, body)).statusCode, url).toBe(404);
    // Another member's line is not the caller's to change.
    expect(
      (await call('PUT', `/api/group/${groupId}/items/${g.members[0]!.items[0]!._id}`, w.ada.cookie, { quantity: 5 }))
        .statusCode,
    ).toBe(404);
    expect((await view(groupId, w.host.cookie)).members[0]!.items[0]!.quantity).toBe(1);

    // The invitation says whose it is before joining; a link that is no group's is refused.
    const invite = await ok<GroupInviteAnswer>('GET', `/api/group/invite/${token}`, stranger.cookie);
    expect(invite.invite).toMatchObject({ _id: groupId, joined: false, memberCount: 3, hostName: 'Test' });
    const before = await countRows('group_members');
    const foreign = await call('POST', '/api/group/join', stranger.cookie, { token: 'x'.repeat(24) });
    expect([foreign.statusCode, codeOf(foreign)]).toEqual([404, 'not_found']);
    expect(await countRows('group_members')).toBe(before);
    // Joining twice changes nothing either.
    await ok('POST', '/api/group/join', w.ada.cookie, { token });
    expect(await countRows('group_members')).toBe(before);
    expect((await ok<GroupListAnswer>('GET', '/api/group', w.ada.cookie)).groups.map((x) => x._id)).toContain(groupId);
  });

  it('takes lines only from the group’s shops; the same line again adds up; 0 removes a line', async () => {
    const w = await world();
    const { groupId } = await builtGroup(w);
    const other = await createShop(app, [50_000]);
    const res = await call('POST', `/api/group/${groupId}/items`, w.ada.cookie, {
      product: other.products[0]!.product.id,
      quantity: 1,
    });
    expect([res.statusCode, codeOf(res)]).toEqual([400, 'not_group_shop']);
    await ok('POST', `/api/group/${groupId}/items`, w.ada.cookie, { product: w.beans, quantity: 3 });
    const line = memberNamed(await view(groupId, w.ada.cookie), 'Ada').items[0]!;
    expect(line.quantity).toBe(5);
    await ok('PUT', `/api/group/${groupId}/items/${line._id}`, w.ada.cookie, { quantity: 0 });
    expect(memberNamed(await view(groupId, w.ada.cookie), 'Ada').items).toEqual([]);
  });

  it('tells every member live when someone joins or adds', async () => {
    const w = await world();
    const { groupId } = await builtGroup(w);
    const heard: [string[], unknown][] = [];
    const original = app.ctx.realtime.emitToPeople.bind(app.ctx.realtime);
    app.ctx.realtime.emitToPeople = (people, event, ...args) => {
      if (event === 'group.updated') heard.push([[...people.userIds], args[0]]);
      original(people, event, ...args);
    };
    try {
      await ok('POST', `/api/group/${groupId}/items`, w.bola.cookie, { product: w.rice, quantity: 1 });
    } finally {
      app.ctx.realtime.emitToPeople = original;
    }
    expect(heard).toEqual([[[w.host.user.id, w.ada.user.id, w.bola.user.id], { groupId }]]);
  });
});

describe('closing, paying and placing', () => {
  it('fixes the shares, takes each member’s own charge, and places the paid shares as one order at the cut-off', async () => {
    const w = await world();
    const { groupId, token } = await builtGroup(w);
    const notHost = await call('POST', `/api/group/${groupId}/close`, w.ada.cookie);
    expect([notHost.statusCode, codeOf(notHost)]).toEqual([403, 'not_group_host']);
    const early = await call('POST', `/api/group/${groupId}/pay`, w.ada.cookie);
    expect([early.statusCode, codeOf(early)]).toEqual([409, 'group_not_closed']);
    await ok('POST', `/api/group/${groupId}/close`, w.host.cookie);

    const closed = await view(groupId, w.host.cookie);
    expect(closed).toMatchObject({ state: 'paying', sharesFixed: true });
    const fee = nairaToKobo(closed.deliveryFee);
    const share = (name: string) => memberNamed(closed, name).share!;
    expect(['Test', 'Ada', 'Bola'].reduce((s, n) => s + nairaToKobo(share(n).delivery), 0)).toBe(fee);

    // Closed: no joining, no adding; nothing changes.
    const late = await createUser(app);
    const join = await call('POST', '/api/group/join', late.cookie, { token });
    expect([join.statusCode, codeOf(join)]).toEqual([409, 'group_closed']);
    const add = await call('POST', `/api/group/${groupId}/items`, w.ada.cookie, { product: w.rice, quantity: 1 });
    expect([add.statusCode, codeOf(add)]).toEqual([409, 'group_closed']);
    expect((await view(groupId, w.host.cookie)).members).toHaveLength(3);

    // The host and Ada pay their own shares; paying again is refused, and no new attempt is made.
    const hostRef = await payShare(groupId, w.host.cookie);
    const adaRef = await payShare(groupId, w.ada.cookie);
    const attempts = await countRows('payments');
    const again = await call('POST', `/api/group/${groupId}/pay`, w.ada.cookie);
    expect([again.statusCode, codeOf(again)]).toEqual([409, 'share_paid']);
    expect(await countRows('payments')).toBe(attempts);
    const [hostPay, adaPay] = await Promise.all(
      [hostRef, adaRef].map(
        async (r) => (await app.ctx.db.select().from(payments).where(eq(payments.reference, r)))[0]!,
      ),
    );
    expect(hostPay!.amountKobo).toBe(nairaToKobo(share('Test').total));
    expect(adaPay!.amountKobo).toBe(nairaToKobo(share('Ada').total));
    expect(hostPay!.purpose).toBe('group_share');
    expect(hostPay!.userId).toBe(w.host.user.id);

    // Bola has not paid: the host cannot place it before the cut-off.
    const place = await call('POST', `/api/group/${groupId}/place`, w.host.cookie);
    expect([place.statusCode, codeOf(place)]).toEqual([409, 'group_unpaid']);

    // Bola starts paying, but the cut-off passes first: the order goes with the host's and Ada's items.
    const { reference: bolaRef } = await ok<GroupPayAnswer>('POST', `/api/group/${groupId}/pay`, w.bola.cookie);
    const saved = app.ctx.clock;
    app.ctx.clock = fixedClock(new Date(Date.now() + 31 * 60_000));
    let placed: GroupDto;
    try {
      placed = await view(groupId, w.ada.cookie);
    } finally {
      app.ctx.clock = saved;
    }
    expect(placed.state).toBe('placed');
    expect(memberNamed(placed, 'Bola').state).toBe('dropped');
    expect(placed.order?.items.map((i) => [i.product._id, i.quantity]).sort()).toEqual(
      [
        [w.rice, 1],
        [w.beans, 2],
      ].sort(),
    );
    const orderId = placed.order!._id;
    const [order] = await app.ctx.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({
      userId: w.host.user.id,
      paymentState: 'paid',
      deliveryFeeKobo: fee,
      amountKobo: hostPay!.amountKobo + adaPay!.amountKobo,
      itemsKobo: 150_000 + 180_000,
    });
    const items = await app.ctx.db.select().from(orderItems).where(eq(orderItems.orderId, orderId));
    expect(Object.fromEntries(items.map((i) => [i.productId, i.payerId]))).toEqual({
      [w.rice]: w.host.user.id,
      [w.beans]: w.ada.user.id,
    });
    // Every member who paid follows the same order: the same code; Bola, who dropped out, does not.
    expect((await view(groupId, w.host.cookie)).order?._id).toBe(orderId);
    expect((await view(groupId, w.bola.cookie)).order).toBeNull();
    // Both paid members' money is held for the order, each charge its own posting of their share; nothing of Bola's.
    expect(await balance(`held:order:${orderId}`)).toBe(-order!.amountKobo);
    for (const p of [hostPay!, adaPay!])
      expect(await posted(`charge:${p.id}`)).toEqual({ cash: p.amountKobo, [`held:order:${orderId}`]: -p.amountKobo });

    // Bola's payment arrives after the order went: charged, and all of it goes back to Bola.
    await sandboxAction(app, bolaRef, 'pay');
    await verify(app, w.bola.cookie, bolaRef);
    const [bolaPay] = await app.ctx.db.select().from(payments).where(eq(payments.reference, bolaRef));
    expect(bolaPay).toMatchObject({ state: 'paid', refundedKobo: bolaPay!.amountKobo });
    await app.ctx.jobs.drain();
    const [bolaRefund] = await app.ctx.db.select().from(refunds).where(eq(refunds.paymentId, bolaPay!.id));
    expect(bolaRefund).toMatchObject({ amountKobo: bolaPay!.amountKobo, state: 'processed' });
    // In the books: charged, and the same kobo back out of what was held, to Bola's card.
    expect(await posted(`charge:${bolaPay!.id}`)).toEqual({
      cash: bolaPay!.amountKobo,
      [`held:order:${orderId}`]: -bolaPay!.amountKobo,
    });
    expect(await posted(`refund:${bolaRefund!.id}`)).toEqual({
      [`held:order:${orderId}`]: bolaPay!.amountKobo,
      'refunds:pending': -bolaPay!.amountKobo,
    });
    expect(await posted(`refund-processed:${bolaRefund!.id}`)).toEqual({
      'refunds:pending': bolaPay!.amountKobo,
      cash: -bolaPay!.amountKobo,
    });
    expect(await balance(`held:order:${orderId}`)).toBe(-order!.amountKobo);
    expect(memberNamed(await view(groupId, w.bola.cookie), 'Bola').state).toBe('dropped');
    expect(await checkLedger(app.ctx.db)).toEqual([]);

    // Delivered with the one code: the shop, the rider (the whole fee's share) and the platform,
    // which bears Bola's part of the fee.
    const rider = await createRiderAccount(app);
    expect((await call('POST', `/api/seller/orders/${orderId}/confirm`, w.shop.owner.cookie, {})).statusCode).toBe(200);
    // The shop and the rider see plainly that it is a group order, paid by two.
    const sold = await ok<SellerOrdersAnswer>('GET', '/api/seller/orders', w.shop.owner.cookie);
    expect(sold.orders.find((o) => o._id === orderId)!.batch).toMatchObject({ members: 2 });
    const jobs = await ok<JobListAnswer>('GET', '/api/rider/jobs', rider.cookie);
    expect(jobs.jobs.find((j) => j._id === orderId)!.groupMembers).toBe(2);
    for (const step of ['accept', 'picked'])
      expect((await call('POST', `/api/rider/jobs/order/${orderId}/${step}`, rider.cookie, {})).statusCode).toBe(200);
    const code = (await view(groupId, w.ada.cookie)).order!.deliveryCode!;
    expect(code).toBe(order!.deliveryCode);
    expect((await call('POST', `/api/rider/jobs/order/${orderId}/deliver`, rider.cookie, { code })).statusCode).toBe(
      200,
    );
    expect(await balance(`held:order:${orderId}`)).toBe(0);
    const pct = app.ctx.config.vendorCommissionPercent;
    expect(await balance(`vendor:${w.shop.vendor.id}`)).toBe(-(330_000 - Math.round((330_000 * pct) / 100)));
    expect(await checkLedger(app.ctx.db)).toEqual([]);
    expect((await view(groupId, w.ada.cookie)).order?.status).toBe('Order Delivered');
  });

  it('is placed by its host once every share is paid; a group nobody paid for is cancelled at its cut-off', async () => {
    const w = await world();
    const { groupId } = await builtGroup(w);
    await ok('POST', `/api/group/${groupId}/close`, w.host.cookie);
    for (const m of [w.host, w.ada, w.bola]) await payShare(groupId, m.cookie);
    await ok('POST', `/api/group/${groupId}/place`, w.host.cookie);
    const g = await view(groupId, w.bola.cookie);
    expect(g.state).toBe('placed');
    const [order] = await app.ctx.db.select().from(orders).where(eq(orders.id, g.order!._id));
    // All paid: the shares add up to the order's items, the whole fee and the service fees.
    expect(order!.amountKobo).toBe(order!.itemsKobo + order!.deliveryFeeKobo + order!.serviceFeeKobo);
    const again = await call('POST', `/api/group/${groupId}/place`, w.host.cookie);
    expect([again.statusCode, codeOf(again)]).toEqual([409, 'group_closed']);

    const nobody = await builtGroup(w);
    await ok('POST', `/api/group/${nobody.groupId}/close`, w.host.cookie);
    await app.ctx.db.execute(
      sql`UPDATE group_orders SET cut_off_at = now() - interval '1 minute' WHERE id = ${nobody.groupId}`,
    );
    expect(await view(nobody.groupId, w.host.cookie)).toMatchObject({
      state: 'cancelled',
      ended: 'nobody_paid',
      order: null,
    });
  });

  it('sends a refund of a group order back to the member who paid: a declined item to its payer, a cancellation to each', async () => {
    const w = await world();
    const { groupId } = await builtGroup(w);
    await ok('POST', `/api/group/${groupId}/close`, w.host.cookie);
    const refs = [];
    for (const m of [w.host, w.ada, w.bola]) refs.push(await payShare(groupId, m.cookie));
    await ok('POST', `/api/group/${groupId}/place`, w.host.cookie);
    const orderId = (await view(groupId, w.host.cookie)).order!._id;
    const pays = await app.ctx.db.select().from(payments).where(eq(payments.subjectId, orderId));
    const payOf = (userId: string) => pays.find((p) => p.userId === userId)!;
    const items = await app.ctx.db.select().from(orderItems).where(eq(orderItems.orderId, orderId));

    // The shop declines Ada's beans: ₦1,800 back to Ada's own payment, nobody else's.
    const beans = items.find((i) => i.productId === w.beans)!;
    expect(
      (
        await call('POST', `/api/seller/orders/${orderId}/decline`, w.shop.owner.cookie, {
          itemIds: [beans.id],
          reason: 'Sold out',
        })
      ).statusCode,
    ).toBe(200);
    const refundsNow = async () =>
      app.ctx.db
        .select({ paymentId: refunds.paymentId, amountKobo: refunds.amountKobo })
        .from(refunds)
        .innerJoin(payments, eq(payments.id, refunds.paymentId))
        .where(eq(payments.subjectId, orderId));
    expect(await refundsNow()).toEqual([{ paymentId: payOf(w.ada.user.id).id, amountKobo: 180_000 }]);

    // The host cancels in the first minutes: each member gets back what is left of their own.
    expect((await call('POST', `/api/order/cancel/${orderId}`, w.host.cookie, {})).statusCode).toBe(200);
    await app.ctx.jobs.drain();
    const back = new Map<string, number>();
    for (const r of await refundsNow()) back.set(r.paymentId, (back.get(r.paymentId) ?? 0) + r.amountKobo);
    for (const u of [w.host, w.ada, w.bola]) expect(back.get(payOf(u.user.id).id)).toBe(payOf(u.user.id).amountKobo);
    expect(await balance(`held:order:${orderId}`)).toBe(0);
    expect(await checkLedger(app.ctx.db)).toEqual([]);
  });

  it('pays back every share already paid when the host calls the group off', async () => {
    const w = await world();
    const { groupId } = await builtGroup(w);
    expect((await call('POST', `/api/group/${groupId}/cancel`, w.ada.cookie)).statusCode).toBe(403);
    await ok('POST', `/api/group/${groupId}/close`, w.host.cookie);
    const ref = await payShare(groupId, w.ada.cookie);
    await ok('POST', `/api/group/${groupId}/cancel`, w.host.cookie);
    await app.ctx.jobs.drain();
    const [pay] = await app.ctx.db.select().from(payments).where(eq(payments.reference, ref));
    expect(pay!.refundedKobo).toBe(pay!.amountKobo);
    expect(await view(groupId, w.ada.cookie)).toMatchObject({ state: 'cancelled', ended: 'cancelled_by_host' });
    const pay2 = await call('POST', `/api/group/${groupId}/pay`, w.bola.cookie);
    expect([pay2.statusCode, codeOf(pay2)]).toEqual([409, 'group_closed']);
    const [m] = await app.ctx.db
      .select()
      .from(groupMembers)
      .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, w.bola.user.id)));
    expect(m!.state).toBe('joined');
    expect(await checkLedger(app.ctx.db)).toEqual([]);
  });
});

describe('twenty people at once', () => {
  it('joining and adding to one group at the same moment lose nothing', async () => {
    const w = await world();
    const { groupId } = await builtGroup(w);
    const { token } = await view(groupId, w.host.cookie);
    const people = await Promise.all(Array.from({ length: 20 }, (_, i) => createUser(app, { name: `Roomie${i} X` })));
    // Each joins, then adds rice twice (the same line, at once) and one of beans or drink.
    const answers = await Promise.all(
      people.map(async (p, i) => {
        const join = await call('POST', '/api/group/join', p.cookie, { token });
        const adds = await Promise.all([
          call('POST', `/api/group/${groupId}/items`, p.cookie, { product: w.rice, quantity: 1 }),
          call('POST', `/api/group/${groupId}/items`, p.cookie, { product: w.rice, quantity: 2 }),
          call('POST', `/api/group/${groupId}/items`, p.cookie, {
            product: i % 2 ? w.beans : w.drink,
            quantity: i + 1,
          }),
        ]);
        return [join, ...adds].map((r) => r.statusCode);
      }),
    );
    expect(answers.flat().filter((s) => s !== 200)).toEqual([]);
    const g = await view(groupId, w.host.cookie);
    expect(g.members).toHaveLength(23);
    for (const [i, p] of people.entries()) {
      const m = memberNamed(g, `Roomie${i}`);
      expect(m, p.user.id).toBeDefined();
      const qty = Object.fromEntries(m.items.map((l) => [l.productId, l.quantity]));
      expect(qty).toEqual({ [w.rice]: 3, [i % 2 ? w.beans : w.drink]: i + 1 });
    }
    // Every share adds up to the fee, and the host closes with all of them priced.
    await ok('POST', `/api/group/${groupId}/close`, w.host.cookie);
    const closed = await view(groupId, w.host.cookie);
    expect(closed.members.reduce((s, m) => s + nairaToKobo(m.share!.delivery), 0)).toBe(
      nairaToKobo(closed.deliveryFee),
    );
    const lines = await countRows(`group_items WHERE group_id = '${groupId}'`);
    expect(lines).toBe(3 + 2 * 20);
  });

  it('never passes the size limit, however many join at once', async () => {
    const w = await world();
    const { groupId, token } = await builtGroup(w);
    const people = await Promise.all(Array.from({ length: 30 }, () => createUser(app)));
    const codes = await Promise.all(
      people.map(async (p) => (await call('POST', '/api/group/join', p.cookie, { token })).statusCode),
    );
    expect(codes.filter((c) => c === 200)).toHaveLength(27);
    expect(codes.filter((c) => c === 409)).toHaveLength(3);
    expect((await view(groupId, w.host.cookie)).members).toHaveLength(30);
  });
});
