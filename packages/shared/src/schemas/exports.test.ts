import { describe, expect, it } from 'vitest';
import { ExportQuery, exportFileName, exportPath, lagosMonthOf } from './exports.js';

describe('export periods', () => {
  it('takes the Lagos month, whose first hour is still the month before in UTC', () => {
    expect(lagosMonthOf(new Date('2026-11-15T12:00:00Z'))).toEqual({ from: '2026-11-01', to: '2026-11-30' });
    expect(lagosMonthOf(new Date('2026-11-30T23:30:00Z'))).toEqual({ from: '2026-12-01', to: '2026-12-31' });
    expect(lagosMonthOf(new Date('2028-02-10T00:00:00Z'))).toEqual({ from: '2028-02-01', to: '2028-02-29' });
  });

  it('allows at most 366 days, the end not before the start', () => {
    expect(ExportQuery.safeParse({ from: '2028-01-01', to: '2028-12-31' }).success).toBe(true);
    expect(ExportQuery.safeParse({ from: '2026-01-01', to: '2027-01-02' }).success).toBe(false);
    expect(ExportQuery.safeParse({ from: '2026-11-02', to: '2026-11-01' }).success).toBe(false);
    expect(ExportQuery.safeParse({ from: '2026-11-01', to: '2026-11-01' }).success).toBe(true);
  });

  it('names the file and its URL by kind and period', () => {
    const q = { from: '2026-11-01', to: '2026-11-30' };
    expect(exportFileName('orders', q)).toBe('jara-orders-2026-11-01-to-2026-11-30.csv');
    expect(exportPath('order-items', q)).toBe('/api/admin/exports/order-items?from=2026-11-01&to=2026-11-30');
    expect(exportPath('sales', q)).toBe('/api/seller/exports/sales?from=2026-11-01&to=2026-11-30');
  });
});
