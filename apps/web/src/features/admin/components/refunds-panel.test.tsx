import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminDisputeRow, AdminRefundRow, AdminRefundsAnswer } from '@jara/shared';
import { GUEST, renderApp, stubFetch } from '../../../test/render';
import { i18n } from '../../../i18n';
import { loadAreas } from '../../../i18n/i18n';
import { RefundsPanel } from './refunds-panel';

const ORDER = 'aaaaaaaa-0000-4000-8000-000000000000';
const DISPATCH = 'bbbbbbbb-0000-4000-8000-000000000000';
const DISPUTE = 'dddddddd-0000-4000-8000-000000000000';
const ada = { _id: 'c1', name: 'Ada Customer', email: 'ada@jara.test' };

const refund = (over: Partial<AdminRefundRow>): AdminRefundRow => ({
  _id: 'r1',
  amount: 300,
  state: 'processed',
  source: 'dispute',
  reason: `Dispute dddddddd on order ${ORDER}`,
  subject: { kind: 'order', _id: ORDER, reference: 'aaaaaaaa' },
  customer: ada,
  createdAt: '2025-03-10T08:00:00.000Z',
  processedAt: '2025-03-10T08:05:00.000Z',
  disputeId: DISPUTE,
  ...over,
});
const totals = {
  all: { count: 3, amount: 2_570 },
  pending: { count: 1, amount: 770 },
  processed: { count: 1, amount: 300 },
  failed: { count: 1, amount: 1_500 },
};
const firstPage: AdminRefundsAnswer = {
  success: true,
  refunds: [
    refund({}),
    refund({
      _id: 'r2',
      amount: 770,
      state: 'pending',
      source: 'cancelled',
      reason: 'Dispatch cancelled by the sender',
      subject: { kind: 'dispatch', _id: DISPATCH, reference: 'bbbbbbbb' },
      processedAt: null,
      disputeId: null,
    }),
  ],
  totals,
  nextCursor: 'r2',
};
const secondPage: AdminRefundsAnswer = {
  success: true,
  refunds: [
    refund({
      _id: 'r3',
      amount: 1_500,
      state: 'failed',
      source: 'admin',
      reason: 'Admin refund: Cold food',
      processedAt: null,
      disputeId: null,
    }),
  ],
  totals,
  nextCursor: null,
};
const openDispute: AdminDisputeRow = {
  _id: DISPUTE,
  order: { kind: 'order', _id: ORDER, reference: 'aaaaaaaa' },
  customer: ada,
  reason: 'missing_item',
  amount: 300,
  note: 'The plantain was not in the pack.',
  state: 'open',
  refund: null,
  openedAt: new Date(Date.now() - 95 * 60_000).toISOString(),
  settledAt: null,
};

/** Answers the panel's reads; `refunds` by the query asked. Returns every refunds query sent, as text. */
function setup(
  refunds: (query: URLSearchParams) => unknown = (q) => (q.get('before') === 'r2' ? secondPage : firstPage),
  disputes: unknown = { success: true, disputes: [openDispute] },
) {
  const asked: URLSearchParams[] = [];
  stubFetch({ ...GUEST, 'GET /api/admin/disputes': disputes });
  const answer = globalThis.fetch;
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname !== '/api/admin/refunds') return answer(input, init);
    asked.push(url.searchParams);
    const value = refunds(url.searchParams);
    return value instanceof Response ? value : new Response(JSON.stringify(value), { status: 200 });
  }) as typeof fetch;
  renderApp(<RefundsPanel />, { route: '/admin/refunds' });
  return asked;
}

const rows = () => screen.getAllByTestId('admin-refund');

describe('RefundsPanel', () => {
  it('shows a skeleton, then the totals and each refund with its state, source and order', async () => {
    setup();
    expect(screen.getByRole('status', { name: 'Loading refunds' })).toBeInTheDocument();
    const dl = await screen.findByLabelText('Totals of the refunds shown');
    expect(dl).toHaveTextContent('All3 refunds · ₦2,570');
    expect(dl).toHaveTextContent('Pending1 refund · ₦770');
    expect(dl).toHaveTextContent('Failed1 refund · ₦1,500');
    const [first, second] = rows();
    expect(first).toHaveTextContent('₦300');
    expect(first).toHaveTextContent('Processed');
    expect(first).toHaveTextContent('Dispute · from dispute #dddddddd');
    expect(within(first!).getByRole('link', { name: 'Order #aaaaaaaa' })).toHaveAttribute(
      'href',
      `/admin/orders?open=${ORDER}`,
    );
    expect(second).toHaveTextContent('Cancelled by the customer · Dispatch cancelled by the sender');
    expect(within(second!).getByRole('link', { name: 'Dispatch #bbbbbbbb' })).toHaveAttribute(
      'href',
      `/admin/dispatches?open=${DISPATCH}`,
    );
    expect(second).toHaveTextContent('Ada Customer · ada@jara.test');
  });

  it('lists the open disputes with how long each has waited and a link to its order', async () => {
    setup();
    const queue = await screen.findByRole('region', { name: 'Open disputes (1)' });
    const [line] = within(queue).getAllByTestId('admin-dispute');
    expect(line).toHaveTextContent('Missing item · asks for ₦300 · waiting 1 hour');
    expect(line).toHaveTextContent('The plantain was not in the pack.');
    expect(within(line!).getByRole('link', { name: 'Open order #aaaaaaaa' })).toHaveAttribute(
      'href',
      `/admin/orders?open=${ORDER}`,
    );
  });

  it('asks again with each filter, and loads the next page after the last refund shown', async () => {
    const asked = setup();
    await screen.findAllByTestId('admin-refund');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'State' }), 'failed');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Source' }), 'admin');
    await waitFor(() => expect(asked.at(-1)?.toString()).toBe('state=failed&source=admin&limit=25'));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'State' }), '');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Source' }), '');
    await waitFor(() => expect(asked.at(-1)?.toString()).toBe('limit=25'));

    await userEvent.click(await screen.findByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(asked.at(-1)?.toString()).toBe('before=r2&limit=25');
    expect(rows()[2]).toHaveTextContent('Admin refund · Admin refund: Cold food');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('says when nothing matches, and when nothing is open', async () => {
    setup(() => ({ ...secondPage, refunds: [], totals: { ...totals, all: { count: 0, amount: 0 } } }), {
      success: true,
      disputes: [],
    });
    expect(await screen.findByText('No refunds match.')).toBeInTheDocument();
    expect(screen.getByText('No open disputes.')).toBeInTheDocument();
  });

  it('shows the server’s problem with a way to try again', async () => {
    let fail = true;
    setup(
      () =>
        fail
          ? new Response(JSON.stringify({ success: false, message: 'Something went wrong', code: 'internal' }), {
              status: 500,
            })
          : firstPage,
      new Response(JSON.stringify({ success: false, message: 'Disputes are away', code: 'internal' }), {
        status: 500,
      }),
    );
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
    expect(screen.getByText('Disputes are away')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findAllByTestId('admin-refund')).toHaveLength(2);
  });

  it('speaks Pidgin when the student chooses it', async () => {
    await loadAreas(i18n, ['admin', 'common', 'shared', 'layout'], 'pcm');
    i18n.activate('pcm');
    try {
      setup();
      expect(await screen.findByRole('region', { name: 'Wahala wey never settle (1)' })).toBeInTheDocument();
      expect((await screen.findAllByTestId('admin-refund'))[1]).toHaveTextContent('Customer cancel am');
      expect(screen.getByRole('option', { name: 'From anywhere' })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Show more' })).toBeInTheDocument();
    } finally {
      i18n.activate('en');
    }
  });
});
