import type { Executor, Tx } from '../../infra/db/client.js';
import { checkpoint } from '../../infra/faults/checkpoints.js';
import * as repo from './ledger.repo.js';
import * as rules from './postings.js';
import type { Entry, Subject } from './postings.js';

/**
 * Posting money events in the transaction that makes them true (decision 0045): the payment
 * flipped to paid, the refund recorded or settled, the delivery code accepted, the payout settled.
 * Each is posted once, whatever replays or retries come.
 */

/** A charge confirmed: `payment` is the row just marked paid. */
export function recordCharge(
  tx: Tx,
  payment: { id: string; purpose: Subject['purpose']; subjectId: string; amountKobo: number },
): Promise<boolean> {
  return repo.post(
    tx,
    rules.charge(payment.id, { purpose: payment.purpose, id: payment.subjectId }, payment.amountKobo),
  );
}

/** The provider's fee on a paid charge (its transaction list says it); true when newly posted. */
export async function recordProviderFee(tx: Tx, payment: { id: string; reference: string }, feeKobo: number) {
  if (!Number.isSafeInteger(feeKobo) || feeKobo < 0) throw new Error(`fee of ${payment.reference}: ${feeKobo} kobo`);
  return repo.post(tx, rules.providerFee(payment.id, feeKobo));
}

/**
 * A refund recorded: taken from `bearer` (a dispute's vendor, rider or the platform) or from what
 * is still held for the payment's subject. The subject is locked by the caller.
 */
export async function recordRefundAsked(
  tx: Tx,
  refund: { id: string; amountKobo: number },
  subject: Subject,
  bearer?: rules.Bearer,
): Promise<void> {
  const held = rules.heldAccount(subject);
  await repo.post(
    tx,
    rules.refundAsked(refund.id, refund.amountKobo, { bearer, held, heldBalance: await repo.balance(tx, held) }),
  );
}

export async function recordRefundProcessed(tx: Tx, refund: { id: string; amountKobo: number }): Promise<void> {
  await repo.post(tx, rules.refundProcessed(refund.id, refund.amountKobo));
}

/** A refund failed for good: what its request took is given back (an older refund's, to the opening). */
export async function recordRefundFailed(tx: Tx, refund: { id: string; amountKobo: number }): Promise<void> {
  const asked: Entry[] = (await repo.entriesOf(tx, `refund:${refund.id}`)) ?? [
    { account: rules.OPENING, amountKobo: refund.amountKobo },
    { account: rules.REFUNDS_PENDING, amountKobo: -refund.amountKobo },
  ];
  await repo.post(tx, rules.refundFailed(refund.id, asked));
}

/**
 * The delivery code was accepted: what is held for the subject goes to the shares (a vendor's
 * items less commission, the rider's part of the delivery fee) and the rest to the platform.
 */
export async function releaseSubject(tx: Tx, subject: Subject, shares: Entry[]): Promise<void> {
  await repo.post(tx, rules.release(subject, await repo.balance(tx, rules.heldAccount(subject)), shares));
  checkpoint('release');
}

/** Whose account a payout is paid from. */
function payeeOf(p: { payeeType: 'vendor' | 'rider'; vendorId: string | null; userId: string }): string {
  if (p.payeeType === 'vendor') {
    if (!p.vendorId) throw new Error('a vendor payout without its shop');
    return rules.vendorAccount(p.vendorId);
  }
  return rules.riderAccount(p.userId);
}

type PayoutFacts = {
  id: string;
  payeeType: 'vendor' | 'rider';
  vendorId: string | null;
  userId: string;
  amountKobo: number;
};

export async function recordPayoutPaid(tx: Tx, payout: PayoutFacts): Promise<void> {
  await repo.post(tx, rules.payoutPaid(payout.id, payeeOf(payout), payout.amountKobo));
}

/** A paid payout sent back by the bank (only one that was posted paid is reversed). */
export async function recordPayoutReversed(tx: Tx, payout: PayoutFacts): Promise<void> {
  if ((await repo.entriesOf(tx, `payout:${payout.id}`)) === null) return;
  await repo.post(tx, rules.payoutReversed(payout.id, payeeOf(payout), payout.amountKobo));
}

/** The books as they stand: every account's balance and any unbalanced transaction. */
export function books(ex: Executor): Promise<rules.Books> {
  return repo.books(ex);
}
