/**
 * The accountant's CSV files (issue 33): each kind is a sheet, its header and a reader of one
 * keyset page of rows, read from the modules that own them through their index.ts (this module
 * owns no table). A file is streamed page by page: the next page is read only when the client has
 * taken the last, so any period fits in a page's memory.
 *
 * No transaction is held across the pages: on the embedded database one open transaction holds up
 * every other request, and a large file downloads for minutes. The keyset (the period's time,
 * then the id) makes each page start exactly after the last row sent, so a row is never sent
 * twice or skipped; a row written into the period while the file streams may or may not be in it.
 */
import { Readable } from 'node:stream';
import { lagosDateTime, lagosMidnight, type ExportFile, type ExportQuery } from '@jara/shared';
import type { Executor } from '../../infra/db/client.js';
import { accountsByIds } from '../auth/index.js';
import { shopsByIds } from '../catalogue/index.js';
import { ledgerEntriesForExport } from '../ledger/index.js';
import { paidLinesForExport, paidOrdersForExport } from '../orders/index.js';
import { orderPaymentsForExport, refundsForExport } from '../payments/index.js';
import { payoutsForExport } from '../payouts/index.js';
import { csvRow, money, type Cell } from './csv.js';

/** Rows read per statement. */
const PAGE_ROWS = 1000;

type Cursor = { at: string; id: string };

interface PageQuery {
  from: Date;
  to: Date;
  after: Cursor | null;
  limit: number;
}

/** One page: its rows as cells, and where the next begins (null: this was the last). */
interface Page {
  rows: Cell[][];
  next: Cursor | null;
}

/**
 * A file's columns and its page reader. Column names stay English in both languages: an
 * accountant's spreadsheet formulas name them, whoever downloaded the file.
 */
interface Sheet {
  header: readonly string[];
  page(ex: Executor, q: PageQuery): Promise<Page>;
}

/** The next cursor: the last row's, when the page was full. */
function nextOf(rows: readonly { cursorAt: string; id: string }[], limit: number): Cursor | null {
  const last = rows[rows.length - 1];
  return rows.length === limit && last ? { at: last.cursorAt, id: last.id } : null;
}

const unique = (ids: readonly (string | null)[]) => [...new Set(ids.filter((id): id is string => id !== null))];

/** "******1234": enough to tell accounts apart, not to pay into. */
const lastFour = (account: string | null) => (account ? `******${account.slice(-4)}` : '');

const LINE_COLUMNS = [
  'Product',
  'Option',
  'Quantity',
  'Unit price (NGN)',
  'Discount (NGN)',
  'Line total (NGN)',
  'Shop-funded discount (NGN)',
  'Status',
  'Cancel reason',
] as const;

type Line = Awaited<ReturnType<typeof paidLinesForExport>>[number];

const lineCells = (l: Line): Cell[] => [
  l.productName,
  l.optionName,
  l.quantity,
  money(l.unitPriceKobo),
  money(l.discountKobo),
  money(l.unitPriceKobo * l.quantity - l.discountKobo),
  money(l.shopFundedKobo),
  l.status,
  l.cancelReason,
];

const SHEETS: Record<Exclude<ExportFile, 'sales'>, Sheet> = {
  orders: {
    header: [
      'Order ID',
      'Placed (Lagos)',
      'Paid (Lagos)',
      'Customer',
      'Customer email',
      'Units',
      'Items (NGN)',
      'Items discount (NGN)',
      'Delivery fee (NGN)',
      'Delivery discount (NGN)',
      'Service fee (NGN)',
      'Total paid (NGN)',
      'Refunded (NGN)',
      'Refund pending (NGN)',
      'Payment',
      'Item statuses',
      'Payment reference',
    ],
    async page(ex, q) {
      const rows = await paidOrdersForExport(ex, q);
      const ids = rows.map((r) => r.id);
      const [people, paid] = await Promise.all([
        accountsByIds(ex, unique(rows.map((r) => r.userId))),
        orderPaymentsForExport(ex, ids),
      ]);
      return {
        rows: rows.map((r) => {
          const who = people.get(r.userId);
          const p = paid.get(r.id);
          return [
            r.id,
            r.createdAt && lagosDateTime(r.createdAt),
            r.paidAt && lagosDateTime(r.paidAt),
            who?.name,
            who?.email,
            Number(r.units),
            money(r.itemsKobo),
            money(r.itemsDiscountKobo),
            money(r.deliveryFeeKobo),
            money(r.deliveryDiscountKobo),
            money(r.serviceFeeKobo),
            money(r.amountKobo),
            money(p?.processedKobo ?? 0),
            money(p?.pendingKobo ?? 0),
            r.paymentState,
            r.statuses,
            p?.references,
          ];
        }),
        next: nextOf(rows, q.limit),
      };
    },
  },
  'order-items': {
    header: ['Line ID', 'Order ID', 'Paid (Lagos)', 'Customer', 'Shop', ...LINE_COLUMNS],
    async page(ex, q) {
      const rows = await paidLinesForExport(ex, q);
      const [people, shops] = await Promise.all([
        accountsByIds(ex, unique(rows.map((r) => r.userId))),
        shopsByIds(ex, unique(rows.map((r) => r.vendorId))),
      ]);
      return {
        rows: rows.map((l) => [
          l.id,
          l.orderId,
          l.paidAt && lagosDateTime(l.paidAt),
          people.get(l.userId)?.name,
          shops.get(l.vendorId)?.businessName,
          ...lineCells(l),
        ]),
        next: nextOf(rows, q.limit),
      };
    },
  },
  payouts: {
    header: [
      'Payout ID',
      'Requested (Lagos)',
      'Payee',
      'Payee email',
      'Payee kind',
      'Shop',
      'Amount (NGN)',
      'Status',
      'Reference',
      'Due (Lagos)',
      'Paid (Lagos)',
      'Bank code',
      'Account number',
      'Failure reason',
    ],
    async page(ex, q) {
      const rows = await payoutsForExport(ex, q);
      const [people, shops] = await Promise.all([
        accountsByIds(ex, unique(rows.map((r) => r.userId))),
        shopsByIds(ex, unique(rows.map((r) => r.vendorId))),
      ]);
      return {
        rows: rows.map((r) => [
          r.id,
          r.createdAt && lagosDateTime(r.createdAt),
          people.get(r.userId)?.name,
          people.get(r.userId)?.email,
          r.payeeType,
          r.vendorId ? shops.get(r.vendorId)?.businessName : '',
          money(r.amountKobo),
          r.state,
          r.reference,
          r.dueAt && lagosDateTime(r.dueAt),
          r.paidAt && lagosDateTime(r.paidAt),
          r.bankCode,
          lastFour(r.accountNumber),
          r.failureReason,
        ]),
        next: nextOf(rows, q.limit),
      };
    },
  },
  refunds: {
    header: [
      'Refund ID',
      'Asked (Lagos)',
      'Processed (Lagos)',
      'For',
      'Order or dispatch ID',
      'Payer',
      'Amount (NGN)',
      'Status',
      'Source',
      'Reason',
      'Payment reference',
    ],
    async page(ex, q) {
      const rows = await refundsForExport(ex, q);
      const people = await accountsByIds(ex, unique(rows.map((r) => r.payerId)));
      return {
        rows: rows.map((r) => [
          r.id,
          r.createdAt && lagosDateTime(r.createdAt),
          r.processedAt && lagosDateTime(r.processedAt),
          r.purpose === 'dispatch' ? 'dispatch' : 'order',
          r.subjectId,
          people.get(r.payerId)?.name,
          money(r.amountKobo),
          r.state,
          r.source,
          r.reason,
          r.reference,
        ]),
        next: nextOf(rows, q.limit),
      };
    },
  },
  ledger: {
    header: ['Entry ID', 'Posted (Lagos)', 'Posting key', 'Posting kind', 'Account', 'Debit (NGN)', 'Credit (NGN)'],
    async page(ex, q) {
      const rows = await ledgerEntriesForExport(ex, q);
      return {
        rows: rows.map((e) => {
          const kobo = Number(e.amountKobo);
          return [
            e.id,
            e.createdAt && lagosDateTime(e.createdAt),
            e.key,
            e.kind,
            e.account,
            kobo > 0 ? money(kobo) : null,
            kobo < 0 ? money(-kobo) : null,
          ];
        }),
        next: nextOf(rows, q.limit),
      };
    },
  },
};

/** A shop's own lines: no customer (the vendor's orders screen names no one either). */
const salesSheet = (vendorId: string): Sheet => ({
  header: ['Line ID', 'Order ID', 'Paid (Lagos)', ...LINE_COLUMNS],
  async page(ex, q) {
    const rows = await paidLinesForExport(ex, { ...q, vendorId });
    return {
      rows: rows.map((l) => [l.id, l.orderId, l.paidAt && lagosDateTime(l.paidAt), ...lineCells(l)]),
      next: nextOf(rows, q.limit),
    };
  },
});

/** The instants a period of Lagos days covers: [from's midnight, the midnight after `to`). */
function periodOf(q: ExportQuery): { from: Date; to: Date } {
  return { from: lagosMidnight(q.from), to: new Date(lagosMidnight(q.to).getTime() + 86_400_000) };
}

/**
 * The file as a byte stream: the header, then each page as it is asked for (Readable.from pulls
 * the next page only when the reader's buffer has room, so a slow client slows the reads).
 */
function csvStream(ex: Executor, sheet: Sheet, q: ExportQuery, pageRows: number): Readable {
  const { from, to } = periodOf(q);
  async function* lines() {
    yield Buffer.from(csvRow(sheet.header));
    let after: Cursor | null = null;
    do {
      const page: Page = await sheet.page(ex, { from, to, after, limit: pageRows });
      if (page.rows.length) yield Buffer.from(page.rows.map(csvRow).join(''));
      after = page.next;
    } while (after);
  }
  return Readable.from(lines(), { objectMode: false });
}

/** The admin's file of one kind for the period. */
export function adminExport(ex: Executor, kind: Exclude<ExportFile, 'sales'>, q: ExportQuery, pageRows = PAGE_ROWS) {
  return csvStream(ex, SHEETS[kind], q, pageRows);
}

/** A shop's own sales (its order lines) for the period. */
export function salesExport(ex: Executor, vendorId: string, q: ExportQuery, pageRows = PAGE_ROWS) {
  return csvStream(ex, salesSheet(vendorId), q, pageRows);
}
