import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RiderInsightsAnswer } from '@jara/shared';
import type uPlot from 'uplot';
import { GUEST, renderApp, stubFetch } from '../test/render';
import { RiderInsights } from './rider-insights';

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

const week: RiderInsightsAnswer = {
  success: true,
  period: { from: '2026-11-23', to: '2026-11-29', bucket: 'day' },
  series: ['23', '24', '25', '26', '27', '28', '29'].map((d, i) => ({
    at: `2026-11-${d}`,
    jobs: [2, 0, 1, 3, 0, 0, 2][i]!,
    earningsKobo: [160_000, 0, 80_000, 240_050, 0, 0, 160_000][i]!,
  })),
  totals: { earningsKobo: 640_050, jobs: 8, onTimeShare: 0.875, hoursOnline: 12.5 },
  ratings: { average: 4.8, count: 5 },
};

const today: RiderInsightsAnswer = {
  ...week,
  period: { from: '2026-11-29', to: '2026-11-29', bucket: 'hour' },
  series: Array.from({ length: 24 }, (_, h) => ({
    at: `2026-11-29T${String(h).padStart(2, '0')}`,
    jobs: h === 9 ? 2 : 0,
    earningsKobo: h === 9 ? 160_000 : 0,
  })),
  totals: { earningsKobo: 160_000, jobs: 2, onTimeShare: 1, hoursOnline: 3 },
};

const figure = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
const cells = (caption: string, heading: string) =>
  [
    ...within(screen.getByRole('table', { name: caption }))
      .getByRole('rowheader', { name: heading })
      .closest('tr')!
      .querySelectorAll('td'),
  ].map((td) => td.textContent);

describe('RiderInsights: the rider’s own work', () => {
  it('shows earnings, jobs, on-time share, hours online and rating, with earnings per day drawn and tabled', async () => {
    charts.length = 0;
    stubFetch({ ...GUEST, 'GET /api/rider/insights': week });
    renderApp(<RiderInsights />, { route: '/rider/insights', path: '/rider/insights' });
    expect(await screen.findByText('Mon 23 Nov – Sun 29 Nov, day by day (Lagos time)')).toBeInTheDocument();
    expect(figure('Earnings')).toBe('₦6,400.50');
    expect(figure('Jobs delivered')).toBe('8');
    expect(figure('On time')).toBe('87.5%');
    expect(figure('Hours online')).toBe('12.5 h');
    expect(figure('Rating')).toBe('4.8 / 5');
    expect(cells('Jobs and earnings by day', 'Thu 26 Nov')).toEqual(['3', '₦2,400.50']);
    expect(cells('Jobs and earnings by day', 'Total')).toEqual(['8', '₦6,400.50']);
    await waitFor(() => expect(charts).toHaveLength(1));
    expect(charts[0]!.data[1]).toEqual([160_000, 0, 80_000, 240_050, 0, 0, 160_000]);
  });

  it('asks for today when the rider picks it, and shows it hour by hour', async () => {
    charts.length = 0;
    const asked: string[] = [];
    stubFetch({ ...GUEST, 'GET /api/rider/insights': () => null });
    const stubbed = globalThis.fetch;
    globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname !== '/api/rider/insights') return stubbed(input, init);
      asked.push(url.search);
      const body = url.searchParams.get('period') === 'today' ? today : week;
      return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
    }) as typeof fetch;
    renderApp(<RiderInsights />, { route: '/rider/insights', path: '/rider/insights' });
    await screen.findByText('Mon 23 Nov – Sun 29 Nov, day by day (Lagos time)');
    await userEvent.click(screen.getByRole('radio', { name: 'Today' }));
    expect(await screen.findByText('Sun 29 Nov, hour by hour (Lagos time)')).toBeInTheDocument();
    expect(asked).toEqual(['?period=7d', '?period=today']);
    expect(cells('Jobs and earnings by hour', '9:00 am')).toEqual(['2', '₦1,600']);
    expect(figure('On time')).toBe('100%');
    await waitFor(() => expect(charts.at(-1)!.data[0]).toHaveLength(24));
    const xLabels = charts.at(-1)!.options.axes![0]!.values as (u: unknown, splits: number[]) => string[];
    expect(xLabels(null, [0, 9, 15])).toEqual(['12 am', '9 am', '3 pm']);
  });

  it('says so when there were no jobs', async () => {
    stubFetch({
      ...GUEST,
      'GET /api/rider/insights': {
        ...week,
        series: week.series.map((p) => ({ ...p, jobs: 0, earningsKobo: 0 })),
        totals: { earningsKobo: 0, jobs: 0, onTimeShare: null, hoursOnline: 0 },
        ratings: { average: null, count: 0 },
      },
    });
    renderApp(<RiderInsights />, { route: '/rider/insights', path: '/rider/insights' });
    expect(await screen.findByText('No jobs in this period.')).toBeInTheDocument();
    expect(figure('On time')).toBe('Not yet');
    expect(figure('Rating')).toBe('No ratings yet');
    expect(screen.queryByRole('img', { name: /^Chart:/ })).toBeNull();
  });
});
