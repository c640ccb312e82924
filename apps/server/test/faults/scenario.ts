/**
 * One fault run: a customer pays for an order on a server armed to SIGKILL itself at a
 * checkpoint; the server dies there, is restarted on the same data, and the run goes on as
 * people and Paystack would (webhooks sent again until answered, the /loader page verifying,
 * reconciliation and the job worker running). What is random comes from the seed alone.
 */
import { sql } from 'drizzle-orm';
import { vi } from 'vitest';
import { CHECKPOINTS, type Checkpoint } from '../../src/infra/faults/checkpoints.js';
import { createCustomer } from '../factories-checkout.js';
import { createRiderAccount, createVendorAccount } from '../factories-portals.js';
import { createProduct, createUser } from '../helpers.js';
import { rng, type Answer, type World } from './world.js';

export interface RunRecord {
  seed: number;
  checkpoint: Checkpoint;
  /** What happened, in order (printed with the seed). */
  steps: string[];
  /** The server died of SIGKILL at its checkpoint. */
  killed: boolean;
  violations: string[];
}

export interface Cast {
  vendor: Awaited<ReturnType<typeof createVendorAccount>>;
  productId: string;
}

export async function cast(world: World): Promise<Cast> {
  const vendor = await createVendorAccount(world.app);
  const { product } = await createProduct(world.app, vendor.vendor.id, {
    options: [{ name: 'Default Option', priceKobo: 250_000 }],
  });
  // Every order gets the shop's automatic 10 % off (decision 0051): its use follows the payment
  // through every crash (invariant 9), and the shop's share at the code is after it (the ledger).
  await world.app.ctx.db.execute(
    sql`INSERT INTO promotions (title, kind, percent, vendor_ids, funded_by, vendor_id)
        VALUES ('10 % off', 'percent', 10, ARRAY[${vendor.vendor.id}]::uuid[], 'vendor', ${vendor.vendor.id})`,
  );
  return { vendor, productId: product.id };
}

/** The checkpoints reached once the order is delivered (the delivery itself for `release`). */
const AFTER_DELIVERY: Checkpoint[] = ['release', 'dispute-opened', 'payout-sent', 'transfer-settled'];

/** Paces the seeded webhook sequence (the provider's timing, not a wait for an outcome). */
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Runs one seeded scenario; the checkpoint may be forced (the per-checkpoint tests). */
export async function runScenario(world: World, c: Cast, seed: number, forced?: Checkpoint): Promise<RunRecord> {
  const r = rng(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
  const checkpoint = forced ?? pick(CHECKPOINTS);
  const webhooks = 1 + Math.floor(r() * 3);
  const verifyFirst = r() < 0.5;
  const together = r() < 0.5;
  const gapMs = Math.floor(r() * 150);
  const retryCheckout = r() < 0.5;
  const rec: RunRecord = {
    seed,
    checkpoint,
    steps: [
      `webhooks×${webhooks}`,
      verifyFirst ? 'verify first' : 'webhook first',
      together ? 'concurrent' : `sequential, ${gapMs} ms apart`,
    ],
    killed: false,
    violations: [],
  };
  const step = (s: string) => rec.steps.push(s);

  if (checkpoint === 'group-placed') return runGroupScenario(world, c, rec, { webhooks, verifyFirst, together, gapMs });

  const customer = await createCustomer(world.app);
  await world.start(`${checkpoint}:1`);
  const restart = async () => {
    const signal = await world.died();
    rec.killed = signal === 'SIGKILL' && (world.logs.at(-1) ?? '').includes(`fault checkpoint ${checkpoint}: SIGKILL`);
    step(`killed (${signal}) at ${checkpoint}`);
    await world.start();
    step('restarted');
  };
  const alive = () => world.server!.child.exitCode === null && world.server!.child.signalCode === null;

  const body = {
    items: [{ product: c.productId, quantity: 1 + Math.floor(r() * 3), vendorId: c.vendor.vendor.id }],
    address: customer.address.id,
  };
  let co: Answer = await world.call('POST', '/api/payment/paystack', customer.cookie, body);
  step(`checkout → ${co.status}`);
  if (co.status === 0) {
    await restart();
    // What the person sees: My Orders does not list an order that was never paid.
    const mine = await world.call('GET', '/api/order/user', customer.cookie);
    if (mine.status !== 200 || mine.body.orders?.length)
      rec.violations.push(`after the crash My Orders answered ${mine.status} with ${mine.body.orders?.length} orders`);
    if (!retryCheckout) {
      rec.violations.push(...(await world.settle()));
      await world.stop();
      return rec;
    }
    co = await world.call('POST', '/api/payment/paystack', customer.cookie, body);
    step(`checkout again → ${co.status}`);
  }
  if (co.status !== 200) {
    rec.violations.push(`checkout answered ${co.status}: ${JSON.stringify(co.body)}`);
    await world.stop();
    return rec;
  }
  const reference = String(co.body.reference);
  const [attempt] = await world.rows<{ subject_id: string }>(
    sql`SELECT subject_id FROM payments WHERE reference = ${reference}`,
  );
  const orderId = attempt!.subject_id;
  const [priced] = await world.rows<{ off: number }>(
    sql`SELECT items_discount_kobo AS off FROM orders WHERE id = ${orderId}`,
  );
  if (!Number(priced?.off)) rec.violations.push(`order ${orderId} was recorded without the shop's 10 % off`);
  world.provider.pay(reference);
  step('paid at the provider');

  // The webhook (sent again by the provider until answered 200) and the /loader verify, in the seed's order.
  const verify = async () => {
    const a = await world.call(
      'GET',
      `/api/payment/verify?reference=${encodeURIComponent(reference)}`,
      customer.cookie,
    );
    step(`verify → ${a.status} ${a.body.state ?? ''}`);
    return a;
  };
  const hook = async () => {
    const status = await world.provider.send('charge.success', world.provider.chargeSuccess(reference).data);
    step(`webhook → ${status}`);
  };
  const hooks = () => Array.from({ length: webhooks }, hook);
  if (together) await Promise.all(verifyFirst ? [verify(), ...hooks()] : [...hooks(), verify()]);
  else {
    if (verifyFirst) await verify();
    for (let i = 0; i < webhooks; i++) {
      await hook();
      await sleep(gapMs);
    }
    if (!verifyFirst) await verify();
  }
  if (!alive() || checkpoint === 'webhook-received' || checkpoint === 'fulfilment-running') {
    await restart();
    await world.provider.webhooksDelivered();
  }
  // The person comes back to /loader (or reloads My Orders): the order is paid, once.
  let v: Answer = { status: 0, body: {} };
  await vi
    .waitFor(
      async () => {
        v = await world.call('GET', `/api/payment/verify?reference=${encodeURIComponent(reference)}`, customer.cookie);
        if (v.body.state !== 'paid') throw new Error('not paid yet');
      },
      { timeout: 15_000, interval: 250 },
    )
    .catch(() => undefined);
  step(`verify after → ${v.status} ${v.body.state}`);
  if (v.body.state !== 'paid')
    rec.violations.push(`the paid order never showed as paid (${v.status} ${JSON.stringify(v.body)})`);

  if (checkpoint === 'refund-requested') {
    const cancel = await world.call('POST', `/api/order/cancel/${orderId}`, customer.cookie, {});
    step(`cancel → ${cancel.status}`);
    // The refund job runs in the same process as soon as the cancel commits, so the kill may
    // come before the answer is written: no answer (0) is what the person then sees, and the
    // cancel must still have happened, which the second cancel below shows.
    if (cancel.status !== 200 && cancel.status !== 0)
      rec.violations.push(`cancel answered ${cancel.status}: ${JSON.stringify(cancel.body)}`);
    await restart();
    // A second cancel changes nothing and says so.
    const again = await world.call('POST', `/api/order/cancel/${orderId}`, customer.cookie, {});
    step(`cancel again → ${again.status} ${again.body.message ?? ''}`);
    if (again.status !== 409)
      rec.violations.push(
        `a second cancel answered ${again.status}${cancel.status === 0 ? ' after the unanswered first' : ''}`,
      );
  }

  if (AFTER_DELIVERY.includes(checkpoint)) {
    const vendor = c.vendor.cookie;
    // A rider of its own per run (payout requests are rate-limited per rider).
    const rider = (await createRiderAccount(world.app)).cookie;
    const steps: [string, string, unknown][] = [
      ['vendor confirms', `/api/seller/orders/${orderId}/confirm`, {}],
      ['rider accepts', `/api/rider/jobs/order/${orderId}/accept`, undefined],
      ['rider picked', `/api/rider/jobs/order/${orderId}/picked`, undefined],
    ];
    for (const [label, path, b] of steps) {
      const a = await world.call('POST', path, label.startsWith('vendor') ? vendor : rider, b ?? {});
      step(`${label} → ${a.status}`);
    }
    const [row] = await world.rows<{ delivery_code: string }>(
      sql`SELECT delivery_code FROM orders WHERE id = ${orderId}`,
    );
    const code = row!.delivery_code;
    const deliver = () => world.call('POST', `/api/rider/jobs/order/${orderId}/deliver`, rider, { code });
    if (checkpoint === 'release') {
      // Killed as the code releases the order's money, before it commits: nothing was delivered,
      // and the rider's code works when entered again.
      const d = await deliver();
      step(`deliver → ${d.status}`);
      if (d.status !== 0) rec.violations.push(`the delivery answered ${d.status} though the server died releasing it`);
      await restart();
      const again = await deliver();
      step(`deliver again → ${again.status}`);
      if (again.status !== 200) rec.violations.push(`the code entered again answered ${again.status}`);
    } else {
      // The code entered twice (a double tap, a retried request): accepted once.
      const [d1, d2] = await Promise.all([deliver(), deliver()]);
      step(`deliver ×2 → ${d1.status}, ${d2.status}`);
      if ([d1.status, d2.status].filter((s) => s === 200).length !== 1)
        rec.violations.push(`the delivery code was accepted ${[d1.status, d2.status].join(' and ')}`);
    }

    if (checkpoint === 'dispute-opened') {
      // ₦500 of the order reported missing; killed once the dispute is committed, before its
      // thread message: it stands after the restart (a second report is refused) and support
      // settles it with a refund borne by the shop.
      const report = () => {
        const form = new FormData();
        form.set('reason', 'missing_item');
        form.set('amount', '500');
        return world.call('POST', `/api/threads/order/${orderId}/disputes`, customer.cookie, form);
      };
      const d = await report();
      step(`dispute → ${d.status}`);
      if (d.status !== 0) rec.violations.push(`the dispute answered ${d.status} though the server died opening it`);
      await restart();
      const again = await report();
      step(`dispute again → ${again.status} ${again.body.code ?? ''}`);
      if (again.status !== 409) rec.violations.push(`a second report answered ${again.status}`);
      const [open] = await world.rows<{ id: string }>(
        sql`SELECT id FROM disputes WHERE order_id = ${orderId} AND state = 'open'`,
      );
      if (!open) rec.violations.push('the dispute committed before the kill is not open after the restart');
      else {
        const agent = await createUser(world.app, { role: 'support' });
        const settle = await world.call('POST', `/api/support/disputes/${open.id}/settle`, agent.cookie, {
          outcome: 'refund',
          amount: 500,
          bearer: 'vendor',
        });
        step(`settle ₦500 on the shop → ${settle.status}`);
        if (settle.status !== 200) rec.violations.push(`settling the dispute answered ${settle.status}`);
      }
    }

    if (checkpoint === 'payout-sent' || checkpoint === 'transfer-settled') {
      // The dispute window (DISPUTE_WINDOW_MINUTES) passes: the rider's share is released.
      await world.rows(sql`UPDATE order_items SET updated_at = now() - interval '1 day' WHERE order_id = ${orderId}`);
      const payout = await world.call('POST', '/api/rider/payouts', rider, {
        accountName: 'Rider Payee',
        accountNumber: '0123456789',
        bankCode: '058',
      });
      step(`payout request → ${payout.status}`);
      if (payout.status === 200 || payout.status === 201) {
        // Due the next working day: brought forward so the worker sends it now.
        await world.rows(sql`UPDATE jobs SET run_at = now() WHERE kind = 'payout.transfer' AND done_at IS NULL`);
        await restart();
      } else rec.violations.push(`payout request answered ${payout.status}: ${JSON.stringify(payout.body)}`);
    }
  }

  if (alive() && !rec.killed && checkpoint !== 'order-recorded' && checkpoint !== 'provider-initialised') {
    rec.violations.push(`the server was never killed at ${checkpoint}`);
  }
  rec.violations.push(...(await world.settle()));
  await world.stop();
  return rec;
}

/**
 * A group order whose last payment arrives as the cut-off passes (decision 0049): the host and a
 * roommate build it, the host closes it and pays; the roommate pays at the provider just as the
 * cut-off comes, so the placement (killed at `group-placed`, before it commits) and the
 * roommate's payment settling race, in the seed's order. After the restart the group is placed
 * once: the roommate's share is in the order or, settled after it, refunded in full.
 */
async function runGroupScenario(
  world: World,
  c: Cast,
  rec: RunRecord,
  o: { webhooks: number; verifyFirst: boolean; together: boolean; gapMs: number },
): Promise<RunRecord> {
  const step = (s: string) => rec.steps.push(s);
  const host = await createCustomer(world.app);
  const roommate = await createUser(world.app, { name: 'Roommate Fault' });
  await world.start('group-placed:1');
  const must = async (what: string, a: Promise<Answer>) => {
    const r = await a;
    step(`${what} → ${r.status}`);
    if (r.status !== 200) throw new Error(`${what} answered ${r.status}: ${JSON.stringify(r.body)}`);
    return r.body;
  };
  const item = { product: c.productId, quantity: 1 };
  const { groupId } = await must(
    'host opens the group',
    world.call('POST', '/api/group', host.cookie, {
      address: host.address.id,
      vendorIds: [c.vendor.vendor.id],
      cutOffMinutes: 15,
      items: [item],
    }),
  );
  const group = await must('host reads it', world.call('GET', `/api/group/${groupId}`, host.cookie));
  await must('roommate joins', world.call('POST', '/api/group/join', roommate.cookie, { token: group.group.token }));
  await must('roommate adds', world.call('POST', `/api/group/${groupId}/items`, roommate.cookie, item));
  await must('host closes', world.call('POST', `/api/group/${groupId}/close`, host.cookie));
  const hostPay = await must('host pays', world.call('POST', `/api/group/${groupId}/pay`, host.cookie));
  world.provider.pay(String(hostPay.reference));
  await must(
    'host verifies',
    world.call('GET', `/api/payment/verify?reference=${encodeURIComponent(String(hostPay.reference))}`, host.cookie),
  );
  const last = await must('roommate pays', world.call('POST', `/api/group/${groupId}/pay`, roommate.cookie));
  const reference = String(last.reference);
  const paid = () => {
    world.provider.pay(reference);
    step('roommate paid at the provider');
  };
  const hook = async () => {
    const status = await world.provider.send('charge.success', world.provider.chargeSuccess(reference).data);
    step(`webhook → ${status}`);
  };
  const hooks = () => Array.from({ length: o.webhooks }, hook);
  const cutOff = async () => {
    const a = await world.call('GET', `/api/group/${groupId}`, roommate.cookie);
    step(`the cut-off (a member looks) → ${a.status}`);
  };
  const restart = async () => {
    const signal = await world.died();
    rec.killed = signal === 'SIGKILL' && (world.logs.at(-1) ?? '').includes('fault checkpoint group-placed: SIGKILL');
    step(`killed (${signal}) at group-placed`);
    await world.start();
    step('restarted');
  };

  // The cut-off passes as the roommate's payment arrives.
  await world.rows(sql`UPDATE group_orders SET cut_off_at = now() WHERE id = ${groupId}`);
  if (o.verifyFirst) {
    // The cut-off first: the placement dies before it commits, runs again after the restart, and
    // the roommate's charge succeeds just after it: too late, refunded in full.
    await cutOff();
    await restart();
    await cutOff();
    paid();
    await Promise.all(hooks());
    await world.provider.webhooksDelivered();
  } else {
    // The payment first (or at the same moment): the webhook(s) and the placement race.
    paid();
    if (o.together) await Promise.all([...hooks(), cutOff()]);
    else {
      for (let i = 0; i < o.webhooks; i++) {
        await hook();
        await sleep(o.gapMs);
      }
      await cutOff();
    }
    await restart();
    await world.provider.webhooksDelivered();
  }

  // The group is placed once, after the restart, whoever looks first.
  let placed: Answer = { status: 0, body: {} };
  await vi
    .waitFor(
      async () => {
        placed = await world.call('GET', `/api/group/${groupId}`, host.cookie);
        if (placed.body.group?.state !== 'placed') throw new Error('not placed yet');
      },
      { timeout: 15_000, interval: 250 },
    )
    .catch(() => undefined);
  const g = placed.body.group;
  step(`group → ${g?.state} (roommate ${g?.members?.find((m: { isHost: boolean }) => !m.isHost)?.state})`);
  if (g?.state !== 'placed') rec.violations.push(`the group is ${g?.state} after the restart, not placed`);
  rec.violations.push(...(await world.settle()));
  // The roommate's money: in the order, or all of it back, never both and never neither.
  const [share] = await world.rows<{ state: string; refunded_kobo: number; amount_kobo: number; in_time: boolean }>(
    sql`SELECT p.state, p.refunded_kobo, p.amount_kobo,
          EXISTS (SELECT 1 FROM group_members m WHERE m.payment_id = p.id) AS in_time
        FROM payments p WHERE p.reference = ${reference}`,
  );
  const inOrder = await world.rows<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM order_items i JOIN group_orders g ON g.order_id = i.order_id
        WHERE g.id = ${groupId} AND i.payer_id = ${roommate.user.id}`,
  );
  const counted = share?.in_time === true && Number(inOrder[0]?.n) > 0;
  const refunded = share?.in_time === false && Number(share.refunded_kobo) === Number(share.amount_kobo);
  step(
    counted
      ? 'the last share made it into the order'
      : refunded
        ? 'the last share came too late: refunded in full'
        : 'the last share is lost',
  );
  if (share?.state !== 'paid' || counted === refunded)
    rec.violations.push(`the last share is ${share?.state}, in the order: ${counted}, refunded in full: ${refunded}`);
  await world.stop();
  return rec;
}
