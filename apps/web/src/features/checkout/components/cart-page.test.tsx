import { afterEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { i18n } from '../../../i18n';
import { loadAreas } from '../../../i18n/i18n';
import { ROOT_AREAS } from '../../../i18n/catalogues';
import { GUEST, renderApp, stubFetch } from '../../../test/render';
import { CartPage } from './cart-page';

const line = (id: string, name: string, closed: string | null) => ({
  product: { _id: id, name, image: [], vendorId: 'v1' },
  optionId: 'o1',
  optionName: null,
  unit: 1500,
  qty: 1,
  path: `/products/food/v1/${id}`,
  closed,
});
const NO_ADDRESSES = { data: [], isPending: false, isError: false, error: null };

function renderCart(lines: ReturnType<typeof line>[]) {
  stubFetch({ ...GUEST, 'GET /api/config': { deliveryHours: { open: '00:00', close: '24:00' } } });
  return renderApp(<CartPage lines={lines} linesPending={false} addresses={NO_ADDRESSES} placeInput={() => null} />, {
    route: '/cart',
  });
}

afterEach(() => i18n.activate('en'));

describe('CartPage', () => {
  it('says which closed vendors hold the order back', async () => {
    renderCart([line('p1', 'Beef Suya', 'Closed · opens 18:00'), line('p2', 'Chicken Suya', 'Closed · opens 18:00')]);
    expect(
      await screen.findByText(
        'Beef Suya, Chicken Suya: Closed · opens 18:00. Remove them or order when the vendor opens.',
      ),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Remove Beef Suya from cart' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Login to Place Order' })).toBeDisabled();
  });

  it('speaks Pidgin, empty or full', async () => {
    await loadAreas(i18n, ['checkout', ...ROOT_AREAS], 'pcm');
    i18n.activate('pcm');
    const { unmount } = renderCart([]);
    expect(await screen.findByText('Your cart empty.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Go buy something' })).toHaveAttribute('href', '/products');
    unmount();

    renderCart([line('p1', 'Beef Suya', 'E don close · go open 18:00')]);
    expect(
      await screen.findByText('Beef Suya: E don close · go open 18:00. Comot am or order when di vendor open.'),
    ).toBeVisible();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/^Wetin you wan buy/);
    expect(screen.getByRole('button', { name: 'Comot Beef Suya from cart' })).toBeVisible();
    expect(screen.getByLabelText('How many Beef Suya')).toBeInTheDocument();
    expect(document.title).toBe('Your cart · Jara');
  });
});
