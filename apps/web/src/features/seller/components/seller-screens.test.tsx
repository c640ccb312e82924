import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SellerOrderDto, SellerProductDto } from '@jara/shared';
import { GUEST, MAP_ANSWER, renderApp, stubFetch } from '../../../test/render';
import { i18n } from '../../../i18n';
import { loadAreas } from '../../../i18n/i18n';
import { OrdersPanel } from './orders-panel';
import { ProductsPanel } from './products-panel';
import { ProductFormScreen } from './product-form';

/** A paid order of two Jollof rice waiting for the vendor to confirm. */
const order: SellerOrderDto = {
  _id: 'abcdef1234567890',
  createdAt: '2026-03-03T13:00:00.000Z',
  paidAt: '2026-03-03T13:05:00.000Z',
  customerName: 'Ada Obi',
  customerPhone: '08031234567',
  dropoff: 'Hall 2',
  door: null,
  doorPoint: { latitude: 6.39795, longitude: 5.6196 },
  deliveryNote: '',
  items: [
    {
      _id: 'i1',
      productName: 'Jollof rice',
      product: {
        _id: 'p1',
        name: 'Jollof rice',
        category: 'food',
        image: [],
        description: [],
        vendorId: 'v1',
        inStock: true,
        weight: null,
        options: [],
      },
      optionName: 'Default Option',
      quantity: 2,
      unitPrice: 1500,
      status: 'Order Placed',
      cancelReason: null,
    },
  ],
  itemsTotal: 3000,
  status: 'Order Placed',
  active: true,
  readyAt: null,
};

const product: SellerProductDto = {
  _id: 'p1',
  name: 'Jollof rice',
  category: 'food',
  image: ['/media/seed/jollof.webp'],
  vendorId: 'v1',
  description: [],
  weight: null,
  inStock: true,
  options: [
    { _id: 'o1', name: 'Small', price: 1000, offerPrice: null },
    { _id: 'o2', name: 'Big', price: 1500, offerPrice: null },
  ],
  updatedAt: '2026-03-03T13:00:00.000Z',
};

async function inPidgin() {
  await loadAreas(i18n, ['seller', 'delivery', 'common', 'shared', 'layout'], 'pcm');
  i18n.activate('pcm');
}

afterEach(() => {
  vi.useRealTimers();
  i18n.activate('en');
});

describe('the vendor portal', () => {
  it('shows the customer’s door pin on a small map when asked', async () => {
    const calls = stubFetch({
      ...GUEST,
      'GET /api/seller/orders': { success: true, orders: [order] },
      ...MAP_ANSWER,
    });
    renderApp(<OrdersPanel />);
    const show = await screen.findByRole('button', { name: 'Show the door on the map' });
    // No map is loaded until the vendor asks for one.
    expect(calls.some((c) => c.path === '/api/map')).toBe(false);
    await userEvent.click(show);
    expect(await screen.findByRole('region', { name: 'Map of the door at Hall 2' })).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: 'The customer’s door' })).toHaveAttribute('data-kind', 'door');
    await userEvent.click(screen.getByRole('button', { name: 'Hide the map' }));
    expect(screen.queryByRole('region', { name: 'Map of the door at Hall 2' })).toBeNull();
  });

  it('shows a new order in English, as before', async () => {
    stubFetch({ ...GUEST, 'GET /api/seller/orders': { success: true, orders: [order] } });
    renderApp(<OrdersPanel />);
    expect(await screen.findByText('Order #abcdef12 · 3 Mar, 2:05 pm')).toBeInTheDocument();
    expect(screen.getByText('Call 08031234567')).toBeInTheDocument();
    expect(screen.getByText('To: Hall 2')).toBeInTheDocument();
    expect(screen.getByText('Items total').closest('p')).toHaveTextContent('Items total ₦3,000');
    expect(screen.getByRole('button', { name: 'Confirm order' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Which orders' })).toBeInTheDocument();
  });

  it('shows the offers on the shop’s part of an order, and who pays for each', async () => {
    const discounted: SellerOrderDto = {
      ...order,
      discounts: [
        {
          promotionId: 'pr1',
          title: '10% off Mama Put',
          code: 'JOLLOF10',
          target: 'items',
          amount: 300,
          fundedBy: 'vendor',
          vendorName: 'Mama Put',
        },
        {
          promotionId: 'pr2',
          title: '₦500 off your first order',
          code: 'FIRST500',
          target: 'items',
          amount: 150,
          fundedBy: 'platform',
          vendorName: null,
        },
        // Jara's free delivery falls on no line of the shop's: not shown to it.
        {
          promotionId: 'pr3',
          title: 'Free delivery after 8 pm',
          code: null,
          target: 'delivery',
          amount: 0,
          fundedBy: 'platform',
          vendorName: null,
        },
      ],
    };
    stubFetch({ ...GUEST, 'GET /api/seller/orders': { success: true, orders: [discounted] } });
    renderApp(<OrdersPanel />);
    const offers = await screen.findByRole('list', { name: 'Offers on your items' });
    const lines = within(offers).getAllByTestId('seller-order-discount');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toHaveTextContent('JOLLOF10 · 10% off Mama Put−₦300');
    expect(lines[0]).toHaveTextContent('Paid by your shop: it comes off your earnings');
    expect(lines[1]).toHaveTextContent('FIRST500 · ₦500 off your first order−₦150');
    expect(lines[1]).toHaveTextContent('Paid by Jara: you keep the full price');
  });

  it('puts orders for later still to prepare on top, soonest first, each with its times', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-03T10:00:00.000Z')); // 11:00 Lagos
    const forLater = (id: string, customerName: string, from: string, prepareAt: string, upcoming: boolean) => ({
      ...order,
      _id: id,
      customerName,
      slot: { from, to: new Date(Date.parse(from) + 30 * 60_000).toISOString(), prepareAt, upcoming },
    });
    stubFetch({
      ...GUEST,
      'GET /api/seller/orders': {
        success: true,
        orders: [
          forLater('b1', 'Bola', '2026-03-03T12:00:00.000Z', '2026-03-03T11:25:00.000Z', true),
          { ...order, slot: null },
          forLater('c1', 'Chidi', '2026-03-03T11:30:00.000Z', '2026-03-03T10:55:00.000Z', true),
          forLater('d1', 'Dayo', '2026-03-03T10:30:00.000Z', '2026-03-03T09:55:00.000Z', false),
        ],
      },
    });
    renderApp(<OrdersPanel />);
    const upcoming = await screen.findByRole('region', { name: 'Upcoming' });
    const slots = within(upcoming).getAllByTestId('order-slot');
    expect(slots.map((s) => s.textContent)).toEqual([
      'Start preparing at 11:55 amArrives 12:30–1:00 pm',
      'Start preparing at 12:25 pmArrives 1:00–1:30 pm',
    ]);
    expect(within(upcoming).getByText('Chidi')).toBeInTheDocument();
    expect(within(upcoming).queryByText('Ada Obi')).toBeNull();
    expect(within(upcoming).queryByText('Dayo')).toBeNull();
    // The others as before, an order for later under way showing its slot only.
    const started = screen.getAllByTestId('order-slot').find((s) => !upcoming.contains(s));
    expect(started).toHaveTextContent(/^Arrives 11:30 am–12:00 pm$/);
    expect(screen.getByText('Ada Obi')).toBeInTheDocument();
  });

  it('says which orders travel together and which chose Batch & save, in English and Pidgin', async () => {
    stubFetch({
      ...GUEST,
      'GET /api/seller/orders': {
        success: true,
        orders: [
          { ...order, _id: 'b1', customerName: 'Bola', batch: { save: true, of: 2 } },
          { ...order, _id: 'c1', customerName: 'Chidi', batch: { save: true, of: 1 } },
          { ...order, _id: 'd1', customerName: 'Dayo', batch: { save: false, of: 1 } },
          { ...order, _id: 'e1', customerName: 'Efe', batch: { save: false, of: 1, members: 3 } },
        ],
      },
    });
    const { unmount } = renderApp(<OrdersPanel />);
    const tagOf = (name: string) =>
      within(screen.getByText(name).closest('div')!).queryByTestId('order-batch')?.textContent?.trim() ?? null;
    expect(await screen.findByText('Bola')).toBeInTheDocument();
    expect(tagOf('Bola')).toBe('Batched · 2 orders, one riderBatch & save');
    expect(tagOf('Chidi')).toBe('Batch & save');
    expect(tagOf('Dayo')).toBeNull();
    // A group order says how many people paid for it (decision 0049).
    expect(tagOf('Efe')).toBe('Group order · 3 people paid');
    unmount();

    await inPidgin();
    renderApp(<OrdersPanel />);
    expect(await screen.findByText('Bola')).toBeInTheDocument();
    expect(tagOf('Bola')).toBe('Batch · 2 orders, na one rider go carry demBatch & save');
    expect(tagOf('Efe')).toBe('Group order · 3 people don pay');
  });

  it('says tomorrow for an order for later prepared tomorrow, in Pidgin too', async () => {
    await inPidgin();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-03T20:00:00.000Z')); // 21:00 Lagos
    const slot = {
      from: '2026-03-04T11:00:00.000Z',
      to: '2026-03-04T11:30:00.000Z',
      prepareAt: '2026-03-04T10:25:00.000Z',
      upcoming: true,
    };
    stubFetch({ ...GUEST, 'GET /api/seller/orders': { success: true, orders: [{ ...order, slot }] } });
    renderApp(<OrdersPanel />);
    const upcoming = await screen.findByRole('region', { name: 'Orders wey dey come' });
    expect(within(upcoming).getByTestId('order-slot')).toHaveTextContent(
      'Start to prepare am tomorrow by 11:25 amE go reach tomorrow, 12:00–12:30 pm',
    );
  });

  it('tells the rider a confirmed order is ready, once', async () => {
    const confirmed = {
      ...order,
      status: 'Order Confirmed',
      items: order.items.map((i) => ({ ...i, status: 'Order Confirmed' })),
    };
    let said: string | null = null;
    const calls = stubFetch({
      ...GUEST,
      'GET /api/seller/orders': () => ({ success: true, orders: [{ ...confirmed, readyAt: said }] }),
      [`POST /api/seller/orders/${order._id}/ready`]: () => {
        said = '2026-03-03T13:20:00.000Z';
        return { success: true, message: 'Ready for pickup' };
      },
    });
    renderApp(<OrdersPanel />);
    expect(screen.queryByRole('button', { name: 'Confirm order' })).toBeNull();
    await userEvent.click(await screen.findByRole('button', { name: 'Ready for pickup' }));
    expect(await screen.findByText('Ready for pickup ✓')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Ready for pickup' })).toBeNull();
    expect(calls.filter((c) => c.path.endsWith('/ready'))).toHaveLength(1);
  });

  it('shows a new order and the decline dialog in Pidgin', async () => {
    await inPidgin();
    stubFetch({ ...GUEST, 'GET /api/seller/orders': { success: true, orders: [order] } });
    renderApp(<OrdersPanel />);
    expect(await screen.findByText('Ring 08031234567')).toBeInTheDocument();
    expect(screen.getByText('E dey go: Hall 2')).toBeInTheDocument();
    expect(screen.getByText('₦3,000', { selector: 'strong' }).closest('p')).toHaveTextContent('All the items ₦3,000');
    expect(screen.getByRole('button', { name: 'Dey run' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Reject am' }));
    expect(await screen.findByRole('heading', { name: 'You wan reject this order?' })).toBeInTheDocument();
    expect(screen.getByLabelText('Why (the customer go see am)')).toBeInTheDocument();
  });

  it('lists products in Pidgin, with plural options', async () => {
    await inPidgin();
    stubFetch({ ...GUEST, 'GET /api/seller/products': { success: true, products: [product] } });
    renderApp(<ProductsPanel />);
    expect(await screen.findByText(/· 2 options$/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Change Jollof rice' })).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Find products')).toBeInTheDocument();
    expect(screen.getByText('E dey')).toBeInTheDocument();
  });

  it("keeps a form's problems in the language on screen", async () => {
    await inPidgin();
    stubFetch({
      ...GUEST,
      'GET /api/category/list': { success: true, categories: [] },
      'GET /api/seller/products': { success: true, products: [] },
    });
    renderApp(<ProductFormScreen />);
    await userEvent.click(await screen.findByRole('button', { name: 'Save am' }));
    expect(screen.getByText('Put the product name')).toBeInTheDocument();
    expect(screen.getByText('Option 1: put price for naira')).toBeInTheDocument();
  });
});
