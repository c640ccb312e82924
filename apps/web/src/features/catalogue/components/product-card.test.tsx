import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ProductDto } from '@jara/shared';
import { GUEST, NO_PROMOTIONS, renderApp, stubFetch } from '../../../test/render';
import { ProductCard } from './product-card';

const product = (options: ProductDto['options']): ProductDto => ({
  _id: 'p1',
  name: 'Jollof Rice',
  category: 'food',
  image: [],
  description: [],
  vendorId: 'v1',
  inStock: true,
  options,
  weight: null,
});
const TWO = [
  { _id: 'small', name: 'Small plate', price: 2300, offerPrice: null },
  { _id: 'big', name: 'Big plate', price: 2800, offerPrice: null },
];

describe('ProductCard', () => {
  it('says "from" the cheapest price when options differ, and the cart button asks which option', async () => {
    stubFetch({ ...GUEST, ...NO_PROMOTIONS, 'GET /api/seller/list': { success: true, vendors: [] } });
    const { cartStore } = renderApp(<ProductCard product={product(TWO)} />);
    expect(screen.getByText('from')).toBeInTheDocument();
    expect(screen.getByText('₦2,300')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Choose an option of Jollof Rice' }));
    // Nothing added until the customer picks.
    expect(cartStore.getSnapshot().cartItems).toEqual({});
    const dialog = screen.getByRole('dialog', { name: 'Choose an option' });
    await userEvent.click(within(dialog).getByRole('button', { name: /Big plate/ }));
    expect(cartStore.getSnapshot().cartItems).toEqual({ p1: { big: 1 } });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('adds a single-option product at once, without "from"', async () => {
    stubFetch({ ...GUEST, ...NO_PROMOTIONS, 'GET /api/seller/list': { success: true, vendors: [] } });
    const { cartStore } = renderApp(<ProductCard product={product([TWO[0]!])} />);
    expect(screen.queryByText('from')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Add Jollof Rice to cart' }));
    expect(cartStore.getSnapshot().cartItems).toEqual({ p1: { small: 1 } });
  });

  it('two options at the same price: no "from", but still a choice', async () => {
    stubFetch({ ...GUEST, ...NO_PROMOTIONS, 'GET /api/seller/list': { success: true, vendors: [] } });
    renderApp(<ProductCard product={product([TWO[0]!, { ...TWO[1]!, price: 2300 }])} />);
    expect(screen.queryByText('from')).toBeNull();
    expect(screen.getByRole('button', { name: 'Choose an option of Jollof Rice' })).toBeInTheDocument();
  });

  it('labels a product a live promotion is about, by its title, and only those', async () => {
    const live = (over: object) => ({
      _id: 'pr1',
      title: 'Free delivery after 8 pm',
      kind: 'delivery',
      vendorIds: [],
      categories: [],
      productIds: [],
      studentsOnly: false,
      ...over,
    });
    const calls = stubFetch({
      ...GUEST,
      'GET /api/seller/list': { success: true, vendors: [] },
      'GET /api/promotions/live': {
        success: true,
        promotions: [live({}), live({ _id: 'pr2', title: '₦300 off Loop Snacks', kind: 'fixed', vendorIds: ['v2'] })],
      },
    });
    const { unmount } = renderApp(
      <>
        <ProductCard product={product([TWO[0]!])} />
        <ProductCard product={{ ...product([TWO[0]!]), _id: 'p2', name: 'Chin chin', vendorId: 'v2' }} />
      </>,
    );
    await waitFor(() => expect(screen.getAllByTestId('promotion-tags')).toHaveLength(2));
    const [jollof, chinChin] = screen.getAllByRole('article');
    expect(within(jollof!).getByTestId('promotion-tags')).toHaveTextContent(/^Free delivery after 8 pm$/);
    // One label on a card: the first that is about it.
    expect(within(chinChin!).getByTestId('promotion-tags')).toHaveTextContent(/^Free delivery after 8 pm$/);
    // Asked once for every card on the page.
    expect(calls.filter((c) => c.path === '/api/promotions/live')).toHaveLength(1);
    unmount();
  });

  it('shows no label when no promotion is about the product', async () => {
    stubFetch({
      ...GUEST,
      'GET /api/seller/list': { success: true, vendors: [] },
      'GET /api/promotions/live': {
        success: true,
        promotions: [
          {
            _id: 'pr2',
            title: '₦300 off Loop Snacks',
            kind: 'fixed',
            vendorIds: ['v2'],
            categories: [],
            productIds: [],
            studentsOnly: false,
          },
        ],
      },
    });
    renderApp(<ProductCard product={product([TWO[0]!])} />);
    await screen.findByRole('button', { name: 'Add Jollof Rice to cart' });
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByTestId('promotion-tags')).toBeNull();
  });
});
