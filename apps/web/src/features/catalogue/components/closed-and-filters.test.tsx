import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vendorOpenState, type ProductDto, type VendorDto } from '@jara/shared';
import { i18n } from '../../../i18n';
import { loadAreas } from '../../../i18n/i18n';
import { ROOT_AREAS } from '../../../i18n/catalogues';
import { GUEST, NO_PROMOTIONS, renderApp, stubFetch } from '../../../test/render';
import { ProductCard } from './product-card';
import { ProductsPage } from './products-page';

const NIGHT = Object.fromEntries([...'0123456'].map((d) => [d, { open: '18:00', close: '02:00' }]));
const vendor = (over: Partial<VendorDto> = {}): VendorDto => ({
  _id: 'v1',
  businessName: 'Night Suya',
  profilePhoto: '',
  kind: 'food',
  address: '',
  latitude: 6.4,
  longitude: 5.61,
  openingHours: NIGHT,
  isOpen: false,
  acceptingOrders: true,
  ...over,
});
const SUYA: ProductDto = {
  _id: 'p1',
  name: 'Beef Suya',
  category: 'food',
  image: [],
  description: [],
  vendorId: 'v1',
  inStock: true,
  weight: null,
  options: [{ _id: 'o1', name: 'Default Option', price: 1500, offerPrice: null }],
};

afterEach(() => {
  vi.useRealTimers();
  i18n.activate('en');
});

describe('closed vendors on product cards', () => {
  it('shows "Closed · opens 18:00" in Lagos time and turns the cart button off', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-23T11:00:00Z')); // 12:00 Lagos
    stubFetch({ ...GUEST, ...NO_PROMOTIONS, 'GET /api/seller/list': { success: true, vendors: [vendor()] } });
    renderApp(<ProductCard product={SUYA} />);
    expect(await screen.findByText('Closed · opens 18:00')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Add Beef Suya to cart (Closed · opens 18:00)' })).toBeDisabled();
  });

  it('is open after midnight on the previous day’s late hours', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-23T23:30:00Z')); // 00:30 Lagos, Tuesday
    stubFetch({
      ...GUEST,
      ...NO_PROMOTIONS,
      'GET /api/seller/list': { success: true, vendors: [vendor({ isOpen: true })] },
    });
    renderApp(<ProductCard product={SUYA} />);
    expect(await screen.findByRole('button', { name: 'Add Beef Suya to cart' })).toBeEnabled();
    expect(screen.queryByText(/Closed/)).toBeNull();
  });
});

describe('closed labels, worded by the catalogue', () => {
  const MONDAYS = { '1': { open: '08:00', close: '21:00' } };
  it.each([
    ['a later day', vendor({ openingHours: MONDAYS }), new Date('2026-11-21T11:00:00Z')], // Saturday noon
    ['a switched-off vendor', vendor({ acceptingOrders: false }), new Date('2026-11-23T11:00:00Z')],
    ['no hours at all', vendor({ openingHours: {} }), new Date('2026-11-23T11:00:00Z')],
  ])('says what the shared rule says for %s', async (_case, v, at) => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(at);
    stubFetch({ ...GUEST, ...NO_PROMOTIONS, 'GET /api/seller/list': { success: true, vendors: [v] } });
    renderApp(<ProductCard product={SUYA} />);
    const label = vendorOpenState(v.openingHours, v.acceptingOrders ?? v.isOpen, at).label;
    expect(await screen.findByText(label)).toBeVisible();
  });

  it('speaks Pidgin: the closed badge, the card’s buttons and the price', async () => {
    await loadAreas(i18n, ['catalogue', ...ROOT_AREAS], 'pcm');
    i18n.activate('pcm');
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-23T11:00:00Z')); // 12:00 Lagos
    stubFetch({ ...GUEST, ...NO_PROMOTIONS, 'GET /api/seller/list': { success: true, vendors: [vendor()] } });
    const two = { ...SUYA, options: [...SUYA.options, { _id: 'o2', name: 'Big', price: 3000, offerPrice: 2500 }] };
    renderApp(<ProductCard product={two} />);
    expect(await screen.findByText('E don close · go open 18:00')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Put Beef Suya for cart (E don close · go open 18:00)' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Put Beef Suya for wish list' })).toBeEnabled();
    expect(screen.getByText('start from')).toBeInTheDocument();
  });
});

describe('/products filter bar', () => {
  it('asks the API with the search, category, price, open-now and sort from the address bar', async () => {
    const calls = stubFetch({
      ...GUEST,
      ...NO_PROMOTIONS,
      'GET /api/product/list': { success: true, products: [SUYA] },
      'GET /api/seller/list': { success: true, vendors: [vendor({ isOpen: true })] },
    });
    const { router } = renderApp(<ProductsPage />, { route: '/products?search=suya' });
    expect(await screen.findByRole('link', { name: 'Beef Suya' })).toBeVisible();
    await userEvent.selectOptions(screen.getByLabelText('Category'), 'food');
    await userEvent.selectOptions(screen.getByLabelText('Sort by'), 'price-asc');
    await userEvent.click(screen.getByLabelText('Open now'));
    await userEvent.type(screen.getByLabelText('Max ₦'), '2000');
    await waitFor(() => expect(router.state.location.search).toContain('maxPrice=2000'), { timeout: 3000 });
    const params = new URLSearchParams(router.state.location.search);
    expect(Object.fromEntries(params)).toMatchObject({
      search: 'suya',
      category: 'food',
      sort: 'price-asc',
      open: 'true',
      maxPrice: '2000',
    });
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/product/list').length).toBeGreaterThanOrEqual(5));
  }, 20_000);

  it('says so when nothing matches', async () => {
    stubFetch({
      ...GUEST,
      ...NO_PROMOTIONS,
      'GET /api/product/list': { success: true, products: [] },
      'GET /api/seller/list': { success: true, vendors: [] },
    });
    renderApp(<ProductsPage />, { route: '/products?search=zzz' });
    expect(await screen.findByText('No products match “zzz”.')).toBeVisible();
  });

  it('speaks Pidgin: heading, count, filters and sorts', async () => {
    await loadAreas(i18n, ['catalogue', ...ROOT_AREAS], 'pcm');
    i18n.activate('pcm');
    stubFetch({
      ...GUEST,
      ...NO_PROMOTIONS,
      'GET /api/product/list': { success: true, products: [SUYA] },
      'GET /api/seller/list': { success: true, vendors: [vendor({ isOpen: true })] },
    });
    renderApp(<ProductsPage />, { route: '/products?search=suya' });
    expect(await screen.findByRole('heading', { name: 'Wetin we find for “suya”' })).toBeVisible();
    expect(await screen.findByText('1 item')).toBeVisible();
    expect(screen.getByLabelText('Kind')).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Price: cheap go cost' })).toBeInTheDocument();
    expect(screen.getByLabelText('Only wetin dey')).toBeChecked();
    expect(document.title).toBe('All di goods · Jara');
  });
});
