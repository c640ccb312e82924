import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GUEST, renderApp, stubFetch } from '../../../test/render';
import { i18n } from '../../../i18n';
import { loadAreas } from '../../../i18n/i18n';
import { AdminOrdersPanel } from './orders-panel';

const ORDER = 'aaaaaaaa-0000-4000-8000-000000000000';
const row = {
  _id: ORDER,
  createdAt: '2025-03-10T08:00:00.000Z',
  paidAt: '2025-03-10T08:05:00.000Z',
  paymentState: 'paid',
  amount: 2132,
  customerName: 'Ada Customer',
  customerEmail: 'ada@jara.test',
  riderName: null,
  locked: true,
  status: 'Order Picked',
};
const detail = {
  ...row,
  itemsTotal: 2000,
  deliveryFee: 100,
  serviceFee: 32,
  address: { address: 'Hall 3', city: 'Benin City' },
  deliveryNote: '',
  customer: { _id: 'c1', name: 'Ada Customer', email: 'ada@jara.test' },
  rider: { _id: 'r1', name: 'Rotimi Rider' },
  codeAttempts: 5,
  items: [
    {
      _id: 'i1',
      productName: 'Jollof rice',
      optionName: '',
      quantity: 2,
      unitPrice: 1000,
      vendorId: 'v1',
      status: 'Order Picked',
      cancelReason: null,
    },
  ],
  history: [],
  payments: [{ _id: 'p1', reference: 'ref-1', state: 'paid', amount: 2132, refunded: 0, provider: 'sandbox' }],
  refunds: [],
};

function setup(refund: unknown = { success: true, amount: 1000, message: 'Refund queued' }, order = detail) {
  const calls = stubFetch({
    ...GUEST,
    'GET /api/admin/orders': { success: true, orders: [row] },
    [`GET /api/admin/orders/${ORDER}`]: { success: true, order },
    [`POST /api/admin/orders/${ORDER}/refund`]: refund,
  });
  renderApp(<AdminOrdersPanel />, { route: '/admin/orders' });
  return calls;
}

const refundsSent = <C extends { method: string }>(calls: C[]) => calls.filter((c) => c.method === 'POST');

/** Opens the order and the refund dialog of its item (or of the rest of the order). */
async function openRefund(what: 'item' | 'rest') {
  await userEvent.click(await screen.findByRole('button', { name: /#aaaaaaaa/ }));
  await userEvent.click(
    await screen.findByRole('button', { name: what === 'item' ? 'Refund item' : 'Refund the rest of the order' }),
  );
  return screen.getByRole('dialog');
}

describe('AdminOrdersPanel', () => {
  it('lists an order in one line and opens its detail', async () => {
    setup();
    const button = await screen.findByRole('button', { name: /#aaaaaaaa/ });
    expect(button).toHaveTextContent('#aaaaaaaa · Ada Customer · 10 Mar, 9:05 am · ₦2,132 · locked');
    await userEvent.click(button);
    expect(
      await screen.findByText(
        'Ada Customer (ada@jara.test) · to Hall 3, Benin City · rider Rotimi Rider · LOCKED (wrong codes)',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('Items ₦2,000 · delivery ₦100 · service ₦32 · paid ₦2,132')).toBeInTheDocument();
    expect(screen.getByText('Payment ref-1 (sandbox): Paid, refunded ₦0')).toBeInTheDocument();
    expect(screen.getByText('No status changes yet.')).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Order Delivered' })).toBeInTheDocument();
  });

  it('asks for the refund’s reason in a dialog: without one it says why under the field and sends nothing', async () => {
    const calls = setup();
    const dialog = await openRefund('item');
    expect(within(dialog).getByRole('heading', { name: 'Refund Jollof rice?' })).toBeInTheDocument();
    expect(within(dialog).getByText("₦2,000 goes back to the customer's payment.")).toBeVisible();
    const reason = within(dialog).getByLabelText("Reason (kept in the order's history)");
    expect(reason).toHaveFocus();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Refund ₦2,000' }));
    expect(within(dialog).getByText('Give a reason (at least 3 characters)')).toBeVisible();
    expect(reason).toHaveAttribute('aria-invalid', 'true');
    // Spaces are no reason either (the shared rule trims first).
    await userEvent.type(reason, '  ab  ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Refund ₦2,000' }));
    expect(within(dialog).getByText('Give a reason (at least 3 characters)')).toBeVisible();
    expect(refundsSent(calls)).toEqual([]);
  });

  it('sends the reason with a spinner on the button, then says it is queued and closes', async () => {
    const calls = setup();
    // The answer waits until the test lets it through, so the spinner can be seen.
    const answer = globalThis.fetch;
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      if (init?.method === 'POST') await held;
      return answer(input, init);
    }) as typeof fetch;
    const dialog = await openRefund('item');
    await userEvent.type(within(dialog).getByRole('textbox'), '  Wrong item sent ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Refund ₦2,000' }));
    expect(await within(dialog).findByRole('button', { name: 'Sending the refund…' })).toBeDisabled();
    expect(within(dialog).getByRole('status')).toHaveTextContent('Sending the refund…');
    release();
    expect(await screen.findByText('Refund of ₦1,000 queued')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(refundsSent(calls).map((c) => c.body)).toEqual([{ itemId: 'i1', reason: 'Wrong item sent' }]);
  });

  it('offers the rest of the order, less what went back already, and shows a refusal without closing', async () => {
    const calls = setup(
      new Response(
        JSON.stringify({ success: false, message: 'This order has already been refunded in full.', code: 'x' }),
        { status: 409 },
      ),
      { ...detail, payments: [{ ...detail.payments[0]!, refunded: 132 }] },
    );
    const dialog = await openRefund('rest');
    expect(within(dialog).getByRole('heading', { name: 'Refund the rest of order #aaaaaaaa?' })).toBeInTheDocument();
    expect(within(dialog).getByText("₦2,000 goes back to the customer's payment.")).toBeVisible();
    await userEvent.type(within(dialog).getByRole('textbox'), 'Customer complaint');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Refund ₦2,000' }));
    expect(await screen.findByText('This order has already been refunded in full.')).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(refundsSent(calls).map((c) => c.body)).toEqual([{ reason: 'Customer complaint' }]);
  });

  it('opens the order a queue links to (?open=<id>)', async () => {
    stubFetch({
      ...GUEST,
      'GET /api/admin/orders': { success: true, orders: [row] },
      [`GET /api/admin/orders/${ORDER}`]: { success: true, order: detail },
    });
    renderApp(<AdminOrdersPanel />, { route: `/admin/orders?open=${ORDER}` });
    expect(await screen.findByText('Status history')).toBeInTheDocument();
    expect(screen.getByRole('searchbox')).toHaveValue(ORDER);
  });

  it('speaks Pidgin when the student chooses it', async () => {
    await loadAreas(i18n, ['admin', 'common', 'shared', 'layout'], 'pcm');
    i18n.activate('pcm');
    try {
      setup();
      const button = await screen.findByRole('button', { name: /#aaaaaaaa/ });
      expect(button).toHaveTextContent('#aaaaaaaa · Ada Customer · 10 Mar, 9:05 am · ₦2,132 · e don lock');
      await userEvent.click(button);
      expect(await screen.findByText('Wetin don happen')).toBeInTheDocument();
      expect(screen.getByRole('option', { name: 'All status' })).toBeInTheDocument();
      await userEvent.click(screen.getByRole('button', { name: 'Refund the order wey remain' }));
      const dialog = screen.getByRole('dialog');
      expect(within(dialog).getByText('₦2,132 go return enter the customer payment.')).toBeVisible();
      await userEvent.click(within(dialog).getByRole('button', { name: 'Refund ₦2,132' }));
      expect(within(dialog).getByText('Write the reason (at least 3 letters)')).toBeVisible();
    } finally {
      i18n.activate('en');
    }
  });
});

describe('AdminOrdersPanel: an order for later', () => {
  it('shows its slot in the line', async () => {
    stubFetch({
      ...GUEST,
      'GET /api/admin/orders': {
        success: true,
        orders: [{ ...row, slot: { from: '2025-03-10T12:00:00.000Z', to: '2025-03-10T12:30:00.000Z' } }],
      },
    });
    renderApp(<AdminOrdersPanel />, { route: '/admin/orders' });
    const button = await screen.findByRole('button', { name: /#aaaaaaaa/ });
    expect(await within(button).findByTestId('slot-arrival')).toHaveTextContent('Arrives Mon, 10 Mar, 1:00–1:30 pm');
  });
});

describe('AdminOrdersPanel: batched by hall', () => {
  it('says in the line that an order travels with others and chose Batch & save', async () => {
    stubFetch({
      ...GUEST,
      'GET /api/admin/orders': {
        success: true,
        orders: [
          { ...row, batch: { save: true, of: 3 } },
          { ...row, _id: 'bbbbbbbb-0000-4000-8000-000000000000', batch: { save: false, of: 1 } },
          { ...row, _id: 'cccccccc-0000-4000-8000-000000000000', batch: { save: false, of: 1, members: 2 } },
        ],
      },
    });
    renderApp(<AdminOrdersPanel />, { route: '/admin/orders' });
    const batched = await screen.findByRole('button', { name: /#aaaaaaaa/ });
    expect(within(batched).getByTestId('order-batch')).toHaveTextContent('Batched · 3 orders, one riderBatch & save');
    const alone = screen.getByRole('button', { name: /#bbbbbbbb/ });
    expect(within(alone).queryByTestId('order-batch')).toBeNull();
    const group = screen.getByRole('button', { name: /#cccccccc/ });
    expect(within(group).getByTestId('order-batch')).toHaveTextContent(/^Group order · 2 people paid$/);
  });

  it('says it in Pidgin', async () => {
    await loadAreas(i18n, ['admin', 'common', 'shared', 'layout'], 'pcm');
    i18n.activate('pcm');
    try {
      stubFetch({
        ...GUEST,
        'GET /api/admin/orders': { success: true, orders: [{ ...row, batch: { save: false, of: 2 } }] },
      });
      renderApp(<AdminOrdersPanel />, { route: '/admin/orders' });
      const button = await screen.findByRole('button', { name: /#aaaaaaaa/ });
      expect(within(button).getByTestId('order-batch')).toHaveTextContent(
        /^Batch · 2 orders, na one rider go carry dem$/,
      );
    } finally {
      i18n.activate('en');
    }
  });
});
