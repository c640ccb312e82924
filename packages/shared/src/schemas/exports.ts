import { z } from 'zod';
import { lagosDayOf } from '../format.js';

/**
 * CSV exports for the accountant (issue 33): what the admin can download for a period of Lagos
 * days, and a vendor's own sales. A Lagos day D runs [D 00:00+01:00, D+1 00:00+01:00) (no DST).
 */
export const EXPORT_KINDS = ['orders', 'order-items', 'payouts', 'refunds', 'ledger'] as const;
export const ExportKind = z.enum(EXPORT_KINDS, {
  message: 'Choose what to export: orders, order-items, payouts, refunds or ledger',
});
export type ExportKind = z.infer<typeof ExportKind>;

/** The longest period one file covers, in days (both ends included). */
const EXPORT_MAX_DAYS = 366;

export const EXPORT_MSG = {
  dayFormat: 'Give the day as YYYY-MM-DD',
  endBeforeStart: 'The end day (to) is before the start day (from).',
  tooLong: `An export can cover at most ${EXPORT_MAX_DAYS} days.`,
} as const;

/** Calendar days from `from` to `to`, both included ('2026-11-01'…'2026-11-30' → 30). */
const exportDays = (from: string, to: string): number =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;

/** `?from=YYYY-MM-DD&to=YYYY-MM-DD`: Lagos days, both included, from ≤ to, at most 366 days. */
export const ExportQuery = z
  .strictObject({
    from: z.iso.date({ message: EXPORT_MSG.dayFormat }),
    to: z.iso.date({ message: EXPORT_MSG.dayFormat }),
  })
  .superRefine((q, ctx) => {
    if (q.from > q.to) ctx.addIssue({ code: 'custom', message: EXPORT_MSG.endBeforeStart, path: ['to'] });
    else if (exportDays(q.from, q.to) > EXPORT_MAX_DAYS)
      ctx.addIssue({ code: 'custom', message: EXPORT_MSG.tooLong, path: ['to'] });
  });
export type ExportQuery = z.infer<typeof ExportQuery>;

export const ExportParams = z.strictObject({ kind: ExportKind });

/** The vendor's own order lines: `sales`. */
export type ExportFile = ExportKind | 'sales';

/** `jara-orders-2026-11-01-to-2026-11-30.csv` */
export const exportFileName = (file: ExportFile, q: ExportQuery) => `jara-${file}-${q.from}-to-${q.to}.csv`;

/** Where a file is downloaded from (the admin's kinds, or the vendor's sales). */
export const exportPath = (file: ExportFile, q: ExportQuery) =>
  `${file === 'sales' ? '/api/seller/exports/sales' : `/api/admin/exports/${file}`}?${new URLSearchParams(q).toString()}`;

/** The Lagos calendar month `now` falls in, first day to last: the exports' default period. */
export function lagosMonthOf(now: Date): ExportQuery {
  const [year, month] = lagosDayOf(now).split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const mm = String(month).padStart(2, '0');
  return { from: `${year}-${mm}-01`, to: `${year}-${mm}-${String(last).padStart(2, '0')}` };
}
