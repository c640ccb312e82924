/**
 * Who paid for an order, and how a refund of it goes back (decision 0049): an ordinary order has
 * its checkout's one payment; a group order has one payment per member who paid their share, each
 * naming the order as its subject. A refund of an item goes back to whoever paid for it; a refund
 * of the order as a whole is shared out in proportion to what each payment has left.
 */
import type { Executor } from '../../infra/db/client.js';
import * as repo from './subjects.repo.js';

/** A paid payment behind an order, with what is left of it to refund. */
export interface OrderPayment {
  id: string;
  userId: string;
  amountKobo: number;
  refundedKobo: number;
}

/** The paid payments behind an order, oldest first: its checkout's, or each member's share of a group order. */
export function orderPaymentsOf(ex: Executor, orderId: string): Promise<OrderPayment[]> {
  return repo.paidPaymentsOfOrder(ex, orderId);
}

/** What is left to refund of an order's payments, in kobo. */
export const leftToRefund = (pays: readonly OrderPayment[]) =>
  pays.reduce((s, p) => s + p.amountKobo - p.refundedKobo, 0);

/**
 * Splits a refund of `amountKobo` over an order's payments (pure): first what `byPayer` names
 * goes to those payers' payments (an item's price to whoever paid for it), then the rest in
 * proportion to what each payment has left, the kobo that do not divide evenly to the largest
 * remainders (the earliest payment first on a tie). No payment gives more than it has left; asked
 * for more than all have left, it throws.
 */
export function splitRefund(
  pays: readonly OrderPayment[],
  amountKobo: number,
  byPayer: ReadonlyMap<string, number> = new Map(),
): { paymentId: string; amountKobo: number }[] {
  if (!Number.isSafeInteger(amountKobo) || amountKobo <= 0) throw new Error(`refund of ${amountKobo} kobo`);
  if (amountKobo > leftToRefund(pays))
    throw new Error(`refund of ${amountKobo} kobo exceeds the ${leftToRefund(pays)} left`);
  const left = new Map(pays.map((p) => [p.id, p.amountKobo - p.refundedKobo]));
  const out = new Map<string, number>();
  const give = (id: string, kobo: number) => {
    out.set(id, (out.get(id) ?? 0) + kobo);
    left.set(id, left.get(id)! - kobo);
  };
  let rest = amountKobo;
  for (const [payer, kobo] of byPayer) {
    for (const p of pays.filter((x) => x.userId === payer)) {
      const k = Math.min(kobo, rest, left.get(p.id)!);
      if (k > 0) {
        give(p.id, k);
        rest -= k;
      }
    }
  }
  if (rest > 0) {
    // In whole numbers (BigInt: rest × left can pass 2^53): each floor(rest × left / total), then
    // the kobo short one each to the largest remainders.
    const total = BigInt([...left.values()].reduce((s, k) => s + k, 0));
    const parts = pays.map((p, i) => {
      const share = BigInt(rest) * BigInt(left.get(p.id)!);
      return { id: p.id, i, kobo: Number(share / total), remainder: share % total };
    });
    let short = rest - parts.reduce((s, x) => s + x.kobo, 0);
    const byRemainder = (a: (typeof parts)[number], b: (typeof parts)[number]) =>
      a.remainder === b.remainder ? a.i - b.i : a.remainder > b.remainder ? -1 : 1;
    for (const x of [...parts].sort(byRemainder)) {
      if (short === 0) break;
      if (x.kobo < left.get(x.id)!) {
        x.kobo += 1;
        short -= 1;
      }
    }
    for (const x of parts) if (x.kobo > 0) give(x.id, x.kobo);
  }
  return pays.filter((p) => out.has(p.id)).map((p) => ({ paymentId: p.id, amountKobo: out.get(p.id)! }));
}
