/**
 * The ledger's rules (decision 0045), pure: each money event becomes one posting, a set of
 * entries that sum to zero, under a key that names the event so it is posted once. Debits are
 * positive: `cash` (the money at the provider) and `fees` (the provider's) hold debit balances;
 * what is owed (held for a customer until delivery, a payee's share, refunds on their way) and
 * the platform's revenue hold credit (negative) balances.
 */

export type LedgerKind =
  | 'opening'
  | 'charge'
  | 'fee'
  | 'refund'
  | 'refund_processed'
  | 'refund_failed'
  | 'release'
  | 'payout'
  | 'payout_reversed';

export interface Entry {
  account: string;
  amountKobo: number;
}

export interface Posting {
  key: string;
  kind: LedgerKind;
  entries: Entry[];
}

/** The money at the payment provider. */
const CASH = 'cash';
/** What the provider kept of the charges. */
const FEES = 'fees';
/** The platform's revenue (commission, the rest of the fees), less what it bore. */
export const PLATFORM = 'platform';
/** Refunds asked of the provider and not processed yet. */
export const REFUNDS_PENDING = 'refunds:pending';
/** The books before the ledger began (migrations/0018_ledger.sql). */
export const OPENING = 'opening';

export interface Subject {
  /** `group_share`: a group member's share, whose subject is the group's order (decision 0049). */
  purpose: 'order' | 'dispatch' | 'group_share';
  id: string;
}

/**
 * The customer's money for one order or dispatch, held until its delivery code is given. A group
 * member's share is held for the order it pays from the moment it is charged (decision 0049), so
 * the release at the code and the order's refunds find every member's money in one account.
 */
export const heldAccount = (s: Subject) => `held:${s.purpose === 'group_share' ? 'order' : s.purpose}:${s.id}`;
export const vendorAccount = (vendorId: string) => `vendor:${vendorId}`;
export const riderAccount = (userId: string) => `rider:${userId}`;

/** Who bears a refund: a payee's or the platform's account, or by default the subject's held money. */
export type Bearer = string;

/** A posting of these entries: same accounts merged, zeros dropped; refuses unbalanced or fractional ones. */
function posting(key: string, kind: LedgerKind, entries: Entry[]): Posting {
  const byAccount = new Map<string, number>();
  for (const e of entries) {
    if (!Number.isSafeInteger(e.amountKobo)) throw new Error(`ledger ${key}: ${e.account} is not whole kobo`);
    byAccount.set(e.account, (byAccount.get(e.account) ?? 0) + e.amountKobo);
  }
  const merged = [...byAccount].filter(([, k]) => k !== 0).map(([account, amountKobo]) => ({ account, amountKobo }));
  const sum = merged.reduce((s, e) => s + e.amountKobo, 0);
  if (sum !== 0) throw new Error(`ledger ${key}: entries sum to ${sum} kobo, not zero`);
  return { key, kind, entries: merged };
}

/** A charge the provider confirmed: the money is at the provider, held for the customer's subject. */
export function charge(paymentId: string, subject: Subject, amountKobo: number): Posting {
  return posting(`charge:${paymentId}`, 'charge', [
    { account: CASH, amountKobo },
    { account: heldAccount(subject), amountKobo: -amountKobo },
  ]);
}

/** The provider's fee on a charge, borne by the platform. */
export function providerFee(paymentId: string, feeKobo: number): Posting {
  return posting(`fee:${paymentId}`, 'fee', [
    { account: FEES, amountKobo: feeKobo },
    { account: CASH, amountKobo: -feeKobo },
  ]);
}

/**
 * A refund asked of the provider: taken from its bearer (a dispute's), or else from what is still
 * held for the subject, the platform covering any rest (a refund after delivery released it).
 * `heldBalance` is the held account's balance now (zero or negative).
 */
export function refundAsked(
  refundId: string,
  amountKobo: number,
  from: { bearer?: Bearer; held: string; heldBalance: number },
): Posting {
  const fromHeld = from.bearer ? 0 : Math.min(amountKobo, Math.max(0, -from.heldBalance));
  return posting(`refund:${refundId}`, 'refund', [
    { account: from.held, amountKobo: fromHeld },
    { account: from.bearer ?? PLATFORM, amountKobo: amountKobo - fromHeld },
    { account: REFUNDS_PENDING, amountKobo: -amountKobo },
  ]);
}

/** The provider processed the refund: the money left. */
export function refundProcessed(refundId: string, amountKobo: number): Posting {
  return posting(`refund-processed:${refundId}`, 'refund_processed', [
    { account: REFUNDS_PENDING, amountKobo },
    { account: CASH, amountKobo: -amountKobo },
  ]);
}

/** The refund failed for good: what it took goes back where it came from. */
export function refundFailed(refundId: string, asked: Entry[]): Posting {
  return posting(
    `refund-failed:${refundId}`,
    'refund_failed',
    asked.map((e) => ({ account: e.account, amountKobo: -e.amountKobo })),
  );
}

/**
 * The delivery code was given: everything still held for the subject goes to the payees' shares
 * (positive kobo each) and the rest to the platform, which covers any shortfall.
 */
export function release(subject: Subject, heldBalance: number, shares: Entry[]): Posting {
  const held = -heldBalance;
  const paid = shares.reduce((s, e) => s + e.amountKobo, 0);
  return posting(`release:${subject.purpose}:${subject.id}`, 'release', [
    { account: heldAccount(subject), amountKobo: held },
    ...shares.map((e) => ({ account: e.account, amountKobo: -e.amountKobo })),
    { account: PLATFORM, amountKobo: paid - held },
  ]);
}

/** A payout's transfer succeeded: the payee's money left the provider. */
export function payoutPaid(payoutId: string, payee: string, amountKobo: number): Posting {
  return posting(`payout:${payoutId}`, 'payout', [
    { account: payee, amountKobo },
    { account: CASH, amountKobo: -amountKobo },
  ]);
}

/** The bank sent a paid payout back: the payee is owed it again. */
export function payoutReversed(payoutId: string, payee: string, amountKobo: number): Posting {
  return posting(`payout-reversed:${payoutId}`, 'payout_reversed', [
    { account: CASH, amountKobo },
    { account: payee, amountKobo: -amountKobo },
  ]);
}

/** What the books are checked against: the records' own sums over all time (payments, refunds, payouts). */
export interface Records {
  /** Charges paid. */
  chargesKobo: number;
  /** Refunds the provider processed. */
  refundsKobo: number;
  /** Payouts paid (and not sent back). */
  transfersKobo: number;
}

/** Each transaction's key and the sum of its entries, and each account's balance. */
export interface Books {
  sums: { key: string; sumKobo: number }[];
  balances: Map<string, number>;
}

/**
 * The ledger's invariant: every posting balances (so all balances sum to zero), the money at the
 * provider is what was charged less what was refunded, transferred and kept in fees (the opening
 * balance carried what came before the ledger), and nothing held for a customer is overdrawn.
 * Returns the violations as sentences; none means the books agree with the records.
 */
export function checkBooks(books: Books, records: Records): string[] {
  const v: string[] = [];
  for (const s of books.sums) if (s.sumKobo !== 0) v.push(`ledger transaction ${s.key} sums to ${s.sumKobo} kobo`);
  const bal = (a: string) => books.balances.get(a) ?? 0;
  const expected = records.chargesKobo - records.refundsKobo - records.transfersKobo - bal(FEES);
  if (bal(CASH) !== expected)
    v.push(
      `the ledger holds ${bal(CASH)} kobo at the provider, but charges ${records.chargesKobo} − refunds ${records.refundsKobo} − transfers ${records.transfersKobo} − fees ${bal(FEES)} is ${expected}`,
    );
  for (const [account, kobo] of books.balances)
    if (account.startsWith('held:') && kobo > 0) v.push(`${account} is overdrawn by ${kobo} kobo`);
  return v;
}
