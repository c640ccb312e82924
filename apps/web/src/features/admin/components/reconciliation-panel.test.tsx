import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReconciliationRun, ReconciliationRunAnswer } from '@jara/shared';
import { renderApp, stubFetch } from '../../../test/render';
import { switchLanguage } from '../../../i18n';
import { AdminPage } from './admin-page';

const ADMIN = {
  _id: 'admin1',
  name: 'Ade Admin',
  email: 'admin@jara.test',
  isSeller: false,
  isRider: false,
  role: 'admin',
  roles: ['admin'],
  chatId: null,
  cartItems: {},
  wishList: [],
};

const tally = (count: number, amount: number) => ({ count, amount });
const SUMMARY = {
  charges: { ours: tally(4, 8120), provider: tally(4, 7560) },
  refunds: { ours: tally(2, 2330), provider: tally(2, 2080) },
  transfers: { ours: tally(1, 850), provider: tally(1, 250) },
  fees: { ours: tally(3, 913.5), provider: tally(4, 936) },
};
const run = (over: Partial<ReconciliationRun>): ReconciliationRun => ({
  _id: 'run-2',
  day: '2026-03-02',
  state: 'done',
  trigger: 'schedule',
  provider: 'paystack',
  startedAt: '2026-03-03T00:00:05.000Z',
  finishedAt: '2026-03-03T00:00:09.000Z',
  error: null,
  differences: 2,
  agreed: false,
  summary: SUMMARY,
  ledgerProblems: [],
  ...over,
});
const DIFFERING = run({});
const AGREED = run({
  _id: 'run-1',
  day: '2026-03-01',
  differences: 0,
  agreed: true,
  summary: { ...SUMMARY, transfers: { ours: null, provider: tally(0, 0) } },
});
const FAILED = run({
  _id: 'run-0',
  day: '2026-02-28',
  state: 'failed',
  differences: 0,
  summary: null,
  error: 'Paystack /refund failed (500): An error occurred',
});
const DETAIL: ReconciliationRunAnswer = {
  success: true,
  run: DIFFERING,
  differences: [
    {
      _id: '1',
      kind: 'charge_missing',
      reference: 'jara_stray_charge_0001',
      ours: null,
      provider: { amount: 1500, status: 'success' },
      note: 'Paystack has a charge of ₦1,500 (success) under jara_stray_charge_0001, and we have no payment with that reference.',
    },
    {
      _id: '2',
      kind: 'payout_not_success',
      reference: 'jara_payout_abc',
      ours: { amount: 850, status: 'paid' },
      provider: { amount: 850, status: 'reversed' },
      note: 'Our payout jara_payout_abc of ₦850 is paid; Paystack has the transfer reversed.',
    },
  ],
};

/** /admin/reconciliation in the admin portal, with these answers. */
function openPage(routes: Record<string, unknown>) {
  const calls = stubFetch({
    'GET /api/user/is-auth': { success: true, user: ADMIN, role: 'admin' },
    'GET /api/admin/applications': { success: true, vendors: [], riders: [] },
    ...routes,
  });
  renderApp(<AdminPage />, { route: '/admin/reconciliation', path: '/admin/*' });
  return calls;
}

const runs = (list: ReconciliationRun[]) => ({ success: true, runs: list });

describe('ReconciliationPanel: each day beside Paystack', () => {
  afterEach(() => switchLanguage('en'));

  it('lists the days with whether both sides agree, and opens one on both sides and its differences', async () => {
    openPage({
      'GET /api/admin/reconciliation': runs([DIFFERING, AGREED, FAILED]),
      'GET /api/admin/reconciliation/run-2': DETAIL,
    });
    const row = await screen.findByRole('button', { name: /2 differences/ });
    expect(row).toHaveTextContent('2 Mar 2026 · 2 differences');
    expect(within(row).getByText('Differences')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /both sides agree/ })).toHaveTextContent('Agreed');
    expect(screen.getByRole('button', { name: /could not be reconciled/ })).toHaveTextContent('Failed');
    const nav = screen.getByRole('navigation', { name: 'Admin sections' });
    expect(within(nav).getByRole('link', { name: 'Reconciliation' })).toHaveAttribute('aria-current', 'page');

    await userEvent.click(row);
    expect(row).toHaveAttribute('aria-expanded', 'true');
    expect(
      await screen.findByText(
        'Paystack has a charge of ₦1,500 (success) under jara_stray_charge_0001, and we have no payment with that reference.',
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Our payout jara_payout_abc of ₦850 is paid; Paystack has the transfer reversed.'),
    ).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Both sides of 2 Mar 2026' });
    expect(within(table).getByRole('columnheader', { name: 'Paystack' })).toBeInTheDocument();
    const charges = within(table).getByRole('row', { name: /Charges/ });
    expect(
      within(charges)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['4 · ₦8,120', '4 · ₦7,560']);
    const fees = within(table).getByRole('row', { name: /Provider fees/ });
    expect(
      within(fees)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['3 · ₦913.50', '4 · ₦936']);
  });

  it('says why a failed day failed, and that transfers were not compared when they were not', async () => {
    openPage({
      'GET /api/admin/reconciliation': runs([AGREED, FAILED]),
      'GET /api/admin/reconciliation/run-0': { success: true, run: FAILED, differences: [] },
      'GET /api/admin/reconciliation/run-1': { success: true, run: AGREED, differences: [] },
    });
    await userEvent.click(await screen.findByRole('button', { name: /could not be reconciled/ }));
    expect(
      await screen.findByText(
        'It failed: Paystack /refund failed (500): An error occurred. Nothing it found is shown; run the day again.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: /both sides agree/ }));
    expect(await screen.findByText('No difference: both sides agree.')).toBeInTheDocument();
    const transfers = screen.getByRole('row', { name: /Transfers/ });
    expect(
      within(transfers)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Not compared', '0 · ₦0']);
  });

  it('runs a day on demand, then shows it open', async () => {
    let ran = false;
    const calls = openPage({
      'GET /api/admin/reconciliation': () => runs(ran ? [DIFFERING] : []),
      'POST /api/admin/reconciliation': () => {
        ran = true;
        return DETAIL;
      },
      'GET /api/admin/reconciliation/run-2': DETAIL,
    });
    expect(
      await screen.findByText('No day reconciled yet. The first run comes after midnight, or run a day above.'),
    ).toBeInTheDocument();
    const field = screen.getByLabelText('Day to reconcile');
    await userEvent.clear(field);
    await userEvent.type(field, '2026-03-02');
    await userEvent.click(screen.getByRole('button', { name: 'Run this day' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')).toMatchObject({
        path: '/api/admin/reconciliation',
        body: { day: '2026-03-02' },
      }),
    );
    expect(await screen.findByText('2 Mar 2026 reconciled: 2 differences')).toBeInTheDocument();
    // The list is read again, and the day just run is open on what it found.
    expect(await screen.findByRole('button', { name: /2 differences/ })).toHaveAttribute('aria-expanded', 'true');
    expect(await screen.findByText(/^Our payout jara_payout_abc of ₦850 is paid/)).toBeInTheDocument();
  });

  it('refuses a day still to come before asking the server', async () => {
    const calls = openPage({ 'GET /api/admin/reconciliation': runs([]) });
    const field = await screen.findByLabelText('Day to reconcile');
    await userEvent.clear(field);
    await userEvent.type(field, '2999-01-01');
    await userEvent.click(screen.getByRole('button', { name: 'Run this day' }));
    expect(await screen.findByText('Pick a day, today or before')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('shows a placeholder while the runs load, the server’s refusal, and tries again when asked', async () => {
    let fail = true;
    const calls = openPage({
      'GET /api/admin/reconciliation': () =>
        fail
          ? new Response(JSON.stringify({ success: false, code: 'server_error', message: 'Something went wrong.' }), {
              status: 500,
              headers: { 'Content-Type': 'application/json' },
            })
          : runs([AGREED]),
    });
    // The answer waits until the test lets it through.
    let letThrough: () => void = () => {};
    const gate = new Promise<void>((resolve) => (letThrough = resolve));
    const stubbed = globalThis.fetch;
    globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).includes('/api/admin/reconciliation')) await gate;
      return stubbed(input, init);
    }) as typeof fetch;
    expect(await screen.findByRole('status', { name: 'Loading the reconciliation' })).toBeInTheDocument();
    letThrough();
    expect(await screen.findByText('Something went wrong.')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: /both sides agree/ })).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/api/admin/reconciliation')).toHaveLength(2);
  });

  it('speaks Pidgin when the admin chooses it', async () => {
    await switchLanguage('pcm');
    openPage({ 'GET /api/admin/reconciliation': runs([DIFFERING, AGREED]) });
    expect(await screen.findByRole('button', { name: /2 places wey no gree/ })).toHaveTextContent('Dem no gree');
    expect(screen.getByRole('button', { name: /both side gree/ })).toHaveTextContent('Dem gree');
    expect(screen.getByRole('heading', { level: 2, name: 'Daily money check' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Check this day' })).toBeInTheDocument();
  });
});
