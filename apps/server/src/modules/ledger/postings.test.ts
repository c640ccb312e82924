import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as rules from './postings.js';
import type { Entry, Posting, Subject } from './postings.js';

/** The ledger as the database keeps it: one posting per key, balances summed from the entries. */
class Book {
  readonly posted = new Map<string, Posting>();

  post(p: Posting): boolean {
    if (this.posted.has(p.key)) return false;
    this.posted.set(p.key, p);
    return true;
  }

  balance(account: string): number {
    let sum = 0;
    for (const p of this.posted.values()) for (const e of p.entries) if (e.account === account) sum += e.amountKobo;
    return sum;
  }

  books(): rules.Books {
    const balances = new Map<string, number>();
    const sums: rules.Books['sums'] = [];
    for (const p of this.posted.values()) {
      let sum = 0;
      for (const e of p.entries) {
        balances.set(e.account, (balances.get(e.account) ?? 0) + e.amountKobo);
        sum += e.amountKobo;
      }
      if (sum !== 0) sums.push({ key: p.key, sumKobo: sum });
    }
    return { sums, balances };
  }
}

describe('postings', () => {
  const order: Subject = { purpose: 'order', id: 'o1' };

  it('balance, merge accounts and drop zeros', () => {
    expect(rules.release(order, -10_000, [{ account: 'vendor:v', amountKobo: 7_000 }]).entries).toEqual([
      { account: 'held:order:o1', amountKobo: 10_000 },
      { account: 'vendor:v', amountKobo: -7_000 },
      { account: 'platform', amountKobo: -3_000 },
    ]);
    expect(rules.providerFee('p', 0).entries).toEqual([]);
  });

  it('refuse fractions of a kobo', () => {
    expect(() => rules.charge('p', order, 10.5)).toThrow(/not whole kobo/);
  });

  it('take a refund from what is still held first, the platform covering the rest', () => {
    const p = rules.refundAsked('r', 5_000, { held: 'held:order:o1', heldBalance: -3_000 });
    expect(p.entries).toEqual([
      { account: 'held:order:o1', amountKobo: 3_000 },
      { account: 'platform', amountKobo: 2_000 },
      { account: 'refunds:pending', amountKobo: -5_000 },
    ]);
    const borne = rules.refundAsked('r', 5_000, { bearer: 'vendor:v', held: 'held:order:o1', heldBalance: -3_000 });
    expect(borne.entries.map((e) => e.account)).toEqual(['vendor:v', 'refunds:pending']);
  });

  it('find an unbalanced posting and a cash figure the records do not explain', () => {
    const book = new Book();
    book.post(rules.charge('p', order, 10_000));
    const records = { chargesKobo: 10_000, refundsKobo: 0, transfersKobo: 0 };
    expect(rules.checkBooks(book.books(), records)).toEqual([]);
    expect(rules.checkBooks(book.books(), { ...records, refundsKobo: 1 })).toHaveLength(1);
    book.post({ key: 'bad', kind: 'fee', entries: [{ account: 'cash', amountKobo: 5 }] });
    expect(rules.checkBooks(book.books(), records).join()).toMatch(/bad sums to 5 kobo/);
  });
});

/**
 * The property: whatever happens, in whatever order (payments, webhooks replayed, refunds asked,
 * processed or failing, disputes settled on anyone, deliveries, payouts paid, failing or sent
 * back), the books balance, the cash is charges − refunds − transfers − fees, nothing held is
 * overdrawn, a replay posts nothing, and no payee is paid more than was released to them.
 */
describe('the ledger over 1,000 random event sequences', () => {
  const SUBJECTS: Subject[] = [
    { purpose: 'order', id: 'o0' },
    { purpose: 'order', id: 'o1' },
    { purpose: 'order', id: 'o2' },
    { purpose: 'dispatch', id: 'd0' },
  ];
  const VENDORS = ['vendor:v0', 'vendor:v1'];
  const RIDERS = ['rider:r0', 'rider:r1'];
  const PAYEES = [...VENDORS, ...RIDERS];
  const at = <T>(xs: T[], i: number) => xs[i % xs.length]!;

  const idx = fc.nat(40);
  const share = fc.integer({ min: 1, max: 100 });
  const command = fc.oneof(
    fc.record({ t: fc.constant('pay' as const), s: idx, amount: fc.integer({ min: 100, max: 5_000_000 }) }),
    fc.record({ t: fc.constant('replayPay' as const), s: idx }),
    fc.record({ t: fc.constant('fee' as const), s: idx, pct: share }),
    fc.record({ t: fc.constant('refund' as const), s: idx, pct: share, bearer: fc.option(idx) }),
    fc.record({ t: fc.constant('refundProcessed' as const), r: idx }),
    fc.record({ t: fc.constant('refundFailed' as const), r: idx }),
    fc.record({ t: fc.constant('deliver' as const), s: idx, v: idx, rd: idx, pct: share }),
    fc.record({ t: fc.constant('payout' as const), p: idx }),
    fc.record({ t: fc.constant('transferSuccess' as const), p: idx }),
    fc.record({ t: fc.constant('transferFailed' as const), p: idx }),
    fc.record({ t: fc.constant('transferReversed' as const), p: idx }),
  );

  type Command = typeof command extends fc.Arbitrary<infer C> ? C : never;
  interface Refund {
    id: string;
    amount: number;
    state: 'pending' | 'processed' | 'failed';
    subject: number;
  }
  interface Payout {
    id: string;
    payee: string;
    amount: number;
    state: 'scheduled' | 'paid' | 'failed';
  }

  function run(commands: Command[]): void {
    const book = new Book();
    const paid = new Map<number, { id: string; amount: number; reserved: number }>();
    const delivered = new Set<number>();
    const refunds: Refund[] = [];
    const payouts: Payout[] = [];
    const released = new Map<string, number>();
    const post = (p: Posting) => {
      const before = book.posted.size;
      const fresh = book.post(p);
      // A replay changes nothing.
      expect(book.posted.size).toBe(before + (fresh ? 1 : 0));
      return fresh;
    };

    for (const c of commands) {
      switch (c.t) {
        case 'pay': {
          const s = c.s % SUBJECTS.length;
          if (paid.has(s)) break;
          const id = `pay${s}`;
          expect(post(rules.charge(id, SUBJECTS[s]!, c.amount))).toBe(true);
          paid.set(s, { id, amount: c.amount, reserved: 0 });
          break;
        }
        case 'replayPay': {
          const p = paid.get(c.s % SUBJECTS.length);
          if (p) expect(post(rules.charge(p.id, SUBJECTS[c.s % SUBJECTS.length]!, p.amount))).toBe(false);
          break;
        }
        case 'fee': {
          const p = paid.get(c.s % SUBJECTS.length);
          if (p) post(rules.providerFee(p.id, Math.floor((p.amount * c.pct) / 2_000)));
          break;
        }
        case 'refund': {
          const s = c.s % SUBJECTS.length;
          const p = paid.get(s);
          if (!p) break;
          const amount = Math.floor(((p.amount - p.reserved) * c.pct) / 100);
          if (amount <= 0) break;
          const subject = SUBJECTS[s]!;
          // A dispute's refund is borne by someone once delivered; a cancellation comes from what is held.
          const bearer = c.bearer !== null && delivered.has(s) ? at([...PAYEES, rules.PLATFORM], c.bearer) : undefined;
          const id = `ref${refunds.length}`;
          const held = rules.heldAccount(subject);
          post(rules.refundAsked(id, amount, { bearer, held, heldBalance: book.balance(held) }));
          p.reserved += amount;
          refunds.push({ id, amount, state: 'pending', subject: s });
          break;
        }
        case 'refundProcessed': {
          const r = refunds.length ? at(refunds, c.r) : undefined;
          if (!r || r.state === 'failed') break;
          post(rules.refundProcessed(r.id, r.amount));
          r.state = 'processed';
          break;
        }
        case 'refundFailed': {
          const r = refunds.length ? at(refunds, c.r) : undefined;
          if (!r || r.state !== 'pending') break;
          post(rules.refundFailed(r.id, book.posted.get(`refund:${r.id}`)!.entries));
          r.state = 'failed';
          paid.get(r.subject)!.reserved -= r.amount;
          break;
        }
        case 'deliver': {
          const s = c.s % SUBJECTS.length;
          if (!paid.has(s) || delivered.has(s)) break;
          const subject = SUBJECTS[s]!;
          const held = -book.balance(rules.heldAccount(subject));
          // Shares as the services compute them: items less commission, the rider's part of the fee.
          const shares: Entry[] = [
            ...(subject.purpose === 'order' ? [{ account: at(VENDORS, c.v), amountKobo: (held * c.pct) / 100 }] : []),
            { account: at(RIDERS, c.rd), amountKobo: Math.floor(held / 10) },
          ].map((e) => ({ ...e, amountKobo: Math.floor(e.amountKobo) }));
          expect(post(rules.release(subject, book.balance(rules.heldAccount(subject)), shares))).toBe(true);
          for (const e of shares) released.set(e.account, (released.get(e.account) ?? 0) + e.amountKobo);
          delivered.add(s);
          break;
        }
        case 'payout': {
          const payee = at(PAYEES, c.p);
          // What requestPayout allows: what the payee is owed, less what is already scheduled.
          const scheduled = payouts
            .filter((p) => p.payee === payee && p.state === 'scheduled')
            .reduce((sum, p) => sum + p.amount, 0);
          const available = -book.balance(payee) - scheduled;
          if (available < 100) break;
          payouts.push({ id: `po${payouts.length}`, payee, amount: available, state: 'scheduled' });
          break;
        }
        case 'transferSuccess': {
          const p = payouts.length ? at(payouts, c.p) : undefined;
          if (!p || p.state === 'failed') break;
          post(rules.payoutPaid(p.id, p.payee, p.amount));
          p.state = 'paid';
          break;
        }
        case 'transferFailed': {
          const p = payouts.length ? at(payouts, c.p) : undefined;
          if (p?.state === 'scheduled') p.state = 'failed';
          break;
        }
        case 'transferReversed': {
          const p = payouts.length ? at(payouts, c.p) : undefined;
          if (p?.state !== 'paid') break;
          post(rules.payoutReversed(p.id, p.payee, p.amount));
          p.state = 'failed';
          break;
        }
      }
      const records: rules.Records = {
        chargesKobo: [...paid.values()].reduce((s, p) => s + p.amount, 0),
        refundsKobo: refunds.filter((r) => r.state === 'processed').reduce((s, r) => s + r.amount, 0),
        transfersKobo: payouts.filter((p) => p.state === 'paid').reduce((s, p) => s + p.amount, 0),
      };
      expect(rules.checkBooks(book.books(), records)).toEqual([]);
      for (const payee of PAYEES) {
        const out = payouts.filter((p) => p.payee === payee && p.state === 'paid').reduce((s, p) => s + p.amount, 0);
        expect(out).toBeLessThanOrEqual(released.get(payee) ?? 0);
      }
    }
  }

  it('keeps the invariant', () => {
    fc.assert(
      fc.property(fc.array(command, { maxLength: 60 }), (commands) => {
        run(commands);
      }),
      { numRuns: 1_000, seed: Number(process.env.LEDGER_SEED ?? 20261129) },
    );
  });
});
