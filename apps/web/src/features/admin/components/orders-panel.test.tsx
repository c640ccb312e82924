import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
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

function setup() {
  stubFetch({
    ...GUEST,
    'GET /api/admin/orders': { success: true, orders: [row] },
    [`GET /api/admin/orders/${ORDER}`]: { success: true, order: detail },
  });
  renderApp(<AdminOrdersPanel />, { route: '/admin/orders' });
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

  it('speaks Pidgin when the student chooses it', async () => {
    await loadAreas(i18n, ['admin', 'common', 'shared', 'layout'], 'pcm');
    i18n.activate('pcm');
    try {
      setup();
      const button = await screen.findByRole('button', { name: /#aaaaaaaa/ });
      expect(button).toHaveTextContent('#aaaaaaaa · Ada Customer · 10 Mar, 9:05 am · ₦2,132 · e don lock');
      await userEvent.click(button);
      expect(await screen.findByText('Wetin don happen')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Refund the order wey remain' })).toBeInTheDocument();
      expect(screen.getByRole('option', { name: 'All status' })).toBeInTheDocument();
    } finally {
      i18n.activate('en');
    }
  });
});
