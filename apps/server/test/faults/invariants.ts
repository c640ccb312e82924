/**
 * The money invariants, read from the database and the provider's ledger (the local Paystack's,
 * test/local-paystack.ts). Used by the fault suite after every run and by the load bench after
 * its run. Returns every violation found, as sentences; none means the books agree.
 */
import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../src/infra/db/client.js';
import { checkLedger } from '../books.js';
import type { Ledger } from '../local-paystack.js';

export interface InvariantOptions {
  /**
   * Everything has had its chance to settle (jobs drained, webhooks delivered): refunds are no
   * longer pending, payouts agree with the provider's final word, every email was sent.
   */
  settled?: boolean;
  /** Message-Ids the SMTP server received, one entry per delivery (emails once). */
  mailDeliveries?: string[];
}

const n = (v: unknown) => Number(v);

export async function checkInvariants(db: Executor, ledger: Ledger, opts: InvariantOptions = {}): Promise<string[]> {
  const v: string[] = [];
  const pays = await queryRows<{
    id: string;
    reference: string;
    purpose: string;
    subject_id: string;
    amount_kobo: number;
    state: string;
    refunded_kobo: number;
  }>(db, sql`SELECT id, reference, purpose, subject_id, amount_kobo, state, refunded_kobo FROM payments`);
  const byRef = new Map<string, typeof pays>();
  for (const p of pays) byRef.set(p.reference, [...(byRef.get(p.reference) ?? []), p]);
  const subjects = await queryRows<{ kind: string; id: string; amount_kobo: number; payment_state: string }>(
    db,
    sql`
    SELECT 'order' AS kind, id, amount_kobo, payment_state FROM orders
    UNION ALL SELECT 'dispatch' AS kind, id, amount_kobo, payment_state FROM dispatches`,
  );
  const subject = new Map(subjects.map((s) => [`${s.kind}:${s.id}`, s]));
  // Group orders (decision 0049) are paid by their members' shares, checked in 8 below.
  const groupOrders = new Set(
    (await queryRows<{ order_id: string }>(db, sql`SELECT order_id FROM group_orders`)).map((g) => g.order_id),
  );

  // 1. Every charge the provider confirms: exactly one paid order or dispatch of the same amount.
  const confirmed = ledger.charges.filter((c) => c.status === 'success' || c.status === 'reversed');
  for (const c of confirmed) {
    const rows = byRef.get(c.reference) ?? [];
    if (rows.length !== 1) {
      v.push(`charge ${c.reference} (${c.amount} kobo) confirmed by the provider has ${rows.length} payment rows`);
      continue;
    }
    const p = rows[0]!;
    if (p.state !== 'paid') v.push(`charge ${c.reference} confirmed by the provider, but the payment is ${p.state}`);
    if (n(p.amount_kobo) !== c.amount)
      v.push(`charge ${c.reference}: provider ${c.amount} kobo, payment ${p.amount_kobo} kobo`);
    if (p.purpose === 'group_share') continue;
    const s = subject.get(`${p.purpose}:${p.subject_id}`);
    if (!s) v.push(`charge ${c.reference}: its ${p.purpose} ${p.subject_id} is missing`);
    else {
      if (s.payment_state !== 'paid')
        v.push(`charge ${c.reference}: ${p.purpose} ${s.id} is ${s.payment_state}, not paid`);
      if (n(s.amount_kobo) !== c.amount)
        v.push(`charge ${c.reference}: ${p.purpose} ${s.id} is ${s.amount_kobo} kobo, the charge ${c.amount}`);
    }
  }
  // 2. No paid payment, order or dispatch without a confirmed charge; one paid payment per subject.
  const charge = new Map(ledger.charges.map((c) => [c.reference, c]));
  const paidPerSubject = new Map<string, number>();
  for (const p of pays) {
    if (p.state !== 'paid') continue;
    const c = charge.get(p.reference);
    if (!c || (c.status !== 'success' && c.status !== 'reversed'))
      v.push(`payment ${p.reference} is paid without a charge the provider confirms (${c?.status ?? 'unknown there'})`);
    const key = `${p.purpose}:${p.subject_id}`;
    paidPerSubject.set(key, (paidPerSubject.get(key) ?? 0) + 1);
  }
  for (const s of subjects) {
    if (s.kind === 'order' && groupOrders.has(s.id)) continue;
    const count = paidPerSubject.get(`${s.kind}:${s.id}`) ?? 0;
    if (s.payment_state === 'paid' && count !== 1) v.push(`${s.kind} ${s.id} is paid with ${count} paid payments`);
    if (s.payment_state !== 'paid' && count > 0)
      v.push(`${s.kind} ${s.id} is ${s.payment_state} but has a paid payment`);
  }

  // 3. Refunds never exceed what was paid, and each is sent once.
  const refunds = await queryRows<{
    id: string;
    payment_id: string;
    amount_kobo: number;
    state: string;
    provider_ref: string | null;
  }>(db, sql`SELECT id, payment_id, amount_kobo, state, provider_ref FROM refunds`);
  const payById = new Map(pays.map((p) => [p.id, p]));
  const reserved = new Map<string, number>();
  for (const r of refunds) {
    if (r.state !== 'failed') reserved.set(r.payment_id, (reserved.get(r.payment_id) ?? 0) + n(r.amount_kobo));
    const p = payById.get(r.payment_id);
    const sent = ledger.refunds.filter(
      (x) => x.note.startsWith(`jara-refund:${r.id} `) || x.note === `jara-refund:${r.id}`,
    );
    if (sent.length > 1) v.push(`refund ${r.id} was sent to the provider ${sent.length} times`);
    for (const x of sent)
      if (x.amount !== n(r.amount_kobo) || x.reference !== p?.reference)
        v.push(
          `refund ${r.id}: the provider refunded ${x.amount} kobo of ${x.reference}, we asked ${r.amount_kobo} of ${p?.reference}`,
        );
    if (r.state === 'processed' && sent.length !== 1)
      v.push(`refund ${r.id} is processed but the provider has ${sent.length} of it`);
    if (opts.settled && r.state === 'pending') v.push(`refund ${r.id} is still pending`);
    if (opts.settled && r.state === 'failed' && sent.length)
      v.push(`refund ${r.id} is failed here but the provider refunded it`);
  }
  for (const p of pays) {
    const sum = reserved.get(p.id) ?? 0;
    if (sum > n(p.amount_kobo))
      v.push(`payment ${p.reference}: refunds of ${sum} kobo exceed the ${p.amount_kobo} paid`);
    if (n(p.refunded_kobo) > n(p.amount_kobo))
      v.push(`payment ${p.reference}: refunded_kobo ${p.refunded_kobo} exceeds the ${p.amount_kobo} paid`);
    if (n(p.refunded_kobo) !== sum)
      v.push(`payment ${p.reference}: refunded_kobo ${p.refunded_kobo} but refunds hold ${sum}`);
  }
  const ids = new Set(refunds.map((r) => r.id));
  const atProvider = new Map<string, number>();
  for (const x of ledger.refunds) {
    atProvider.set(x.reference, (atProvider.get(x.reference) ?? 0) + x.amount);
    const id = /^jara-refund:([0-9a-f-]{36})/.exec(x.note)?.[1];
    if (!id || !ids.has(id))
      v.push(`the provider refunded ${x.amount} kobo of ${x.reference} for no refund of ours (${x.note.slice(0, 60)})`);
  }
  for (const [reference, sum] of atProvider) {
    const c = charge.get(reference);
    if (!c || sum > c.amount)
      v.push(`the provider refunded ${sum} kobo of ${reference}, more than its charge (${c?.amount ?? 'none'})`);
  }

  // 4. Each delivery code is accepted once.
  const delivered = await queryRows<{ subject_type: string; subject_id: string; n: number }>(
    db,
    sql`
    SELECT subject_type, subject_id, count(*)::int AS n FROM status_events
    WHERE status = 'Order Delivered' GROUP BY subject_type, subject_id HAVING count(*) > 1`,
  );
  for (const d of delivered) v.push(`${d.subject_type} ${d.subject_id} was delivered ${d.n} times`);

  // 5. Each payout's transfer is sent once and agrees with the provider.
  const payouts = await queryRows<{ id: string; reference: string | null; amount_kobo: number; state: string }>(
    db,
    sql`SELECT id, reference, amount_kobo, state FROM payouts`,
  );
  const transfers = new Map(ledger.transfers.map((t) => [t.reference, t]));
  const payoutRefs = new Set(payouts.map((p) => p.reference));
  for (const t of ledger.transfers)
    if (t.reference.startsWith('jara_payout_') && !payoutRefs.has(t.reference))
      v.push(`the provider sent transfer ${t.reference} for no payout of ours`);
  for (const p of payouts) {
    const t = p.reference ? transfers.get(p.reference) : undefined;
    if (t && t.amount !== n(p.amount_kobo))
      v.push(`payout ${p.id}: the provider sent ${t.amount} kobo, we owe ${p.amount_kobo}`);
    if (p.state === 'paid' && t?.status !== 'success')
      v.push(`payout ${p.id} is paid but the provider's transfer is ${t?.status ?? 'missing'}`);
    if (opts.settled) {
      if (p.state === 'processing') v.push(`payout ${p.id} is still processing`);
      if (t?.status === 'success' && p.state !== 'paid')
        v.push(`payout ${p.id} is ${p.state} but the provider paid it`);
      if (t && (t.status === 'failed' || t.status === 'reversed') && p.state !== 'failed')
        v.push(`payout ${p.id} is ${p.state} but the provider's transfer is ${t.status}`);
    }
  }
  // Payees are never paid out more than once for the same earnings: open and paid payouts never overlap per reference.
  const dupRefs = await queryRows<{ reference: string; n: number }>(
    db,
    sql`SELECT reference, count(*)::int AS n FROM payouts WHERE reference IS NOT NULL GROUP BY reference HAVING count(*) > 1`,
  );
  for (const d of dupRefs) v.push(`payout reference ${d.reference} is used ${d.n} times`);

  // 6. Each email is sent once (and, once settled, sent at all); no money job failed for good.
  if (opts.mailDeliveries) {
    const seen = new Map<string, number>();
    for (const id of opts.mailDeliveries) seen.set(id, (seen.get(id) ?? 0) + 1);
    for (const [id, count] of seen) if (count > 1) v.push(`email ${id} was delivered ${count} times`);
  }
  if (opts.settled) {
    const unsent = await queryRows<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM mail_outbox WHERE sent_at IS NULL`,
    );
    if (n(unsent[0]?.n) > 0) v.push(`${unsent[0]!.n} emails are still unsent`);
    const stuck = await queryRows<{ kind: string; n: number }>(
      db,
      sql`
      SELECT kind, count(*)::int AS n FROM jobs WHERE done_at IS NULL AND failed_at IS NULL AND run_at <= now() AND kind <> 'payments.reconcile' GROUP BY kind`,
    );
    for (const s of stuck) v.push(`${s.n} ${s.kind} jobs are due and not done`);
  }
  const failed = await queryRows<{ kind: string; n: number; err: string | null }>(
    db,
    sql`
    SELECT kind, count(*)::int AS n, max(last_error) AS err FROM jobs WHERE failed_at IS NOT NULL AND kind LIKE ANY (ARRAY['payments.%', 'payout.%', 'mail.%']) GROUP BY kind`,
  );
  for (const f of failed) v.push(`${f.n} ${f.kind} jobs failed for good (${f.err ?? ''})`);

  // 7. The ledger balances and agrees with the records (charges − refunds − transfers − fees).
  v.push(...(await checkLedger(db)));

  // 8. Group orders (decision 0049): a share paid in time is its member's, once, and counted in
  // the order the group became (whose amount is the in-time shares' sum); a share paid late, or
  // twice, goes back in full.
  const shares = await queryRows<{
    id: string;
    reference: string;
    subject_id: string;
    amount_kobo: number;
    members: number;
  }>(
    db,
    sql`SELECT p.id, p.reference, p.subject_id, p.amount_kobo,
          (SELECT count(*)::int FROM group_members m WHERE m.payment_id = p.id) AS members
        FROM payments p WHERE p.purpose = 'group_share' AND p.state = 'paid'`,
  );
  const inTime = new Map<string, number>();
  for (const p of shares) {
    if (n(p.members) > 1) v.push(`group share ${p.reference} counts for ${p.members} members`);
    if (n(p.members) === 1) inTime.set(p.subject_id, (inTime.get(p.subject_id) ?? 0) + n(p.amount_kobo));
    else if ((reserved.get(p.id) ?? 0) !== n(p.amount_kobo))
      v.push(
        `group share ${p.reference} was paid late but not refunded in full (${reserved.get(p.id) ?? 0} of ${p.amount_kobo})`,
      );
  }
  const groups = await queryRows<{
    id: string;
    state: string;
    order_id: string;
    amount_kobo: number | null;
    payment_state: string | null;
  }>(
    db,
    sql`SELECT g.id, g.state, g.order_id, o.amount_kobo, o.payment_state
        FROM group_orders g LEFT JOIN orders o ON o.id = g.order_id`,
  );
  for (const g of groups) {
    const paidIn = inTime.get(g.order_id) ?? 0;
    if (g.state === 'placed') {
      if (g.payment_state !== 'paid')
        v.push(`group ${g.id} is placed but its order is ${g.payment_state ?? 'missing'}`);
      else if (n(g.amount_kobo) !== paidIn)
        v.push(`group ${g.id}: its order is ${g.amount_kobo} kobo, its shares paid in time ${paidIn}`);
    } else if (g.payment_state !== null) v.push(`group ${g.id} is ${g.state} but has an order`);
  }

  // 9. Promotions (decision 0051): an order's uses follow its payment (made when paid, given back
  // when it failed or was abandoned), its discounts are the sum of its uses, and no promotion has
  // more uses or naira out than its limits.
  const uses = await queryRows<{ order_id: string; payment_state: string; state: string; off: number; held: number }>(
    db,
    sql`SELECT o.id AS order_id, o.payment_state, u.state,
          o.items_discount_kobo + o.delivery_discount_kobo AS off, sum(u.discount_kobo) OVER (PARTITION BY o.id) AS held
        FROM promotion_uses u JOIN orders o ON o.id = u.order_id`,
  );
  for (const u of uses) {
    if (u.payment_state === 'paid' && u.state === 'reserved')
      v.push(`order ${u.order_id} is paid but its promotion use is still reserved`);
    if ((u.payment_state === 'failed' || u.payment_state === 'abandoned') && u.state !== 'released')
      v.push(`order ${u.order_id}'s payment ${u.payment_state} but its promotion use is ${u.state}`);
    if (n(u.off) !== n(u.held))
      v.push(`order ${u.order_id}: ${u.off} kobo of discounts, ${u.held} kobo of promotion uses`);
  }
  const over = await queryRows<{
    id: string;
    uses: number;
    spent: number;
    max_uses: number | null;
    budget_kobo: number | null;
  }>(
    db,
    sql`SELECT p.id, p.max_uses, p.budget_kobo, count(u.id)::int AS uses, coalesce(sum(u.discount_kobo), 0)::int AS spent
        FROM promotions p LEFT JOIN promotion_uses u ON u.promotion_id = p.id AND u.state <> 'released'
        GROUP BY p.id`,
  );
  for (const p of over) {
    if (p.max_uses !== null && n(p.uses) > n(p.max_uses))
      v.push(`promotion ${p.id} has ${p.uses} uses, more than ${p.max_uses}`);
    if (p.budget_kobo !== null && n(p.spent) > n(p.budget_kobo))
      v.push(`promotion ${p.id} spent ${p.spent} kobo, more than its ${p.budget_kobo}`);
  }
  return v;
}
