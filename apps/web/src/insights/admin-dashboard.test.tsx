import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminInsightsAnswer } from '@jara/shared';
import type uPlot from 'uplot';
import { GUEST, renderApp, stubFetch } from '../test/render';
import { i18n } from '../i18n';
import { loadAreas } from '../i18n/i18n';
import { AdminPage } from '../features/admin';
import { AdminDashboard } from './admin-dashboard';

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

const DAYS = ['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28', '2026-11-29'];
const ORDERS = [3, 0, 2, 1, 4, 0, 2];
const GMV = [1_200_000, 0, 850_050, 400_000, 2_000_000, 0, 760_000];

const answer = (overrides: Partial<AdminInsightsAnswer> = {}): AdminInsightsAnswer => ({
  success: true,
  period: { from: DAYS[0]!, to: DAYS[6]!, bucket: 'day' },
  series: DAYS.map((at, i) => ({ at, orders: ORDERS[i]!, gmvKobo: GMV[i]! })),
  totals: {
    orders: 12,
    gmvKobo: 5_210_050,
    averageBasketKobo: 434_171,
    deliveryFeeKobo: 600_000,
    serviceFeeKobo: 120_000,
    commissionKobo: 455_000,
  },
  refunds: { count: 2, kobo: 300_000, rate: 0.1667 },
  disputes: { count: 1, kobo: 150_000, rate: 0.0833 },
  cancellations: [
    { reason: 'customer', count: 1 },
    { reason: 'confirm_deadline', count: 3 },
  ],
  riders: { online: 4, busy: 3, utilisation: 0.75 },
  times: { orders: 9, placedToDeliveredMin: 38.5, confirmMin: 4, waitForRiderMin: 6.5, rideMin: 12 },
  funnel: { cart: 40, checkout: 20, paid: 12 },
  topVendors: [{ id: 'v1', name: 'Mama Put', orders: 7, salesKobo: 3_100_000 }],
  topProducts: [{ id: 'p1', name: 'Jollof rice', vendorName: 'Mama Put', quantity: 11, salesKobo: 2_200_000 }],
  customers: { new: 5, returning: 6 },
  ...overrides,
});

/** The dashboard at `route`, the server answering `respond` (given the request's search); returns the URLs asked. */
function openDashboard(respond: (search: URLSearchParams) => unknown, route = '/admin/dashboard') {
  charts.length = 0;
  stubFetch({ ...GUEST, 'GET /api/admin/insights': () => null });
  const urls: URL[] = [];
  const stubbed = globalThis.fetch;
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname !== '/api/admin/insights') return stubbed(input, init);
    urls.push(url);
    const value = await respond(url.searchParams);
    return value instanceof Response
      ? value
      : new Response(JSON.stringify(value), { status: 200, headers: { 'Content-Type': 'application/json' } });
  }) as typeof fetch;
  const view = renderApp(<AdminDashboard />, { route, path: '/admin/dashboard' });
  return { urls, ...view };
}

const figure = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
/** The cells of the row headed `heading` in the table named `caption`. */
const row = (caption: string, heading: string) =>
  within(screen.getByRole('table', { name: caption }))
    .getByRole('rowheader', { name: heading })
    .closest('tr')!
    .querySelectorAll('td');
const cells = (caption: string, heading: string) => [...row(caption, heading)].map((td) => td.textContent);

describe('AdminDashboard: the business at a glance', () => {
  it('shows every figure of the period, in naira and counts, with the days as people write them', async () => {
    openDashboard(() => answer());
    expect(await screen.findByText('Mon 23 Nov – Sun 29 Nov, day by day (Lagos time)')).toBeInTheDocument();
    expect(figure('Paid orders')).toBe('12');
    expect(figure('GMV (what customers paid)')).toBe('₦52,100.50');
    expect(figure('Average basket')).toBe('₦4,341.71');
    expect(figure('Delivery fees')).toBe('₦6,000');
    expect(figure('Service fees')).toBe('₦1,200');
    expect(figure('Commission')).toBe('₦4,550');
    expect(figure('New customers')).toBe('5');
    expect(figure('Returning customers')).toBe('6');
    expect(figure('Online')).toBe('4');
    expect(figure('On a delivery')).toBe('3');
    expect(figure('Busy share')).toBe('75%');
    expect(figure('Placed to delivered')).toBe('38.5 min');
    expect(figure('Shop confirms')).toBe('4 min');
    expect(figure('Wait for a rider')).toBe('6.5 min');
    expect(figure('Ride')).toBe('12 min');
    expect(screen.getByText('Over 9 delivered orders of the period.')).toBeInTheDocument();

    const sales = 'Paid orders and GMV by day';
    expect(cells(sales, 'Mon 23 Nov')).toEqual(['3', '₦12,000']);
    expect(cells(sales, 'Wed 25 Nov')).toEqual(['2', '₦8,500.50']);
    expect(cells(sales, 'Sat 28 Nov')).toEqual(['0', '₦0']);
    expect(cells(sales, 'Total')).toEqual(['12', '₦52,100.50']);
    expect(within(screen.getByRole('table', { name: sales })).getAllByRole('row')).toHaveLength(9);

    expect(cells('Refunds and disputes of the period', 'Refunds')).toEqual(['2', '₦3,000', '16.7%']);
    expect(cells('Refunds and disputes of the period', 'Disputes')).toEqual(['1', '₦1,500', '8.3%']);
    // Most first, each reason in words.
    const reasons = within(screen.getByRole('table', { name: 'Cancelled orders by reason' })).getAllByRole('rowheader');
    expect(reasons.map((r) => r.textContent)).toEqual(['Not confirmed in time', 'Cancelled by the customer', 'Total']);
    expect(cells('Cancelled orders by reason', 'Total')).toEqual(['4']);
    expect(cells('From cart to payment', 'Cart')).toEqual(['40', '']);
    expect(cells('From cart to payment', 'Checkout')).toEqual(['20', '50%']);
    expect(cells('From cart to payment', 'Paid')).toEqual(['12', '60%']);
    expect(cells('The five shops that sold most', 'Mama Put')).toEqual(['7', '₦31,000']);
    expect(cells('The five items that sold most', 'Jollof rice')).toEqual(['Mama Put', '11', '₦22,000']);
  });

  it('draws orders as bars and GMV as a line over the same days, labelled in Lagos days', async () => {
    openDashboard(() => answer());
    const pictures = await screen.findAllByRole('img', { name: /^Chart:/ });
    expect(pictures.map((p) => p.getAttribute('aria-label'))).toEqual([
      'Chart: Paid orders per day, 12 in all. The numbers are in the table below.',
      'Chart: GMV per day, ₦52,100.50 in all. The numbers are in the table below.',
    ]);
    await waitFor(() => expect(charts).toHaveLength(2));
    const [orders, gmv] = charts;
    expect(orders!.data).toEqual([[0, 1, 2, 3, 4, 5, 6], ORDERS]);
    expect(gmv!.data).toEqual([[0, 1, 2, 3, 4, 5, 6], GMV]);
    expect(orders!.options.series[1]!.paths).toBeTypeOf('function');
    expect(gmv!.options.series[1]!.paths).toBeUndefined();
    const xLabels = orders!.options.axes![0]!.values as (u: unknown, splits: number[]) => string[];
    expect(xLabels(null, [0, 2, 6])).toEqual(['Mon\n23 Nov', 'Wed\n25 Nov', 'Sun\n29 Nov']);
    const yLabels = gmv!.options.axes![1]!.values as (u: unknown, splits: number[]) => string[];
    expect(yLabels(null, [0, 50_000, 2_000_000])).toEqual(['₦0', '₦500', '₦20K']);
    await waitFor(() => expect(pictures[0]).toHaveAttribute('data-drawn', 'true'));
  });

  it('shows one day hour by hour when today is chosen, and keeps the choice in the address', async () => {
    const { urls, router } = openDashboard((q) =>
      q.get('period') === 'today'
        ? answer({
            period: { from: '2026-11-29', to: '2026-11-29', bucket: 'hour' },
            series: Array.from({ length: 24 }, (_, h) => ({
              at: `2026-11-29T${String(h).padStart(2, '0')}`,
              orders: h === 13 ? 2 : 0,
              gmvKobo: h === 13 ? 760_000 : 0,
            })),
          })
        : answer(),
    );
    await screen.findByText('Mon 23 Nov – Sun 29 Nov, day by day (Lagos time)');
    expect(urls.at(-1)!.searchParams.get('period')).toBe('7d');
    await userEvent.click(screen.getByRole('radio', { name: 'Today' }));
    expect(await screen.findByText('Sun 29 Nov, hour by hour (Lagos time)')).toBeInTheDocument();
    expect(urls.at(-1)!.search).toBe('?period=today');
    expect(router.state.location.search).toBe('?period=today');
    expect(cells('Paid orders and GMV by hour', '1:00 pm')).toEqual(['2', '₦7,600']);
    expect(cells('Paid orders and GMV by hour', '12:00 am')).toEqual(['0', '₦0']);
    expect(screen.getByRole('radio', { name: 'Today' })).toBeChecked();
  });

  it('asks for two days of one’s choosing, and refuses an end before the start without asking', async () => {
    const { urls, router } = openDashboard(() => answer());
    await screen.findByText('Mon 23 Nov – Sun 29 Nov, day by day (Lagos time)');
    await userEvent.click(screen.getByRole('radio', { name: 'Custom' }));
    // The days shown now are where one starts from.
    const from = screen.getByLabelText('From');
    const to = screen.getByLabelText('To');
    expect(from).toHaveValue('2026-11-23');
    expect(to).toHaveValue('2026-11-29');
    await userEvent.clear(to);
    await userEvent.type(to, '2026-11-20');
    const asked = urls.length;
    await userEvent.click(screen.getByRole('button', { name: 'Show' }));
    expect(await screen.findByText('The end day is before the start day.')).toBeInTheDocument();
    expect(urls).toHaveLength(asked);
    await userEvent.clear(to);
    await userEvent.type(to, '2026-11-25');
    await userEvent.click(screen.getByRole('button', { name: 'Show' }));
    await waitFor(() => expect(urls.at(-1)!.search).toBe('?period=custom&from=2026-11-23&to=2026-11-25'));
    expect(router.state.location.search).toBe('?period=custom&from=2026-11-23&to=2026-11-25');
    expect(screen.queryByText('The end day is before the start day.')).toBeNull();
  });

  it('opens on the period the address names, and on 7 days when it names nonsense', async () => {
    const first = openDashboard(() => answer(), '/admin/dashboard?period=30d');
    await screen.findByText('Mon 23 Nov – Sun 29 Nov, day by day (Lagos time)');
    expect(first.urls[0]!.search).toBe('?period=30d');
    expect(screen.getByRole('radio', { name: '30 days' })).toBeChecked();
    first.unmount();
    const second = openDashboard(() => answer(), '/admin/dashboard?period=custom&from=2026-11-29&to=2026-11-01');
    await screen.findByText('Mon 23 Nov – Sun 29 Nov, day by day (Lagos time)');
    expect(second.urls[0]!.search).toBe('?period=7d');
  });

  it('says so when nothing was paid, instead of drawing empty charts', async () => {
    openDashboard(() =>
      answer({
        series: DAYS.map((at) => ({ at, orders: 0, gmvKobo: 0 })),
        totals: {
          orders: 0,
          gmvKobo: 0,
          averageBasketKobo: 0,
          deliveryFeeKobo: 0,
          serviceFeeKobo: 0,
          commissionKobo: 0,
        },
        cancellations: [],
        riders: { online: 0, busy: 0, utilisation: null },
        times: { orders: 0, placedToDeliveredMin: null, confirmMin: null, waitForRiderMin: null, rideMin: null },
        funnel: { cart: 0, checkout: 0, paid: 0 },
        topVendors: [],
        topProducts: [],
      }),
    );
    expect(await screen.findByText('No paid orders in this period.')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /^Chart:/ })).toBeNull();
    expect(screen.getByText('No order was cancelled in this period.')).toBeInTheDocument();
    expect(screen.getAllByText('Nothing sold in this period.')).toHaveLength(2);
    expect(figure('Busy share')).toBe('Not yet');
    expect(figure('Placed to delivered')).toBe('Not yet');
    expect(cells('From cart to payment', 'Checkout')).toEqual(['0', 'Not yet']);
    expect(cells('Paid orders and GMV by day', 'Total')).toEqual(['0', '₦0']);
    expect(charts).toHaveLength(0);
  });

  it('shows the server’s refusal and tries again when asked', async () => {
    let fail = true;
    const { urls } = openDashboard(() =>
      fail
        ? new Response(JSON.stringify({ success: false, code: 'server_error', message: 'Something went wrong.' }), {
            status: 500,
            headers: { 'Content-Type': 'application/json' },
          })
        : answer(),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong.');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Mon 23 Nov – Sun 29 Nov, day by day (Lagos time)')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(urls).toHaveLength(2);
  });

  it('shows a placeholder while the figures load', async () => {
    let letThrough: () => void = () => {};
    const gate = new Promise<void>((resolve) => (letThrough = resolve));
    openDashboard(() => gate.then(() => answer()));
    expect(await screen.findByRole('status', { name: 'Loading the figures' })).toBeInTheDocument();
    letThrough();
    expect(await screen.findByText('Mon 23 Nov – Sun 29 Nov, day by day (Lagos time)')).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading the figures' })).toBeNull();
  });

  it('speaks Pidgin when the admin chooses it', async () => {
    await loadAreas(i18n, ['insights', 'common', 'shared', 'layout'], 'pcm');
    i18n.activate('pcm');
    try {
      openDashboard(() => answer());
      expect(await screen.findByRole('heading', { level: 2, name: 'Dashboard' })).toBeInTheDocument();
      expect(await screen.findByText('Shop no confirm am on time')).toBeInTheDocument();
      expect(figure('Orders wey dem pay')).toBe('12');
      expect(screen.getByRole('radio', { name: 'Pick dates' })).toBeInTheDocument();
    } finally {
      i18n.activate('en');
    }
  });
});

describe('the admin portal’s dashboard', () => {
  it('is the first entry of the admin’s menu and opens at /admin/dashboard', async () => {
    stubFetch({
      'GET /api/user/is-auth': {
        success: true,
        role: 'admin',
        user: {
          _id: 'a1',
          name: 'Ade',
          email: 'a@jara.test',
          role: 'admin',
          roles: ['admin'],
          cartItems: {},
          wishList: [],
        },
      },
      'GET /api/admin/applications': { success: true, vendors: [], riders: [] },
      'GET /api/admin/insights': answer(),
    });
    renderApp(<AdminPage />, { route: '/admin/dashboard', path: '/admin/*' });
    const nav = await screen.findByRole('navigation', { name: 'Admin sections' });
    const links = within(nav).getAllByRole('link');
    expect(links[0]).toHaveTextContent('Dashboard');
    expect(links[0]).toHaveAttribute('aria-current', 'page');
    expect(await screen.findByRole('heading', { level: 2, name: 'Dashboard' })).toBeInTheDocument();
    expect(await screen.findByRole('table', { name: 'Paid orders and GMV by day' })).toBeInTheDocument();
  });
});
