import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DisputeDto, OrderThreadDto } from '@jara/shared';
import { renderApp, stubFetch } from '../../../test/render';
import { OrderPanel } from './order-panel';

const ORDER = 'aaaaaaaa-0000-4000-8000-000000000001';
const DISPUTE = 'dddddddd-0000-4000-8000-000000000001';
const SETTLE = `/api/support/disputes/${DISPUTE}/settle`;
const AGENT = {
  'GET /api/user/is-auth': {
    success: true,
    user: {
      _id: 'agent',
      name: 'Sade Support',
      email: 'support@jara.test',
      role: 'support',
      roles: ['support'],
      chatId: null,
      cartItems: {},
      wishList: [],
    },
    role: 'support',
  },
};

function dispute(over: Partial<DisputeDto> = {}): DisputeDto {
  return {
    _id: DISPUTE,
    orderId: ORDER,
    itemId: null,
    itemName: null,
    reason: 'damaged',
    amount: 300,
    note: 'The rice spilled in the bag',
    photo: '/uploads/disputes/bag.png',
    state: 'open',
    refund: null,
    bearer: null,
    resolution: null,
    openedAt: '2026-11-25T11:00:00.000Z',
    settledAt: null,
    ...over,
  };
}

function thread(disputes: DisputeDto[], remaining = 2500): { success: true; thread: OrderThreadDto } {
  return {
    success: true,
    thread: {
      _id: '11111111-1111-4111-8111-111111111111',
      card: {
        kind: 'order',
        _id: ORDER,
        reference: ORDER.slice(0, 8),
        status: 'Order Delivered',
        amount: 2500,
        items: [
          { name: 'Jollof rice', option: '', quantity: 2, price: 1000, shop: 'Mama Put', status: 'Order Delivered' },
        ],
        deliverTo: 'Ada Obi — Hall 2',
        door: null,
        deliveryNote: '',
        timeline: [],
        createdAt: '2026-11-25T10:00:00.000Z',
      },
      people: [],
      helpRequested: true,
      closesAt: null,
      readOnly: false,
      contacts: [],
      disputes: { disputes, openUntil: null, remaining },
      messages: [],
      hasMore: false,
    },
  };
}

const settled = (over: Partial<DisputeDto>) => ({ success: true, dispute: dispute(over) });
const subject = { kind: 'order' as const, _id: ORDER };

describe('OrderPanel: disputes', () => {
  it('refunds an open dispute with who bears it, then reads the order again', async () => {
    let done = false;
    const refunded = {
      state: 'refunded' as const,
      refund: 300,
      bearer: 'vendor' as const,
      settledAt: '2026-11-25T12:00:00.000Z',
    };
    const calls = stubFetch({
      ...AGENT,
      [`GET /api/threads/order/${ORDER}`]: () => thread([dispute(done ? refunded : {})]),
      [`POST ${SETTLE}`]: () => {
        done = true;
        return settled(refunded);
      },
    });
    renderApp(<OrderPanel subject={subject} />);
    const item = await screen.findByTestId('dispute');
    expect(within(item).getByText('Damaged')).toBeInTheDocument();
    expect(within(item).getByText('Open')).toBeInTheDocument();
    expect(within(item).getByText('Asked for ₦300')).toBeInTheDocument();
    expect(within(item).getByText('The rice spilled in the bag')).toBeInTheDocument();
    expect(within(item).getByRole('img', { name: "The customer's photo" })).toBeInTheDocument();

    const form = within(item).getByRole('form', { name: 'Settle this dispute' });
    expect(within(form).getByRole('radio', { name: 'Refund' })).toBeChecked();
    expect(within(form).getByRole('textbox', { name: 'Refund amount (₦)' })).toHaveValue('300');
    // Who bears it is chosen, never assumed.
    await userEvent.click(within(form).getByRole('button', { name: 'Confirm refund' }));
    expect(within(form).getByText('Choose who bears the refund.')).toBeInTheDocument();
    expect(calls.some((c) => c.path === SETTLE)).toBe(false);

    await userEvent.selectOptions(within(form).getByRole('combobox', { name: 'Who bears it' }), 'vendor');
    await userEvent.click(within(form).getByRole('button', { name: 'Confirm refund' }));
    expect(await screen.findByText('Refund done')).toBeInTheDocument();
    const sent = calls.filter((c) => c.method === 'POST' && c.path === SETTLE);
    expect(sent.map((c) => c.body)).toEqual([{ outcome: 'refund', amount: 300, bearer: 'vendor' }]);

    // Read again: settled, its outcome shown and no form left.
    expect(await screen.findByText('₦300 refunded, borne by the vendor')).toBeInTheDocument();
    expect(screen.getByText('Refunded')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Settle this dispute' })).not.toBeInTheDocument();
  });

  it('offers at most what remains paid, and checks the amount before sending', async () => {
    const calls = stubFetch({
      ...AGENT,
      [`GET /api/threads/order/${ORDER}`]: thread([dispute({ amount: 3000 })], 2500.5),
    });
    renderApp(<OrderPanel subject={subject} />);
    const form = await screen.findByRole('form', { name: 'Settle this dispute' });
    const amount = within(form).getByRole('textbox', { name: 'Refund amount (₦)' });
    expect(amount).toHaveValue('2500.50');
    expect(within(form).getByText('Up to ₦2,500.50')).toBeInTheDocument();
    await userEvent.selectOptions(within(form).getByRole('combobox', { name: 'Who bears it' }), 'platform');
    await userEvent.clear(amount);
    await userEvent.type(amount, '2600');
    await userEvent.click(within(form).getByRole('button', { name: 'Confirm refund' }));
    expect(within(form).getByText('At most ₦2,500.50 for this order.')).toBeInTheDocument();
    await userEvent.clear(amount);
    await userEvent.type(amount, '12.345');
    expect(within(form).getByText('At most two decimals (kobo).')).toBeInTheDocument();
    expect(calls.some((c) => c.path === SETTLE)).toBe(false);
  });

  it('rejects only with a reason, and toasts what the server refuses', async () => {
    const calls = stubFetch({
      ...AGENT,
      [`GET /api/threads/order/${ORDER}`]: thread([dispute()]),
      [`POST ${SETTLE}`]: new Response(
        JSON.stringify({ success: false, code: 'dispute_settled', message: 'This dispute is already settled.' }),
        { status: 409, headers: { 'Content-Type': 'application/json' } },
      ),
    });
    renderApp(<OrderPanel subject={subject} />);
    const form = await screen.findByRole('form', { name: 'Settle this dispute' });
    await userEvent.click(within(form).getByRole('radio', { name: 'Reject' }));
    expect(within(form).queryByRole('combobox', { name: 'Who bears it' })).not.toBeInTheDocument();
    await userEvent.click(within(form).getByRole('button', { name: 'Confirm rejection' }));
    expect(within(form).getByText('Say why it is rejected.')).toBeInTheDocument();
    expect(calls.some((c) => c.path === SETTLE)).toBe(false);

    await userEvent.type(
      within(form).getByRole('textbox', { name: 'Why it is rejected' }),
      'The photo shows both packs',
    );
    await userEvent.click(within(form).getByRole('button', { name: 'Confirm rejection' }));
    expect(await screen.findByText('This dispute is already settled.')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === SETTLE).map((c) => c.body)).toEqual([
      { outcome: 'reject', reason: 'The photo shows both packs' },
    ]);
  });

  it('shows a settled dispute with its outcome and no form, and nothing for an order without disputes', async () => {
    stubFetch({
      ...AGENT,
      [`GET /api/threads/order/${ORDER}`]: thread([
        dispute({
          reason: 'never_arrived',
          state: 'rejected',
          resolution: 'The rider delivered it at 10:30',
          settledAt: '2026-11-25T12:00:00.000Z',
        }),
      ]),
    });
    const view = renderApp(<OrderPanel subject={subject} />);
    const item = await screen.findByTestId('dispute');
    expect(within(item).getByText('Never arrived')).toBeInTheDocument();
    expect(within(item).getByText('Rejected: The rider delivered it at 10:30')).toBeInTheDocument();
    expect(within(item).getByText(/^Opened 25 Nov, .* · Settled 25 Nov/)).toBeInTheDocument();
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    view.unmount();

    stubFetch({ ...AGENT, [`GET /api/threads/order/${ORDER}`]: thread([]) });
    renderApp(<OrderPanel subject={subject} />);
    expect(await screen.findByTestId('support-order')).toBeInTheDocument();
    expect(screen.queryByTestId('support-disputes')).not.toBeInTheDocument();
  });
});
