import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { primaryRole, type Role } from '@jara/shared';
import { SubNav } from '../components/ui/sub-nav';
import { CartStore } from '../session/cart-store';
import { fakeSyncApi } from '../test/render';
import { GUEST, stubFetch } from '../test/fetch';
import { AppProviders } from './providers';
import { RootLayout } from './layout';

const vendor = (roles: Role[]) => ({
  _id: 'u1',
  name: 'Ada',
  email: 'ada@jara.test',
  isSeller: roles.includes('vendor'),
  isRider: roles.includes('rider'),
  role: primaryRole(roles),
  roles,
  chatId: null,
  cartItems: {},
  wishList: [],
});

/** The app's layout around a stand-in page, at `path`. */
function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        Component: RootLayout,
        children: [
          { index: true, element: <h1>Shop home</h1> },
          {
            path: 'seller/*',
            element: (
              <SubNav
                label="Seller sections"
                items={[
                  { to: '/seller', label: 'Orders', end: true, badge: 2 },
                  { to: '/seller/products', label: 'Products' },
                ]}
              />
            ),
          },
          { path: 'admin/*', element: <h1>Admin page</h1> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <AppProviders
      queryClient={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
      cartStore={new CartStore(fakeSyncApi())}
    >
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

describe('the layout', () => {
  it('gives a customer page the shop’s bar: cart, search and footer', async () => {
    stubFetch(GUEST);
    renderAt('/');
    expect(await screen.findByRole('heading', { name: 'Shop home' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /^Cart/ })).toHaveAttribute('href', '/cart');
    expect(screen.getAllByRole('search')).not.toHaveLength(0);
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
  });

  it('gives a portal its own bar: home, the portal’s name, language and account, no cart, search or footer', async () => {
    const user = vendor(['customer', 'vendor']);
    stubFetch({
      'GET /api/user/is-auth': { success: true, user, role: user.role },
      'GET /api/chat/unread': { success: true, chatId: null, unread: 0 },
    });
    const router = renderAt('/seller');
    const bar = await screen.findByRole('banner');
    // (The account menu, closed, links to the dashboard by the same name.)
    expect(await within(bar).findByText('Seller dashboard', { selector: 'p' })).toBeVisible();
    expect(within(bar).getByRole('link', { name: 'Jara home' })).toHaveAttribute('href', '/');
    expect(within(bar).getByRole('group', { name: 'Language' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /^Cart/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('search')).not.toBeInTheDocument();
    expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Seller sections' })).toBeInTheDocument();

    // The account menu and its way out are the shop's own.
    await userEvent.click(within(bar).getByRole('button', { name: 'Menu' }));
    expect(await screen.findByRole('button', { name: 'Logout' })).toBeInTheDocument();

    // Back in the shop, the shop's bar and footer come back.
    await router.navigate('/');
    expect(await screen.findByRole('heading', { name: 'Shop home' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /^Cart/ })).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
  });

  it('names each portal in its bar', async () => {
    stubFetch(GUEST);
    renderAt('/admin/users');
    expect(await within(await screen.findByRole('banner')).findByText('Admin', { selector: 'p' })).toBeVisible();
    expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument();
  });
});
