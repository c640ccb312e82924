import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { EarningsDto, PublicUser, SellerOrderDto, SellerProfileDto } from '@jara/shared';
import { renderApp, stubFetch } from '../../../test/render';
import { CUSTOMER } from '../../../test/users';
import { RING_EVERY_MS } from '../hooks/chime';
import { SellerPage } from './seller-page';

// One fake socket shared by the app: the test plays the server's pushes through it.
const handlers = new Map<string, (payload: unknown) => void>();
vi.mock('../../../lib/socket', () => {
  const socket = {
    on: (event: string, fn: (p: unknown) => void) => handlers.set(event, fn),
    off: (event: string) => handlers.delete(event),
    io: { on: () => undefined, off: () => undefined },
  };
  return { ensureConnected: () => socket, getSocket: () => socket, disconnectSocket: () => undefined };
});

/** jsdom has no Web Audio: a stand-in that counts the chimes the page plays. */
let chimes = 0;
class CountingAudioContext {
  currentTime = 0;
  destination = {};
  constructor() {
    chimes++;
  }
  createOscillator() {
    return { frequency: { value: 0 }, connect: (next: unknown) => next, start: () => {}, stop: () => {} };
  }
  createGain() {
    return {
      gain: { setValueAtTime: () => {}, exponentialRampToValueAtTime: () => {} },
      connect: (next: unknown) => next,
    };
  }
  close() {
    return Promise.resolve();
  }
}

const VENDOR: PublicUser = { ...CUSTOMER, isSeller: true, role: 'vendor', roles: ['customer', 'vendor'] };

const shop: SellerProfileDto = {
  _id: 'v1',
  businessName: 'Mama Put',
  kind: 'food',
  phone: '08031234567',
  address: 'UNIBEN Main Gate, Ugbowo',
  placeId: 'main-gate',
  latitude: 6.3989,
  longitude: 5.6118,
  profilePhoto: '/media/vendors/v1/a.webp',
  openingHours: { '0': null, '1': { open: '08:00', close: '21:00' } },
  isOpen: true,
  openNow: true,
  preparationMinutes: 15,
  status: 'approved',
  rejectionReason: null,
};

const earnings: EarningsDto = {
  percent: 10,
  totalEarned: 0,
  paidOut: 0,
  scheduled: 0,
  available: 0,
  held: 0,
  inWindow: 0,
  disputeWindowMinutes: 30,
  byWeek: [],
  entries: [],
  payouts: [],
  lastAccount: null,
};

/** A paid order of Jollof rice, waiting for the vendor (or in `status`). */
function order(id: string, status = 'Order Placed'): SellerOrderDto {
  return {
    _id: id,
    createdAt: '2026-03-03T13:00:00.000Z',
    paidAt: '2026-03-03T13:05:00.000Z',
    customerName: 'Ada Obi',
    customerPhone: '08031234567',
    dropoff: 'Hall 2',
    door: null,
    doorPoint: null,
    deliveryNote: '',
    items: [
      {
        _id: `${id}-i1`,
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
        status,
        cancelReason: null,
      },
    ],
    itemsTotal: 3000,
    status,
    active: true,
    readyAt: null,
  };
}

/** The server as the seller page sees it, with the active orders the test changes. */
function shopServer(orders: SellerOrderDto[]) {
  return stubFetch({
    'GET /api/user/is-auth': { success: true, user: VENDOR, role: 'vendor' },
    'GET /api/seller/me': { success: true, vendor: shop },
    'GET /api/seller/earnings': { success: true, earnings },
    'GET /api/seller/orders': () => ({ success: true, orders }),
    ...Object.fromEntries(
      ['o1', 'o2', 'o3'].map((id) => [
        `POST /api/seller/orders/${id}/confirm`,
        () => {
          const at = orders.findIndex((o) => o._id === id);
          orders[at] = order(id, 'Order Confirmed');
          return { success: true, message: 'Order confirmed' };
        },
      ]),
    ),
  });
}

const PLAIN_TITLE = 'Seller · Jara';

/** Lets `ms` of the page's time pass, returning how many chimes it played meanwhile. */
async function chimesOver(ms: number) {
  const before = chimes;
  await act(() => vi.advanceTimersByTimeAsync(ms));
  return chimes - before;
}

beforeEach(() => {
  // Time moves on by itself (the screen's requests settle) and the test jumps it ahead.
  vi.useFakeTimers({ shouldAdvanceTime: true });
  vi.stubGlobal('AudioContext', CountingAudioContext);
  chimes = 0;
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  sessionStorage.clear();
  handlers.clear();
});

describe('a new order rings until the vendor acknowledges it', () => {
  it('rings for an order already waiting when the page opens, every few seconds, until Got it', async () => {
    shopServer([order('o1'), order('o0', 'Order Confirmed')]);
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const first = renderApp(<SellerPage />, { route: '/seller', path: '/seller/*' });
    const banner = await screen.findByRole('alert');
    // Only the order still waiting counts; the confirmed one is the vendor's already.
    expect(banner).toHaveTextContent('1 new order is waiting');
    expect(document.title).toBe(`(1) New order · ${PLAIN_TITLE}`);
    expect(chimes).toBeGreaterThanOrEqual(1);
    expect(await chimesOver(RING_EVERY_MS)).toBeGreaterThanOrEqual(1);
    expect(await chimesOver(RING_EVERY_MS)).toBeGreaterThanOrEqual(1);

    await user.click(within(banner).getByRole('button', { name: 'Got it' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(document.title).toBe(PLAIN_TITLE);
    expect(await chimesOver(6 * RING_EVERY_MS)).toBe(0);
    // The order itself still waits for confirming: only the ringing stopped.
    expect(screen.getByRole('button', { name: 'Confirm order' })).toBeInTheDocument();

    // A reload in the same tab does not ring for what the vendor already acknowledged.
    first.unmount();
    renderApp(<SellerPage />, { route: '/seller', path: '/seller/*' });
    expect(await screen.findByRole('button', { name: 'Confirm order' })).toBeInTheDocument();
    expect(await chimesOver(3 * RING_EVERY_MS)).toBe(0);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(document.title).toBe(PLAIN_TITLE);
  });

  it('rings for orders that arrive live, counts them in the title, and stops once they are confirmed', async () => {
    const orders: SellerOrderDto[] = [];
    shopServer(orders);
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderApp(<SellerPage />, { route: '/seller', path: '/seller/*' });
    expect(await screen.findByText(/^No active orders\./)).toBeInTheDocument();
    expect(await chimesOver(2 * RING_EVERY_MS)).toBe(0);
    expect(document.title).toBe(PLAIN_TITLE);

    const arrive = (id: string) => {
      orders.push(order(id));
      act(() => handlers.get('vendor.order.created')!({ orderId: id, vendorId: 'v1', items: [] }));
    };
    arrive('o1');
    expect(await screen.findByRole('alert')).toHaveTextContent('1 new order is waiting');
    arrive('o2');
    expect(await screen.findByText('2 new orders are waiting')).toBeInTheDocument();
    expect(document.title).toBe(`(2) New orders · ${PLAIN_TITLE}`);
    expect(await chimesOver(RING_EVERY_MS)).toBeGreaterThanOrEqual(1);

    // Confirming is acknowledging: each confirmed order stops counting.
    await user.click(screen.getAllByRole('button', { name: 'Confirm order' })[0]!);
    expect(await screen.findByText('1 new order is waiting')).toBeInTheDocument();
    expect(document.title).toBe(`(1) New order · ${PLAIN_TITLE}`);
    expect(await chimesOver(RING_EVERY_MS)).toBeGreaterThanOrEqual(1);
    await user.click(screen.getByRole('button', { name: 'Confirm order' }));
    await vi.waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(document.title).toBe(PLAIN_TITLE);
    expect(await chimesOver(6 * RING_EVERY_MS)).toBe(0);
  });
});
