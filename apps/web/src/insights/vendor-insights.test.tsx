import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { VendorInsightsAnswer } from '@jara/shared';
import type uPlot from 'uplot';
import { GUEST, renderApp, stubFetch } from '../test/render';
import { VendorInsights } from './vendor-insights';

/** uPlot draws on a canvas jsdom has not: a stand-in that keeps what each chart was given (Playwright draws the real one). */
const charts = vi.hoisted(() => [] as { options: uPlot.Options; data: number[][] }[]);
vi.mock('./load-uplot', () => ({
  loadUPlot: async () =>
    class {
      static paths = { bars: () => () => null };
      constructor(options: uPlot.Options, data: number[][]) {
        charts.push({ options, data });
      }
      setSize() {}
      destroy() {}
    },
}));

const DAYS = ['2026-11-27', '2026-11-28', '2026-11-29'];

const answer = (overrides: Partial<VendorInsightsAnswer> = {}): VendorInsightsAnswer => ({
  success: true,
  period: { from: DAYS[0]!, to: DAYS[2]!, bucket: 'day' },
  series: [
    { at: DAYS[0]!, orders: 2, salesKobo: 450_000 },
    { at: DAYS[1]!, orders: 0, salesKobo: 0 },
    { at: DAYS[2]!, orders: 3, salesKobo: 725_050 },
  ],
  totals: { orders: 5, salesKobo: 1_175_050, averageOrderKobo: 235_010 },
  topItems: [
    { id: 'p1', name: 'Jollof rice', quantity: 6, salesKobo: 900_000 },
    { id: 'p2', name: 'Zobo', quantity: 4, salesKobo: 275_050 },
  ],
  busyHours: [
    { weekday: 4, hour: 13, orders: 2 },
    { weekday: 6, hour: 19, orders: 3 },
  ],
  preparation: { orders: 4, medianMin: 14.5 },
  ratings: { average: 4.6, count: 12 },
  cancellations: [{ reason: 'vendor_declined', count: 1 }],
  payouts: [{ at: '2026-11-28T09:30:00.000Z', amountKobo: 400_000, status: 'paid' }],
  paidOutKobo: 400_000,
  ...overrides,
});

function open(value: unknown) {
  charts.length = 0;
  const calls = stubFetch({ ...GUEST, 'GET /api/seller/insights': value });
  renderApp(<VendorInsights />, { route: '/seller/insights', path: '/seller/insights' });
  return calls;
}

const figure = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
const cells = (caption: string, heading: string) =>
  [
    ...within(screen.getByRole('table', { name: caption }))
      .getByRole('rowheader', { name: heading })
      .closest('tr')!
      .querySelectorAll('td'),
  ].map((td) => td.textContent);

describe('VendorInsights: how the shop did', () => {
  it('shows the shop’s figures, its sales per day drawn and in a table, best sellers, cancellations and payouts', async () => {
    open(answer());
    expect(await screen.findByText('Fri 27 Nov – Sun 29 Nov, day by day (Lagos time)')).toBeInTheDocument();
    expect(figure('Orders')).toBe('5');
    expect(figure('Sales')).toBe('₦11,750.50');
    expect(figure('Average order')).toBe('₦2,350.10');
    expect(figure('Preparation time (median)')).toBe('14.5 min');
    expect(screen.getByText('4 orders', { selector: 'dd' })).toBeInTheDocument();
    expect(figure('Rating')).toBe('4.6 / 5');
    expect(screen.getByText('12 ratings')).toBeInTheDocument();
    expect(figure('Paid out')).toBe('₦4,000');

    expect(cells('Orders and sales by day', 'Fri 27 Nov')).toEqual(['2', '₦4,500']);
    expect(cells('Orders and sales by day', 'Sat 28 Nov')).toEqual(['0', '₦0']);
    expect(cells('Orders and sales by day', 'Total')).toEqual(['5', '₦11,750.50']);
    expect(cells('Your five best-selling items', 'Zobo')).toEqual(['4', '₦2,750.50']);
    expect(cells('Cancelled orders by reason', 'The shop declined')).toEqual(['1']);
    expect(cells('Payouts asked for in this period', '28 Nov, 10:30 am')).toEqual(['₦4,000', 'Paid']);

    expect(
      screen.getByRole('img', { name: 'Chart: Sales per day, ₦11,750.50 in all. The numbers are in the table below.' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(charts).toHaveLength(1));
    expect(charts[0]!.data).toEqual([
      [0, 1, 2],
      [450_000, 0, 725_050],
    ]);
  });

  it('maps busy hours on a weekday × hour grid whose every cell a screen reader can read', async () => {
    open(answer());
    const grid = await screen.findByRole('table', { name: /Orders by weekday and hour/ });
    const rows = within(grid).getAllByRole('row');
    expect(rows).toHaveLength(8);
    expect(within(rows[0]!).getAllByRole('columnheader')).toHaveLength(25);
    expect(within(grid).getAllByRole('cell')).toHaveLength(7 * 24);
    expect(
      within(grid)
        .getAllByRole('rowheader')
        .map((h) => h.textContent),
    ).toEqual(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']);
    // Friday (weekday 4) at 1 pm, and Sunday at 7 pm: the busiest is the darkest.
    const friday = within(rows[5]!).getAllByRole('cell');
    expect(friday[13]).toHaveTextContent('2');
    expect(friday[13]).toHaveAttribute('title', 'Friday, 1:00 pm: 2 orders');
    const sunday = within(rows[7]!).getAllByRole('cell');
    expect(sunday[19]).toHaveTextContent('3');
    expect(sunday[19]!.className).toContain('bg-brand-800');
    expect(friday[12]).toHaveTextContent('0');
    expect(friday[12]!.className).toContain('bg-stone-100');
  });

  it('says there is nothing yet in a quiet period, without a chart or a grid', async () => {
    open(
      answer({
        series: DAYS.map((at) => ({ at, orders: 0, salesKobo: 0 })),
        totals: { orders: 0, salesKobo: 0, averageOrderKobo: 0 },
        topItems: [],
        busyHours: [],
        preparation: { orders: 0, medianMin: null },
        ratings: { average: null, count: 0 },
        cancellations: [],
        payouts: [],
        paidOutKobo: 0,
      }),
    );
    expect(await screen.findAllByText('No orders in this period.')).toHaveLength(3);
    expect(screen.getByText('No payouts in this period.')).toBeInTheDocument();
    expect(screen.getByText('No order was cancelled in this period.')).toBeInTheDocument();
    expect(figure('Rating')).toBe('No ratings yet');
    expect(figure('Preparation time (median)')).toBe('Not yet');
    expect(screen.queryByRole('img', { name: /^Chart:/ })).toBeNull();
    expect(screen.queryByRole('table', { name: /Orders by weekday and hour/ })).toBeNull();
  });

  it('shows the refusal when the shop’s figures cannot be read', async () => {
    open(
      new Response(JSON.stringify({ success: false, code: 'forbidden', message: 'This is for approved vendors.' }), {
        status: 403,
        headers: { 'Content-Type': 'application/json' },
      }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('This is for approved vendors.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
