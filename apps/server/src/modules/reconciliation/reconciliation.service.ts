import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import {
  formatNaira,
  koboToNaira,
  lagosDayOf,
  lagosMidnight,
  type DifferenceKind,
  type Language,
  type ReconciliationDifference,
  type ReconciliationRun,
  type ReconciliationSummary,
} from '@jara/shared';
import type { Db, Executor } from '../../infra/db/client.js';
import { jobKind, noPayload, type JobQueue } from '../../infra/jobs/jobs.js';
import type { ListWindow, ProviderTransaction, RefundResult, TransferResult } from '../../infra/payments/types.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { books as ledgerBooks, checkBooks, recordProviderFee } from '../ledger/index.js';
import { paidOutKobo } from '../payouts/index.js';
import {
  chargedAndRefundedKobo,
  paymentRecordsFor,
  refundIdInNote,
  refundNoteMarker,
  type PaymentService,
} from '../payments/index.js';
import { compareDay, leftOut, type Difference, type PayoutRecord } from './compare.js';
import { t } from './reconciliation.messages.js';
import * as repo from './reconciliation.repo.js';
import type { SummaryKobo, TallyKobo } from './reconciliation.tables.js';

/**
 * Our payouts paid in [from, to) and those with `references`, read on the caller's executor: the
 * payouts module's to answer, as it alone reads its table (decision 0046).
 */
export type PayoutRecords = (
  ex: Executor,
  q: { from: Date; to: Date; references: readonly string[] },
) => Promise<PayoutRecord[]>;

const DAY_MS = 24 * 60 * 60_000;
/** The runs an admin sees: about two months of days. */
const RUNS_SHOWN = 62;

/** A Lagos day as the instants it begins and ends. */
function lagosWindow(day: string): ListWindow {
  const from = lagosMidnight(day);
  return { from, to: new Date(from.getTime() + DAY_MS) };
}

/** Once a day, just after midnight in Lagos (01:00 Lagos: the slot starts at 00:00 UTC). */
const DAILY_JOB = jobKind('reconciliation.daily', noPayload);

/** Each kind's sentence (modules/reconciliation/locales). */
const SENTENCES = {
  charge_missing: 'reconciliation.difference.charge_missing',
  charge_not_paid: 'reconciliation.difference.charge_not_paid',
  charge_amount: 'reconciliation.difference.charge_amount',
  payment_not_success: 'reconciliation.difference.payment_not_success',
  refund_unknown: 'reconciliation.difference.refund_unknown',
  refund_missing: 'reconciliation.difference.refund_missing',
  refund_amount: 'reconciliation.difference.refund_amount',
  refund_state: 'reconciliation.difference.refund_state',
  transfer_unknown: 'reconciliation.difference.transfer_unknown',
  transfer_amount: 'reconciliation.difference.transfer_amount',
  payout_not_success: 'reconciliation.difference.payout_not_success',
  payout_not_paid: 'reconciliation.difference.payout_not_paid',
} as const satisfies Record<DifferenceKind, string>;

/** A difference in a sentence, in `lang`. */
function sentence(lang: Language, d: Difference, provider: string): string {
  return t(lang, SENTENCES[d.kind], {
    provider: provider === 'paystack' ? 'Paystack' : 'Sandbox',
    reference: d.reference,
    payment: d.payment ?? '',
    ours: d.ours ? formatNaira(d.ours.kobo) : '',
    ourState: d.ours?.status ?? '',
    theirs: d.provider ? formatNaira(d.provider.kobo) : '',
    theirState: d.provider?.status ?? '',
    found: d.provider ? 'yes' : 'no',
  });
}

const tallyInNaira = (t: TallyKobo) => ({ count: t.count, amount: koboToNaira(t.kobo) });
const bothInNaira = (b: { ours: TallyKobo; provider: TallyKobo }) => ({
  ours: tallyInNaira(b.ours),
  provider: tallyInNaira(b.provider),
});

function summaryDto(s: SummaryKobo): ReconciliationSummary {
  return {
    charges: bothInNaira(s.charges),
    refunds: bothInNaira(s.refunds),
    transfers: {
      ours: s.transfers.ours && tallyInNaira(s.transfers.ours),
      provider: tallyInNaira(s.transfers.provider),
    },
    fees: bothInNaira(s.fees),
  };
}

function runDto(r: repo.RunRow): ReconciliationRun {
  return {
    _id: r.id,
    day: r.day,
    state: r.state,
    trigger: r.trigger,
    provider: r.provider,
    startedAt: r.startedAt.toISOString(),
    finishedAt: r.finishedAt?.toISOString() ?? null,
    error: r.error,
    differences: r.differenceCount,
    agreed: r.state === 'done' && r.differenceCount === 0,
    summary: r.summary && summaryDto(r.summary),
    ledgerProblems: r.ledgerProblems,
  };
}

const side = (kobo: number | null, status: string | null) =>
  kobo === null || status === null ? null : { kobo, status };

function differenceDto(lang: Language, row: repo.DifferenceRow, provider: string): ReconciliationDifference {
  const d: Difference = {
    kind: row.kind,
    reference: row.reference,
    payment: row.paymentReference ?? undefined,
    ours: side(row.oursKobo, row.oursStatus),
    provider: side(row.providerKobo, row.providerStatus),
  };
  return {
    _id: String(row.id),
    kind: row.kind,
    reference: row.reference,
    ours: d.ours && { amount: koboToNaira(d.ours.kobo), status: d.ours.status },
    provider: d.provider && { amount: koboToNaira(d.provider.kobo), status: d.provider.status },
    note: sentence(lang, d, provider),
  };
}

/** The ledger's invariant over the books and the records' sums: its violations, as sentences. */
async function checkLedger(ex: Executor): Promise<string[]> {
  const [b, money, transfersKobo] = await Promise.all([ledgerBooks(ex), chargedAndRefundedKobo(ex), paidOutKobo(ex)]);
  return checkBooks(b, { ...money, transfersKobo });
}

const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

/**
 * The daily reconciliation against the payment provider (issue 30, decision 0046): for one Lagos
 * day, the provider's transactions, refunds and transfers are listed (no transaction open), our
 * records read beside them, the provider asked about what we settled that its lists left out, and
 * every difference stored with the day's summary in one transaction, the provider's fees posted
 * to the ledger in it. Once a day by the schedule (the day before), or when an admin asks.
 */
export class DailyReconciliation {
  private readonly payouts: PayoutRecords;

  constructor(
    private readonly opts: {
      db: Db;
      jobs: JobQueue;
      log: Logger;
      payments: PaymentService;
      /** How our payouts are read (the payouts module's payoutRecords). */
      payouts: PayoutRecords;
    },
  ) {
    this.payouts = opts.payouts;
    opts.jobs.register(DAILY_JOB, async () => {
      const run = await this.run(lagosDayOf(new Date(Date.now() - DAY_MS)), { trigger: 'schedule' });
      // The job is tried again (backoff); each try takes the day's run over.
      if (run.state === 'failed') throw new Error(`reconciliation of ${run.day} failed: ${run.error ?? ''}`);
    });
    // Slots of a day from the epoch begin at 00:00 UTC, 01:00 in Lagos: one run a day across instances.
    opts.jobs.schedule(DAILY_JOB, DAY_MS);
  }

  /**
   * Reconciles one Lagos day now, replacing what an earlier run of it found; the run as it stands
   * after (done, failed with the provider's message, or running again if a later start took it over).
   */
  async run(
    day: string,
    by: { trigger: 'schedule' } | { trigger: 'admin'; userId: string },
    now = new Date(),
  ): Promise<ReconciliationRun> {
    if (day > lagosDayOf(now)) throw badRequest('That day has not come yet.', 'validation_failed');
    const { db, payments, log } = this.opts;
    const attempt = randomUUID();
    const started = await db.transaction((tx) =>
      repo.startRun(tx, {
        day,
        trigger: by.trigger,
        requestedBy: by.trigger === 'admin' ? by.userId : null,
        provider: payments.provider.name,
        attempt,
      }),
    );
    let finished: repo.RunRow | undefined;
    try {
      const outcome = await this.compare(lagosWindow(day));
      finished = await db.transaction(async (tx) => {
        const row = await repo.finishRun(tx, started.id, attempt, {
          state: 'done',
          summary: outcome.summary,
          differenceCount: outcome.differences.length,
        });
        if (!row) return undefined;
        await repo.insertDifferences(
          tx,
          outcome.differences.map((d) => ({
            runId: row.id,
            kind: d.kind,
            reference: d.reference,
            paymentReference: d.payment ?? null,
            oursKobo: d.ours?.kobo ?? null,
            oursStatus: d.ours?.status ?? null,
            providerKobo: d.provider?.kobo ?? null,
            providerStatus: d.provider?.status ?? null,
            note: sentence('en', d, row.provider),
          })),
        );
        for (const f of outcome.fees) await recordProviderFee(tx, f.payment, f.feeKobo);
        // With the provider's fees posted, the ledger must agree with the records (decision 0045).
        const ledgerProblems = await checkLedger(tx);
        if (ledgerProblems.length) await repo.setLedgerProblems(tx, row.id, ledgerProblems);
        return { ...row, ledgerProblems };
      });
    } catch (err) {
      // Nothing found is kept: a failed run shows its reason and no findings.
      log.warn({ err, day }, 'reconciliation failed');
      finished = await repo.finishRun(db, started.id, attempt, {
        state: 'failed',
        error: messageOf(err).slice(0, 500),
      });
    }
    return runDto(finished ?? (await repo.findRun(db, started.id))!);
  }

  /** The provider's records of the window beside ours, and what differs. */
  private async compare(window: ListWindow) {
    const { db, payments } = this.opts;
    const provider = payments.provider;
    const transactions = await provider.listTransactions(window);
    const refunds = await provider.listRefunds(window);
    const transfers = await provider.listTransfers(window);
    const ours = await paymentRecordsFor(db, {
      ...window,
      references: transactions.map((t) => t.reference),
      refundIds: refunds.map((r) => refundIdInNote(r.note)).filter((id): id is string => id !== null),
    });
    const payouts = await this.payouts(db, { ...window, references: transfers.map((t) => t.reference) });
    const day = {
      window,
      provider: { transactions, refunds, transfers },
      ours: { ...ours, payouts },
      refundIdInNote,
    };
    const missing = leftOut(day);
    const asked = {
      transactions: new Map<string, ProviderTransaction | null>(),
      refunds: new Map<string, RefundResult | null>(),
      transfers: new Map<string, TransferResult | null>(),
    };
    for (const p of missing.payments) asked.transactions.set(p.reference, await provider.verify(p.reference));
    for (const r of missing.refunds)
      asked.refunds.set(
        r.id,
        await provider.findRefund({
          reference: r.reference,
          marker: refundNoteMarker(r.id),
          since: r.sentAt ?? r.createdAt,
        }),
      );
    for (const p of missing.payouts) asked.transfers.set(p.reference, await provider.verifyTransfer(p.reference));
    return compareDay({ ...day, asked });
  }

  /** The latest runs, newest day first. */
  async runs(): Promise<ReconciliationRun[]> {
    return (await repo.listRuns(this.opts.db, RUNS_SHOWN)).map(runDto);
  }

  /** One run and its differences, each said in `lang`. */
  async detail(
    id: string,
    lang: Language,
  ): Promise<{ run: ReconciliationRun; differences: ReconciliationDifference[] }> {
    const run = await repo.findRun(this.opts.db, id);
    if (!run) throw notFound('No such reconciliation run.');
    const rows = await repo.differencesOf(this.opts.db, id);
    return { run: runDto(run), differences: rows.map((r) => differenceDto(lang, r, run.provider)) };
  }
}
