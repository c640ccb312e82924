import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { outsideDeliveryHoursMessage, type DailyWindow } from '@jara/shared';
import { i18n } from '../../../i18n';
import { loadAreas } from '../../../i18n/i18n';
import { ROOT_AREAS } from '../../../i18n/catalogues';
import { GUEST, renderApp, stubFetch } from '../../../test/render';
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
