import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { cartTotals, formatNaira, type Address, type AppliedDiscountDto } from '@jara/shared';
import { i18n } from '../../../i18n';
import { loadAreas } from '../../../i18n/i18n';
import { ROOT_AREAS } from '../../../i18n/catalogues';
import { GUEST, renderApp, stubFetch } from '../../../test/render';
import { CUSTOMER } from '../../../test/users';
import { CheckoutPanel } from './checkout-panel';

/** ₦1,500 of Mama Put's jollof, delivered for ₦500: ₦2,050 with its service fee, no promotion. */
const LINE = { product: 'p1', quantity: 1, vendorId: 'v1', optionId: 'o1', price: 1500 };
const NOON = new Date('2026-11-23T11:00:00Z');
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

const JOLLOF10: AppliedDiscountDto = {
  promotionId: 'pr1',
  title: '10% off Mama Put',
  code: 'JOLLOF10',
  target: 'items',
  amount: 150,
  fundedBy: 'vendor',
  vendorName: 'Mama Put',
};
const FREE_DELIVERY: AppliedDiscountDto = {
  promotionId: 'pr2',
  title: 'Free delivery after 8 pm',
  code: null,
  target: 'delivery',
  amount: 500,
  fundedBy: 'platform',
  vendorName: null,
};

/** The server's quote: items and delivery before the discounts, the service fee on what is left. */
function quote(discounts: AppliedDiscountDto[]) {
  const off = discounts.reduce((s, d) => s + d.amount * 100, 0);
  const rest = cartTotals(150_000 - off, 50_000);
  return {
    success: true,
    itemsPrice: 1500,
    deliveryFee: 500,
    serviceFee: rest.serviceFeeKobo / 100,
    total: rest.totalKobo / 100,
    discounts,
  };
}
const PLAIN_TOTAL = formatNaira(cartTotals(150_000, 50_000).totalKobo);
const refusal = (status: number, code: string, message: string) =>
  new Response(JSON.stringify({ success: false, code, message }), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

type Body = { code?: string; amount?: number };

/**
 * A signed-in checkout whose quote answers `answer(code)` (a Response for a refusal), and whose
 * payment answers `payment` (a Response for a refusal).
 */
function renderCheckout(answer: (code: string | undefined) => unknown, payment?: () => unknown) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOON);
  const assign = vi.fn();
  vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign } as Location);
  const calls = stubFetch({
    ...GUEST,
    'GET /api/config': { deliveryHours: { open: '08:00', close: '21:00' }, deliveryFeeRange: { min: 500, max: 1800 } },
    'POST /api/order/delivery-fee': { success: true, totalDeliveryFee: 500 },
    'GET /api/order/slots': { success: true, asap: true, slots: [] },
    'POST /api/order/quote': (body: unknown) => answer((body as Body).code),
    'POST /api/payment/paystack': () => payment?.() ?? { success: true, url: '/pay', reference: 'r1' },
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
  const sent = (path: string) => calls.filter((c) => c.path === path).map((c) => c.body as Body);
  return { assign, quotes: () => sent('/api/order/quote'), paid: () => sent('/api/payment/paystack') };
}

const field = () => screen.getByRole('textbox', { name: 'Promo code' });
async function applyCode(text: string) {
  await userEvent.clear(field());
  await userEvent.type(field(), text);
  await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
}
async function placeOrder() {
  const place = screen.getByRole('button', { name: 'Place Order' });
  await waitFor(() => expect(place).toBeEnabled());
  await userEvent.click(place);
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
  i18n.activate('en');
});

describe('the promo code field', () => {
  it('applies a code: the server prices it, the summary lists each discount and who pays, checkout sends both', async () => {
    const { quotes, paid, assign } = renderCheckout((code) =>
      quote(code === 'JOLLOF10' ? [JOLLOF10, FREE_DELIVERY] : [FREE_DELIVERY]),
    );
    // An automatic promotion shows without a code.
    await waitFor(() => expect(screen.getAllByTestId('summary-discount')).toHaveLength(1));
    expect(screen.getByTestId('summary-discount')).toHaveTextContent('Free delivery after 8 pm (paid by Jara)−₦500');

    // Letter case and spaces do not matter.
    await applyCode(' jollof 10');
    expect(await screen.findByTestId('promo-applied')).toHaveTextContent('JOLLOF10 applied');
    const lines = screen.getAllByTestId('summary-discount');
    expect(lines.map((l) => l.textContent)).toEqual([
      'JOLLOF10 · 10% off Mama Put (paid by Mama Put)−₦150',
      'Free delivery after 8 pm (paid by Jara)−₦500',
    ]);
    // Items and delivery before the discounts, the service fee and total after: they add up.
    const priced = quote([JOLLOF10, FREE_DELIVERY]);
    expect(screen.getByTestId('summary-items')).toHaveTextContent('₦1,500');
    expect(screen.getByTestId('summary-delivery')).toHaveTextContent('₦500');
    expect(screen.getByTestId('summary-total')).toHaveTextContent(formatNaira(Math.round(priced.total * 100)));
    expect(quotes().at(-1)).toMatchObject({ code: 'JOLLOF10', address: 'a1' });

    await placeOrder();
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/pay'));
    expect(paid()).toEqual([expect.objectContaining({ code: 'JOLLOF10', amount: priced.total })]);
  });

  it('says why the server refuses a code, keeps the total it had and forgets the code', async () => {
    const message = '"10% off Mama Put" needs ₦3,000 of eligible items; your cart has ₦1,500.';
    const { quotes, paid } = renderCheckout((code) => (code ? refusal(400, 'promo_min_spend', message) : quote([])));
    await waitFor(() => expect(screen.getByTestId('summary-total')).toHaveTextContent(PLAIN_TOTAL));
    await applyCode('JOLLOF10');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(message);
    expect(field()).toHaveAccessibleDescription(message);
    expect(field()).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByTestId('summary-total')).toHaveTextContent(PLAIN_TOTAL);
    expect(screen.queryByTestId('promo-applied')).toBeNull();
    expect(screen.queryByTestId('summary-discount')).toBeNull();

    await placeOrder();
    await waitFor(() => expect(paid()).toHaveLength(1));
    expect(paid()[0]).not.toHaveProperty('code');
    expect(paid()[0]!.amount).toBe(cartTotals(150_000, 50_000).totalKobo / 100);
    expect(quotes().filter((q) => q.code)).toHaveLength(1);
  });

  it('checks the code’s shape before asking: an empty field or one with symbols', async () => {
    const { quotes } = renderCheckout(() => quote([]));
    await waitFor(() => expect(quotes()).toHaveLength(1));
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Enter a promo code.');
    await applyCode('50%OFF!');
    expect(screen.getByRole('alert')).toHaveTextContent('A code is 3 to 20 letters, digits or dashes.');
    expect(quotes().some((q) => q.code)).toBe(false);
  });

  it('Remove takes the code off and prices the cart without it', async () => {
    const { quotes } = renderCheckout((code) => quote(code ? [JOLLOF10] : []));
    await applyCode('jollof10');
    await screen.findByTestId('promo-applied');
    expect(screen.getByTestId('summary-total')).not.toHaveTextContent(PLAIN_TOTAL);
    await userEvent.click(screen.getByRole('button', { name: 'Remove the code JOLLOF10' }));
    await waitFor(() => expect(screen.getByTestId('summary-total')).toHaveTextContent(PLAIN_TOTAL));
    expect(screen.queryByTestId('summary-discount')).toBeNull();
    expect(field()).toHaveValue('');
    expect(quotes().at(-1)).not.toHaveProperty('code');
  });

  it('asks the server again on every Apply, even for a code taken off and put back at once', async () => {
    let barred = false;
    const { quotes } = renderCheckout((code) =>
      code && barred
        ? refusal(403, 'promo_barred', 'This account cannot use offers. Please contact support.')
        : quote(code ? [JOLLOF10] : []),
    );
    await applyCode('JOLLOF10');
    await screen.findByTestId('promo-applied');
    barred = true;
    // Off and on again before the cart has been priced without it.
    await userEvent.click(screen.getByRole('button', { name: 'Remove the code JOLLOF10' }));
    await applyCode('JOLLOF10');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This account cannot use offers. Please contact support.',
    );
    expect(screen.queryByTestId('promo-applied')).toBeNull();
    await waitFor(() => expect(screen.getByTestId('summary-total')).toHaveTextContent(PLAIN_TOTAL));
    expect(quotes().filter((q) => q.code)).toHaveLength(2);
  });

  it('a code used up meanwhile: checkout’s refusal is said, the cart priced again without it, nothing paid', async () => {
    let usedUp = false;
    const { paid, assign } = renderCheckout(
      (code) =>
        code && usedUp
          ? refusal(409, 'promo_exhausted', 'That offer has been used up.')
          : quote(code ? [JOLLOF10] : []),
      () => {
        usedUp = true;
        return refusal(409, 'promo_exhausted', 'That offer has been used up.');
      },
    );
    await applyCode('JOLLOF10');
    await screen.findByTestId('promo-applied');
    await placeOrder();

    expect(await screen.findByRole('alert')).toHaveTextContent('That offer has been used up.');
    await waitFor(() => expect(screen.getByTestId('summary-total')).toHaveTextContent(PLAIN_TOTAL));
    expect(screen.queryByTestId('promo-applied')).toBeNull();
    expect(assign).not.toHaveBeenCalled();
    expect(paid()).toHaveLength(1);
  });

  it('shows a spinner while it asks, keeping the last figures', async () => {
    renderCheckout((code) => quote(code ? [JOLLOF10] : []));
    // The quote with the code waits until the test lets it through.
    let release: (() => void) | null = null;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const stubbed = globalThis.fetch;
    globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).endsWith('/api/order/quote') && String(init?.body).includes('"code"')) await gate;
      return stubbed(input, init);
    }) as typeof fetch;
    await waitFor(() => expect(screen.getByTestId('summary-total')).toHaveTextContent(PLAIN_TOTAL));
    await applyCode('JOLLOF10');
    const asking = () => screen.queryAllByRole('status').filter((s) => s.textContent === 'Updating your total');
    await waitFor(() => expect(asking()).toHaveLength(1));
    expect(screen.getByRole('button', { name: 'Applying…' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Place Order' })).toBeDisabled();
    expect(screen.getByTestId('summary-total')).toHaveTextContent(PLAIN_TOTAL);
    release!();
    expect(await screen.findByTestId('promo-applied')).toBeInTheDocument();
    expect(asking()).toEqual([]);
  });

  it('is not offered to a guest, whose summary stays as the specification has it', async () => {
    stubFetch({
      ...GUEST,
      'GET /api/config': {
        deliveryHours: { open: '00:00', close: '24:00' },
        deliveryFeeRange: { min: 500, max: 1800 },
      },
    });
    renderApp(
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
    expect(await screen.findByRole('button', { name: 'Login to Place Order' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Promo code' })).toBeNull();
    const summary = screen.getByTestId('summary-total').closest('dl')!;
    expect(within(summary).getByText('Delivery Fee')).toBeInTheDocument();
    expect(within(summary).getByText('Service Fee')).toBeInTheDocument();
    expect(within(summary).getByText('Total')).toBeInTheDocument();
  });

  it('speaks Pidgin', async () => {
    await loadAreas(i18n, ['checkout', ...ROOT_AREAS], 'pcm');
    i18n.activate('pcm');
    renderCheckout((code) => quote(code ? [JOLLOF10, FREE_DELIVERY] : []));
    const input = await screen.findByRole('textbox', { name: 'Promo code' });
    await userEvent.type(input, 'jollof10');
    await userEvent.click(screen.getByRole('button', { name: 'Use am' }));
    expect(await screen.findByTestId('promo-applied')).toHaveTextContent('JOLLOF10 don enter');
    expect(screen.getAllByTestId('summary-discount')[0]).toHaveTextContent(
      'JOLLOF10 · 10% off Mama Put (Mama Put dey pay am)',
    );
    expect(screen.getAllByTestId('summary-discount')[1]).toHaveTextContent(
      'Free delivery after 8 pm (Jara dey pay am)',
    );
    expect(screen.getByRole('button', { name: 'Comot di code JOLLOF10' })).toBeInTheDocument();
  });
});
