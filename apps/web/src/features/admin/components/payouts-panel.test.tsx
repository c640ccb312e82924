import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminPayoutRow, RetryPayoutsAnswer } from '@jara/shared';
import { GUEST, renderApp, stubFetch } from '../../../test/render';
import { PayoutsPanel } from './payouts-panel';

const row = (over: Partial<AdminPayoutRow>): AdminPayoutRow => ({
  _id: 'p1',
  amount: 1_350,
  state: 'failed',
  account: 'Guaranty Trust Bank ••••6789',
  failureReason: 'The transfer failed.',
  dueAt: '2026-11-24T09:00:00.000Z',
  paidAt: null,
  reference: 'jara_payout_p1',
  createdAt: '2026-11-23T09:00:00.000Z',
  payeeType: 'vendor',
  payee: { _id: 'u1', name: 'Ronke', email: 'ronke@example.com' },
  shop: 'Mama Put',
  ...over,
});
const payouts = [
  row({}),
  row({ _id: 'p2', amount: 800, payeeType: 'rider', shop: null, payee: { _id: 'u2', name: 'Tunde', email: 't@x.ng' } }),
  row({ _id: 'p3', state: 'paid', failureReason: null, paidAt: '2026-11-24T09:05:00.000Z' }),
];

/** The admin's payouts screen; `urls` collects each request's path and query. */
function setup(retry?: RetryPayoutsAnswer) {
  const calls = stubFetch({
    ...GUEST,
    'GET /api/admin/payouts': { success: true, payouts },
    ...(retry ? { 'POST /api/admin/payouts/retry': retry } : {}),
  });
  const stubbed = globalThis.fetch;
  const urls: string[] = [];
  globalThis.fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
    urls.push(String(input instanceof Request ? input.url : input));
    return stubbed(input, init);
  }) as typeof fetch;
  renderApp(<PayoutsPanel />, { route: '/admin/payouts' });
  return { calls, urls };
}

describe('PayoutsPanel', () => {
  afterEach(() => vi.restoreAllMocks());

  it('lists payouts with whom they pay and why they failed; only failed ones can be ticked', async () => {
    setup();
    expect(await screen.findAllByText('Mama Put')).toHaveLength(2);
    expect(screen.getAllByText('Why: The transfer failed.')).toHaveLength(2);
    expect(screen.getByRole('checkbox', { name: 'Select the payout of ₦1,350 to Mama Put' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Select the payout of ₦800 to Tunde' })).toBeInTheDocument();
    // The paid one has no box.
    expect(screen.getAllByRole('checkbox', { name: /^Select the payout/ })).toHaveLength(2);
  });

  it('sends the ticked failed payouts again and shows the ones that did not go, with why', async () => {
    const { calls } = setup({
      success: true,
      results: [
        { id: 'p1', ok: true },
        {
          id: 'p2',
          ok: false,
          code: 'payout_superseded',
          message: 'This payee has asked for a newer payout that carries this money, so it is not sent again.',
        },
      ],
    });
    const all = await screen.findByRole('checkbox', { name: 'Select all failed (2)' });
    expect(screen.getByRole('button', { name: 'Send again (0)' })).toBeDisabled();
    await userEvent.click(all);
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    await userEvent.click(screen.getByRole('button', { name: 'Send again (2)' }));
    expect(confirm).toHaveBeenCalledWith('Send 2 failed payouts again, ₦2,150 in all?');
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ ids: ['p1', 'p2'] }));
    expect(await screen.findByText('1 sent again; the transfer goes out now')).toBeInTheDocument();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Not sent again')).toBeInTheDocument();
    expect(alert).toHaveTextContent('Tunde: This payee has asked for a newer payout');
  });

  it('filters by status and payee through the query', async () => {
    const { urls } = setup();
    await screen.findAllByText('Mama Put');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'failed');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Paid to' }), 'rider');
    await waitFor(() =>
      expect(urls.at(-1)).toMatch(/\/api\/admin\/payouts\?(state=failed&payee=rider|payee=rider&state=failed)$/),
    );
  });
});
