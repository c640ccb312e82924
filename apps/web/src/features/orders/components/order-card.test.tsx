import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OrderDto, ProductDto } from '@jara/shared';
import { GUEST, noLiveMap, renderApp, stubFetch } from '../../../test/render';
import { i18n, switchLanguage } from '../../../i18n';
import { loadAreas } from '../../../i18n/i18n';
import { OrderCard } from './order-card';

/** An order line's product in the spec's shape (SPEC §3). */
const NO_MAP = noLiveMap('order', 'o1');

const product = (_id: string, name: string, image: string[] = []): ProductDto => ({
  _id,
  name,
  category: 'food',
  image,
  description: [],
  vendorId: 'v1',
  inStock: true,
  weight: null,
  options: [],
});

/** A delivered order of one Jollof rice from Mama Put to Hall 2; each case overrides what it is about. */
function orderFixture(overrides: Partial<OrderDto> = {}): OrderDto {
  return {
    _id: 'o1',
    createdAt: '2026-11-21T10:00:00.000Z',
    paidAt: '2026-11-21T10:01:00.000Z',
    amount: 3060,
    itemsPrice: 2500,
    deliveryFee: 500,
    serviceFee: 60,
    status: 'Order Delivered',
    deliveryCode: null,
    canCancel: false,
    cancelUntil: null,
    items: [
      {
        _id: 'i1',
        product: product('p1', 'Jollof rice', ['/media/seed/jollof.webp', '/media/seed/jollof-2.webp']),
        optionId: 'op1',
        optionName: 'Default Option',
        quantity: 1,
        vendorId: 'v1',
        vendorName: 'Mama Put',
        status: 'Order Delivered',
        unitPrice: 2500,
      },
    ],
    address: {
      firstName: 'Ada',
      lastName: 'Obi',
      email: 'ada@example.com',
      address: 'Hall 2',
      city: 'Benin City',
      state: 'Edo',
      zipcode: '300283',
      country: 'Nigeria',
      phone: '08031234567',
      latitude: 6.4,
      longitude: 5.61,
    },
    ...overrides,
  };
}

/** The fixture's line as a vendor has it before confirming, from `vendorName`. */
const placedItem = (vendorName = 'Mama Osas Kitchen') => ({
  ...orderFixture().items[0]!,
  vendorName,
  status: 'Order Placed' as const,
});

/** A paid order no vendor has confirmed yet. */
const placedOrder = (overrides: Partial<OrderDto> = {}) =>
  orderFixture({ status: 'Order Placed', items: [placedItem()], ...overrides });

/** The card in a list, as My Orders shows it; open unless said otherwise. */
const renderCard = (order: OrderDto, { open = true } = {}) =>
  renderApp(
    <ul>
      <OrderCard order={order} defaultOpen={open} />
    </ul>,
  );

describe('OrderCard rating', () => {
  it('lets the customer rate the rider of a delivered order and then shows the stars given', async () => {
    const calls = stubFetch({
      ...GUEST,
      'GET /api/ratings/mine': { success: true, ratings: [] },
      'POST /api/ratings': { success: true, message: 'Thanks for rating your rider!' },
    });
    renderCard(orderFixture());
    const form = await screen.findByRole('form', { name: 'Rate your rider' });
    await userEvent.click(within(form).getByRole('radio', { name: '3 stars' }));
    await userEvent.type(within(form).getByRole('textbox', { name: 'Comment (optional)' }), 'Food was still warm');
    await userEvent.click(within(form).getByRole('button', { name: 'Submit rating' }));
    expect(await screen.findByText('Thanks for rating your rider!')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      subjectType: 'order',
      subjectId: 'o1',
      stars: 3,
      comment: 'Food was still warm',
    });
    expect(await screen.findByRole('img', { name: 'Rated 3 out of 5' })).toBeInTheDocument();
  });

  it("shows an item's first picture from the product's image list", () => {
    stubFetch({ ...GUEST, ...NO_MAP });
    const { container } = renderCard(orderFixture({ status: 'Order Picked' }));
    const pictures = [...container.querySelectorAll('li img')].map((img) => img.getAttribute('src'));
    expect(pictures).toHaveLength(1);
    expect(pictures[0]).toMatch(/^\/media\/seed\/jollof\.webp/);
  });

  it('shows no rating control before delivery', async () => {
    const calls = stubFetch({ ...GUEST, ...NO_MAP });
    renderCard(orderFixture({ status: 'Order Picked', deliveryCode: '4821' }));
    expect(await screen.findByText('Give this code to your rider on delivery')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Rate your rider' })).not.toBeInTheDocument();
    expect(calls.some((c) => c.path === '/api/ratings/mine')).toBe(false);
  });
});

describe('OrderCard: where it goes and whether it can still be cancelled', () => {
  // A delivered order offers the rider's rating, which asks for the ratings given so far.
  const DELIVERED = { ...GUEST, ...NO_MAP, 'GET /api/ratings/mine': { success: true, ratings: [] } };

  it('sums up a collapsed row with the vendor and the items', () => {
    stubFetch({ ...GUEST, ...NO_MAP });
    renderCard(
      orderFixture({
        items: [
          { ...placedItem(), _id: 'i1', product: product('p1', 'Jollof Rice'), quantity: 2 },
          { ...placedItem(), _id: 'i2', product: product('p2', 'Plantain') },
        ],
      }),
      { open: false },
    );
    expect(screen.getByTestId('order-summary')).toHaveTextContent('Mama Osas Kitchen · Jollof Rice ×2, +1 more');
    expect(screen.getByRole('button', { expanded: false })).toHaveTextContent('₦3,060');
  });

  it('gives the door, the landmark and the note, and the city once', () => {
    stubFetch(DELIVERED);
    renderCard(
      orderFixture({
        address: {
          ...orderFixture().address,
          address: 'Ugbowo, Benin City',
          block: 'C',
          floor: '2',
          room: '214',
          landmark: 'Opposite the water tank',
        },
        deliveryNote: 'Call me at the gate',
      }),
    );
    const to = screen.getByTestId('deliver-to');
    expect(to).toHaveTextContent('Deliver to: Ada Obi · 08031234567');
    expect(to).toHaveTextContent('Ugbowo, Benin City');
    expect(to).not.toHaveTextContent('Benin City, Benin City');
    expect(to).toHaveTextContent('Block C · Floor 2 · Room 214');
    expect(to).toHaveTextContent('Landmark: Opposite the water tank');
    expect(to).toHaveTextContent('Note: Call me at the gate');
  });

  it('counts down the time left to cancel beside the button', () => {
    stubFetch({ ...GUEST, ...NO_MAP });
    const now = Date.now();
    renderCard(
      placedOrder({
        paidAt: new Date(now - 108_000).toISOString(),
        canCancel: true,
        cancelUntil: new Date(now + 192_000).toISOString(),
      }),
    );
    expect(screen.getByTestId('cancel-notice')).toHaveTextContent(/^You can cancel for 3:1[12] more\.$/);
    expect(screen.getByRole('timer')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel Order' })).toBeInTheDocument();
  });

  it('says why the button has gone: the window passed while the vendor has not confirmed', () => {
    stubFetch({ ...GUEST, ...NO_MAP });
    renderCard(
      placedOrder({
        paidAt: new Date(Date.now() - 10 * 60_000).toISOString(),
      }),
    );
    const notice = screen.getByTestId('cancel-notice');
    expect(notice).toHaveTextContent(
      'The 5-minute window to cancel has passed. We are waiting for the vendor to confirm; once confirmed, delivery takes about 30–60 minutes. Need help? Chat with support.',
    );
    expect(within(notice).getByRole('link', { name: 'Chat with support' })).toHaveAttribute(
      'href',
      expect.stringContaining('contact=true'),
    );
    expect(screen.queryByRole('button', { name: 'Cancel Order' })).not.toBeInTheDocument();
  });

  it('says a vendor confirmed when one has, even inside the window', () => {
    stubFetch({ ...GUEST, ...NO_MAP });
    renderCard(
      placedOrder({
        items: [placedItem(), { ...placedItem('Loop Snacks'), _id: 'i2', status: 'Order Confirmed' }],
        paidAt: new Date().toISOString(),
      }),
    );
    expect(screen.getByTestId('cancel-notice')).toHaveTextContent(
      'A vendor has confirmed this order, so it can no longer be cancelled. It should reach you in about 30–60 minutes.',
    );
  });

  it('says nothing about cancelling once delivered', () => {
    stubFetch(DELIVERED);
    renderCard(orderFixture());
    expect(screen.queryByTestId('cancel-notice')).not.toBeInTheDocument();
  });
});

describe('OrderCard: an order for later', () => {
  afterEach(() => vi.useRealTimers());
  /** 13:00–13:30 Lagos on 23 Nov. */
  const SLOT = { from: '2026-11-23T12:00:00.000Z', to: '2026-11-23T12:30:00.000Z' };
  const at = (iso: string) => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(iso));
  };

  it('says when it arrives beside the status, and until when it can be cancelled free', () => {
    at('2026-11-23T09:00:00.000Z'); // 10:00 Lagos
    stubFetch({ ...GUEST, ...NO_MAP });
    renderCard(
      placedOrder({
        slot: SLOT,
        paidAt: '2026-11-23T08:30:00.000Z',
        canCancel: true,
        cancelUntil: '2026-11-23T11:25:00.000Z',
      }),
    );
    expect(screen.getByRole('button', { expanded: true })).toHaveTextContent('Arrives 1:00–1:30 pm');
    expect(screen.getByTestId('cancel-notice')).toHaveTextContent(
      /^You can cancel free until 12:25 pm, when the shop starts preparing it\.$/,
    );
    expect(screen.queryByRole('timer')).toBeNull();
    expect(screen.getByRole('button', { name: 'Cancel Order' })).toBeInTheDocument();
  });

  it('trusts the server once its shops have started: no button, and why', () => {
    at('2026-11-23T11:30:00.000Z'); // 12:30 Lagos, long after the 5 minutes from payment
    stubFetch({ ...GUEST, ...NO_MAP });
    renderCard(placedOrder({ slot: SLOT, paidAt: '2026-11-23T08:30:00.000Z', canCancel: false, cancelUntil: null }));
    expect(screen.getByTestId('cancel-notice')).toHaveTextContent(
      'The shop has started preparing this order, so it can no longer be cancelled. It comes in the slot you chose.',
    );
    expect(screen.queryByRole('button', { name: 'Cancel Order' })).toBeNull();
  });

  it('says tomorrow for a slot tomorrow, even closed', () => {
    at('2026-11-22T18:00:00.000Z'); // 19:00 Lagos the day before
    stubFetch({ ...GUEST, ...NO_MAP });
    renderCard(placedOrder({ slot: SLOT }), { open: false });
    expect(screen.getByTestId('slot-arrival')).toHaveTextContent(/^Arrives tomorrow, 1:00–1:30 pm$/);
  });
});

describe('OrderCard: Batch & save', () => {
  it('says on the closed row that the customer chose Batch & save, and only then', () => {
    stubFetch({ ...GUEST, ...NO_MAP });
    const { unmount } = renderCard(placedOrder({ batchSave: true, deliveryFee: 350 }), { open: false });
    expect(screen.getByRole('button', { expanded: false })).toHaveTextContent('Batch & save');
    expect(screen.getByTestId('order-batch-save')).toHaveTextContent(/^Batch & save$/);
    unmount();
    renderCard(placedOrder(), { open: false });
    expect(screen.queryByTestId('order-batch-save')).toBeNull();
  });
});

describe('OrderCard: promotions', () => {
  afterEach(() => i18n.activate('en'));
  /** ₦2,500 of jollof and ₦500 delivery, less 10% of the jollof (the shop's) and free delivery (Jara's). */
  const discounted = () =>
    placedOrder({
      itemsPrice: 2500,
      deliveryFee: 500,
      serviceFee: 60,
      amount: 2310,
      discounts: [
        {
          promotionId: 'pr1',
          title: '10% off Mama Put',
          code: 'JOLLOF10',
          target: 'items',
          amount: 250,
          fundedBy: 'vendor',
          vendorName: 'Mama Put',
        },
        {
          promotionId: 'pr2',
          title: 'Free delivery after 8 pm',
          code: null,
          target: 'delivery',
          amount: 500,
          fundedBy: 'platform',
          vendorName: null,
        },
      ],
    });

  it('lists each discount with who paid for it, and the figures add up to what was paid', () => {
    stubFetch({ ...GUEST, ...NO_MAP });
    renderCard(discounted());
    const lines = screen.getAllByTestId('order-discount');
    expect(lines.map((l) => l.textContent)).toEqual([
      'JOLLOF10 · 10% off Mama Put (paid by Mama Put)−₦250',
      'Free delivery after 8 pm (paid by Jara)−₦500',
    ]);
    const sums = lines[0]!.closest('dl')!;
    // Items ₦2,500 + delivery ₦500 + service ₦60 − ₦750 = ₦2,310.
    expect(sums).toHaveTextContent('Items₦2,500Delivery Fee₦500Service Fee₦60');
    expect(sums).toHaveTextContent(/Total₦2,310$/);
  });

  it('shows no discount line on an order without one', () => {
    stubFetch({ ...GUEST, ...NO_MAP });
    renderCard(placedOrder());
    expect(screen.queryByTestId('order-discount')).toBeNull();
  });

  it('says who paid in Pidgin', async () => {
    await loadAreas(i18n, ['orders', 'delivery', 'common', 'shared', 'layout'], 'pcm');
    i18n.activate('pcm');
    stubFetch({ ...GUEST, ...NO_MAP });
    renderCard(discounted());
    expect(screen.getAllByTestId('order-discount')[1]).toHaveTextContent(
      'Free delivery after 8 pm (Jara dey pay am)−₦500',
    );
  });
});

describe('OrderCard in Pidgin', () => {
  afterEach(() => i18n.activate('en'));

  it('says the status, the lines, the sums and the cancel window in Pidgin', async () => {
    await loadAreas(i18n, ['orders', 'delivery', 'common', 'shared', 'layout'], 'pcm');
    i18n.activate('pcm');
    stubFetch({ ...GUEST, ...NO_MAP });
    const now = Date.now();
    renderCard(
      placedOrder({
        deliveryFee: 0,
        paidAt: new Date(now - 60_000).toISOString(),
        canCancel: true,
        cancelUntil: new Date(now + 240_000).toISOString(),
      }),
    );
    expect(screen.getByTestId('order-status')).toHaveTextContent('Order don enter');
    expect(screen.getByRole('button', { expanded: true })).toHaveTextContent('1 tin');
    expect(screen.getByText('1 piece · ₦2,500')).toBeInTheDocument();
    expect(screen.getByText('Na Mama Osas Kitchen sell am')).toBeInTheDocument();
    expect(screen.getByText('Wetin you buy')).toBeInTheDocument();
    // The spec's "Free", from the shared catalogue.
    expect(screen.getByText('Na free')).toBeInTheDocument();
    expect(screen.getByTestId('deliver-to')).toHaveTextContent('Carry am go: Ada Obi · 08031234567');
    expect(screen.getByTestId('cancel-notice')).toHaveTextContent(/^You fit still cancel for \d:\d\d\.$/);
    expect(screen.getByRole('button', { name: 'Cancel am' })).toBeInTheDocument();
  });
});

describe('OrderCard: cancelling', () => {
  afterEach(async () => {
    vi.restoreAllMocks();
    await switchLanguage('en');
  });

  const cancellable = () => {
    const now = Date.now();
    return placedOrder({
      paidAt: new Date(now - 60_000).toISOString(),
      canCancel: true,
      cancelUntil: new Date(now + 240_000).toISOString(),
    });
  };
  const CANCELLED_ANSWER = (order: OrderDto) => ({
    success: true,
    message: 'Order cancelled. Your refund is on its way.',
    order: { ...order, status: 'Cancelled', canCancel: false, cancelUntil: null },
  });

  it("says the server's words in English", async () => {
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const order = cancellable();
    const calls = stubFetch({ ...GUEST, ...NO_MAP, 'POST /api/order/cancel/o1': CANCELLED_ANSWER(order) });
    renderCard(order);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel Order' }));
    expect(await screen.findByText('Order cancelled. Your refund is on its way.')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST' && c.path === '/api/order/cancel/o1')).toBe(true);
  });

  it('says it in Pidgin after the switch', async () => {
    await switchLanguage('pcm');
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const order = cancellable();
    stubFetch({ ...GUEST, ...NO_MAP, 'POST /api/order/cancel/o1': CANCELLED_ANSWER(order) });
    renderCard(order);
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel am' }));
    expect(await screen.findByText('Order don cancel. Your refund dey come.')).toBeInTheDocument();
  });
});
