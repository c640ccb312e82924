import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  cartTotals,
  formatNaira,
  outsideDeliveryHoursMessage,
  type Address,
  type DailyWindow,
  type DeliveryFeeAnswer,
  type SlotsAnswer,
} from '@jara/shared';
import { i18n } from '../../../i18n';
import { loadAreas } from '../../../i18n/i18n';
import { ROOT_AREAS } from '../../../i18n/catalogues';
import { GUEST, renderApp, stubFetch } from '../../../test/render';
import { CUSTOMER } from '../../../test/users';
import { CheckoutPanel } from './checkout-panel';

const LINE = { product: 'p1', quantity: 1, vendorId: 'v1', optionId: 'o1', price: 1500 };
const NOON = new Date('2026-11-23T11:00:00Z'); // 12:00 Lagos

function renderPanel(hours: DailyWindow) {
  stubFetch({
    ...GUEST,
    'GET /api/config': { deliveryHours: hours, deliveryFeeRange: { min: 500, max: 1800 } },
  });
  return renderApp(
    <CheckoutPanel
      lines={[LINE]}
      user={null}
      addresses={[]}
      addressesLoading={false}
      onLogin={() => {}}
      beforePay={async () => {}}
      placeInput={({ label }) => <label>{label}</label>}
    />,
  );
}

afterEach(() => {
  vi.useRealTimers();
  i18n.activate('en');
});

describe('CheckoutPanel outside delivery hours', () => {
  it.each([
    { open: '18:30', close: '02:00' },
    { open: '08:00', close: '11:00' },
    { open: '13:15', close: '24:00' },
  ])('says what the server says for %o', async (hours) => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOON);
    renderPanel(hours);
    expect(await screen.findByText(outsideDeliveryHoursMessage(hours))).toBeVisible();
  });

  it('speaks Pidgin: the hours, the guest’s hint and the button', async () => {
    await loadAreas(i18n, ['checkout', ...ROOT_AREAS], 'pcm');
    i18n.activate('pcm');
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOON);
    renderPanel({ open: '18:30', close: '02:00' });
    expect(
      await screen.findByText('We dey deliver from 6:30 PM–2 AM (Lagos time). Abeg order for dat time.'),
    ).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Wetin you go pay' })).toBeVisible();
    expect(screen.getByText('Where we go bring am (for di fee)')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Login make you order' })).toBeInTheDocument();
    expect(screen.getByText('Pay with card, bank transfer or USSD.')).toBeVisible();
  });
});

const ADDRESS: Address = {
  _id: 'a1',
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
  placeId: null,
  placeName: null,
  block: '',
  floor: '',
  room: '',
  landmark: '',
};

/** Today 1:00–1:30 pm (full) and 1:30–2:00 pm, tomorrow 12:00–12:30 pm, Lagos time. */
const SLOTS: SlotsAnswer['slots'] = [
  { from: '2026-11-23T12:00:00.000Z', to: '2026-11-23T12:30:00.000Z', full: true },
  { from: '2026-11-23T12:30:00.000Z', to: '2026-11-23T13:00:00.000Z', full: false },
  { from: '2026-11-24T11:00:00.000Z', to: '2026-11-24T11:30:00.000Z', full: false },
];

type QuoteRequest = { items: { price: number; quantity: number }[]; batch?: boolean };

/** The server's quote without promotions: the shared formulas over the fee the delivery-fee stub gives. */
function quoteOf(req: QuoteRequest, fee: DeliveryFeeAnswer) {
  const itemsKobo = req.items.reduce((s, i) => s + Math.round(i.price * 100) * i.quantity, 0);
  const deliveryKobo = Math.round((req.batch && fee.batch ? fee.batch.deliveryFee : fee.totalDeliveryFee) * 100);
  const totals = cartTotals(itemsKobo, deliveryKobo);
  return {
    success: true,
    itemsPrice: totals.itemsKobo / 100,
    deliveryFee: totals.deliveryFeeKobo / 100,
    serviceFee: totals.serviceFeeKobo / 100,
    total: totals.totalKobo / 100,
    discounts: [],
  };
}

/** A signed-in customer's checkout at noon (Lagos), the slot list answered by `slots` (asked each time). */
function renderSignedIn(
  slots: () => Omit<SlotsAnswer, 'success'>,
  payment: unknown = { url: '/pay', reference: 'r1' },
  fee: DeliveryFeeAnswer = { success: true, totalDeliveryFee: 500 },
) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOON);
  const assign = vi.fn();
  vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign } as Location);
  const calls = stubFetch({
    ...GUEST,
    'GET /api/config': { deliveryHours: { open: '08:00', close: '21:00' }, deliveryFeeRange: { min: 500, max: 1800 } },
    'POST /api/order/delivery-fee': fee,
    'POST /api/order/quote': (body: unknown) => quoteOf(body as QuoteRequest, fee),
    'GET /api/order/slots': () => ({ success: true, ...slots() }),
    'POST /api/payment/paystack': () =>
      payment instanceof Response ? payment.clone() : { success: true, ...(payment as object) },
  });
  renderApp(
    <CheckoutPanel
      lines={[LINE]}
      user={CUSTOMER}
      addresses={[ADDRESS]}
      addressesLoading={false}
      onLogin={() => {}}
      beforePay={async () => {}}
      placeInput={() => null}
    />,
  );
  const paid = () =>
    calls
      .filter((c) => c.path === '/api/payment/paystack')
      .map((c) => c.body as { slot?: string; batch?: boolean; amount?: number });
  return { calls, assign, paid };
}

/** Taps Place Order once it may be tapped: the server's figures for the cart are in. */
async function placeOrder() {
  const place = screen.getByRole('button', { name: 'Place Order' });
  await waitFor(() => expect(place).toBeEnabled());
  await userEvent.click(place);
}

describe('CheckoutPanel: when the order comes', () => {
  afterEach(() => vi.restoreAllMocks());

  it('goes as soon as possible by default', async () => {
    const { assign, paid } = renderSignedIn(() => ({ asap: true, slots: SLOTS }));
    const when = await screen.findByRole('group', { name: 'When' });
    expect(await within(when).findByRole('radio', { name: 'As soon as possible' })).toBeChecked();
    expect(screen.queryByTestId('summary-slot')).toBeNull();

    const place = screen.getByRole('button', { name: 'Place Order' });
    await waitFor(() => expect(place).toBeEnabled());
    await userEvent.click(place);
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/pay'));
    expect(paid()[0]).not.toHaveProperty('slot');
  });

  it('sends the slot chosen for later', async () => {
    const { paid } = renderSignedIn(() => ({ asap: true, slots: SLOTS }));
    const when = await screen.findByRole('group', { name: 'When' });
    const place = screen.getByRole('button', { name: 'Place Order' });
    // For later: the first slot with room, then one picked from tomorrow's.
    await userEvent.click(await within(when).findByRole('radio', { name: 'Schedule for later' }));
    const slot = within(when).getByRole('combobox', { name: 'Delivery slot' });
    expect(slot).toHaveValue(SLOTS[1]!.from);
    expect(screen.getByTestId('summary-slot')).toHaveTextContent('1:30–2:00 pm');
    expect(within(slot).getByRole('group', { name: 'Today' })).toBeInTheDocument();
    await userEvent.selectOptions(slot, within(slot).getByRole('option', { name: '12:00–12:30 pm' }));
    expect(screen.getByTestId('summary-slot').closest('div')).toHaveTextContent('ArrivesTomorrow, 12:00–12:30 pm');
    await waitFor(() => expect(place).toBeEnabled());
    await userEvent.click(place);
    await waitFor(() => expect(paid()).toEqual([expect.objectContaining({ slot: SLOTS[2]!.from })]));
  });

  it('cannot go now outside the hours: the first open slot, never a full one', async () => {
    const { paid } = renderSignedIn(() => ({ asap: false, slots: SLOTS }));
    const asap = await screen.findByRole('radio', { name: /As soon as possible/ });
    expect(asap).toBeDisabled();
    expect(asap).toHaveAccessibleDescription('Not now: it is outside delivery hours or a shop in your cart is closed.');
    expect(screen.getByRole('radio', { name: 'Schedule for later' })).toBeChecked();
    const slot = screen.getByRole('combobox', { name: 'Delivery slot' });
    expect(slot).toHaveValue(SLOTS[1]!.from);
    const full = within(slot).getByRole('option', { name: '1:00–1:30 pm · Full' });
    expect(full).toBeDisabled();
    await userEvent.selectOptions(slot, full).catch(() => {});
    expect(slot).toHaveValue(SLOTS[1]!.from);
    // The hours' notice is for an order now: this one comes in its slot.
    expect(screen.queryByText(/We deliver from/)).toBeNull();

    await placeOrder();
    await waitFor(() => expect(paid()).toEqual([expect.objectContaining({ slot: SLOTS[1]!.from })]));
  });

  it('says the server’s refusal and asks for the slots again when one has filled', async () => {
    let filled = false;
    const refusal = new Response(
      JSON.stringify({
        success: false,
        code: 'slot_full',
        message: 'That delivery slot is full. Please pick another.',
      }),
      { status: 409, headers: { 'Content-Type': 'application/json' } },
    );
    const { calls } = renderSignedIn(
      () => ({ asap: false, slots: SLOTS.map((s, i) => (i === 1 && filled ? { ...s, full: true } : s)) }),
      refusal,
    );
    const slot = await screen.findByRole('combobox', { name: 'Delivery slot' });
    expect(slot).toHaveValue(SLOTS[1]!.from);
    filled = true;
    await placeOrder();
    expect(await screen.findByText('That delivery slot is full. Please pick another.')).toBeInTheDocument();
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/order/slots')).toHaveLength(2));
    // The slot that filled is marked so and no longer chosen: the next open one is.
    await waitFor(() => expect(slot).toHaveValue(SLOTS[2]!.from));
    expect(within(slot).getByRole('option', { name: '1:30–2:00 pm · Full' })).toBeDisabled();
  });

  it('speaks Pidgin', async () => {
    await loadAreas(i18n, ['checkout', ...ROOT_AREAS], 'pcm');
    i18n.activate('pcm');
    renderSignedIn(() => ({ asap: false, slots: SLOTS }));
    expect(await screen.findByRole('radio', { name: /As e ready, bring am/ })).toBeDisabled();
    const slot = screen.getByRole('combobox', { name: 'Which time e go reach' });
    expect(within(slot).getByRole('option', { name: '1:00–1:30 pm · E don full' })).toBeDisabled();
    expect(screen.getByTestId('summary-slot').closest('div')).toHaveTextContent('E go reach1:30–2:00 pm');
  });

  it('holds the order back when no slot is left and it cannot go now', async () => {
    renderSignedIn(() => ({ asap: false, slots: SLOTS.map((s) => ({ ...s, full: true })) }));
    expect(await screen.findByText('Every delivery slot for today and tomorrow is full.')).toBeVisible();
    expect(screen.getByRole('radio', { name: 'Schedule for later' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Place Order' })).toBeDisabled();
  });
});

describe('CheckoutPanel: Batch & save', () => {
  afterEach(() => vi.restoreAllMocks());
  const OFFER: DeliveryFeeAnswer = {
    success: true,
    totalDeliveryFee: 500,
    batch: { deliveryFee: 350, waitMinutes: 10 },
  };
  /** What the summary says the customer pays: ₦1,500 of items and this delivery fee (kobo). */
  const total = (deliveryKobo: number) => formatNaira(cartTotals(150_000, deliveryKobo).totalKobo);

  it('is offered off, with its fee and wait; left off, the order pays the full fee', async () => {
    const { paid } = renderSignedIn(() => ({ asap: true, slots: SLOTS }), undefined, OFFER);
    const choice = await screen.findByRole('checkbox', { name: 'Batch & save — ₦350 delivery instead of ₦500' });
    expect(choice).not.toBeChecked();
    expect(choice).toHaveAccessibleDescription('We may deliver with other orders to your hall: up to 10 minutes more.');
    expect(screen.getByTestId('summary-delivery')).toHaveTextContent(/^₦500$/);
    expect(screen.queryByTestId('summary-batch-save')).toBeNull();

    const place = screen.getByRole('button', { name: 'Place Order' });
    await waitFor(() => expect(place).toBeEnabled());
    await userEvent.click(place);
    await waitFor(() => expect(paid()).toHaveLength(1));
    expect(paid()[0]).not.toHaveProperty('batch');
    expect(paid()[0]!.amount).toBe(cartTotals(150_000, 50_000).totalKobo / 100);
  });

  it('ticked, the summary shows the cheaper fee and total, and checkout sends batch with that total', async () => {
    const { paid } = renderSignedIn(() => ({ asap: true, slots: SLOTS }), undefined, OFFER);
    await userEvent.click(await screen.findByRole('checkbox', { name: /^Batch & save/ }));
    // The server's figures for the batched delivery replace the last ones once it has answered.
    await waitFor(() => expect(screen.getByTestId('summary-delivery')).toHaveTextContent(/^₦350/));
    expect(screen.getByTestId('summary-batch-save')).toHaveTextContent('Batch & save: you save ₦150');
    expect(screen.getByTestId('summary-total')).toHaveTextContent(total(35_000));
    expect(total(35_000)).not.toBe(total(50_000));

    await placeOrder();
    await waitFor(() =>
      expect(paid()).toEqual([
        expect.objectContaining({ batch: true, amount: cartTotals(150_000, 35_000).totalKobo / 100 }),
      ]),
    );

    // Unticked again: the full fee is back.
    await userEvent.click(screen.getByRole('checkbox', { name: /^Batch & save/ }));
    await waitFor(() => expect(screen.getByTestId('summary-total')).toHaveTextContent(total(50_000)));
  });

  it('is not offered when it would save nothing, nor by a server that does not batch', async () => {
    renderSignedIn(() => ({ asap: true, slots: SLOTS }), undefined, {
      success: true,
      totalDeliveryFee: 0,
      batch: { deliveryFee: 0, waitMinutes: 10 },
    });
    await waitFor(() => expect(screen.getByTestId('summary-delivery')).toHaveTextContent('Free'));
    expect(screen.queryByRole('checkbox', { name: /Batch & save/ })).toBeNull();
  });

  it('speaks Pidgin', async () => {
    await loadAreas(i18n, ['checkout', ...ROOT_AREAS], 'pcm');
    i18n.activate('pcm');
    renderSignedIn(() => ({ asap: true, slots: SLOTS }), undefined, OFFER);
    const choice = await screen.findByRole('checkbox', { name: 'Batch & save — delivery na ₦350, no be ₦500' });
    expect(choice).toHaveAccessibleDescription(
      'We fit carry your order join oda orders wey dey go your hall: e fit take up to 10 minutes more.',
    );
    await userEvent.click(choice);
    expect(screen.getByTestId('summary-batch-save')).toHaveTextContent('Batch & save: you don save ₦150');
  });
});
