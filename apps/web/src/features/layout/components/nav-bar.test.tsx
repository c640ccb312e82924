import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FORMAT_LOCALE, primaryRole, type Role } from '@jara/shared';
import { GUEST, renderApp, stubFetch } from '../../../test/render';
import { i18n } from '../../../i18n';
import { loadAreas } from '../../../i18n/i18n';
import { NavBar } from './nav-bar';

const PORTALS = ['/seller', '/rider', '/support', '/admin'];

const as = (roles: Role[]) => ({
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

/** Signs `user` in (or nobody), opens the menu and reads its links to the portals, in order. */
async function portalLinks(user: ReturnType<typeof as> | null): Promise<string[]> {
  stubFetch(user ? { 'GET /api/user/is-auth': { success: true, user, role: user.role } } : GUEST);
  const { queryClient } = renderApp(<NavBar />);
  // The menu is read once the session is known.
  await waitFor(() => expect(queryClient.isFetching()).toBe(0));
  const menuButton = screen.getByRole('button', { name: 'Menu' });
  await userEvent.click(menuButton);
  const menu = document.getElementById(menuButton.getAttribute('aria-controls')!)!;
  if (user) expect(within(menu).getByText(user.name)).toBeVisible();
  return within(menu)
    .getAllByRole('link')
    .filter((a) => PORTALS.includes(a.getAttribute('href')!))
    .map((a) => `${a.textContent} → ${a.getAttribute('href')}`);
}

describe('the menu shows the portals the roles open', () => {
  it('a guest gets the ways in', async () => {
    expect(await portalLinks(null)).toEqual(['Sell on Jara → /seller', 'Ride with Jara → /rider']);
  });
  it('a customer gets the ways in', async () => {
    expect(await portalLinks(as(['customer']))).toEqual(['Sell on Jara → /seller', 'Ride with Jara → /rider']);
  });
  it('a vendor who also rides sees both dashboards', async () => {
    expect(await portalLinks(as(['customer', 'vendor', 'rider']))).toEqual([
      'Seller dashboard → /seller',
      'Rider dashboard → /rider',
    ]);
  });
  it('support sees the inbox, not the admin area', async () => {
    const links = await portalLinks(as(['support']));
    expect(links).toContain('Support inbox → /support');
    expect(links).not.toContain('Admin → /admin');
  });
  it('an admin sees the inbox and the admin area', async () => {
    expect(await portalLinks(as(['admin']))).toEqual(
      expect.arrayContaining(['Support inbox → /support', 'Admin → /admin']),
    );
  });
});

describe('the menu bar in Pidgin', () => {
  afterEach(() => i18n.activate('en'));

  it('keeps the English names', async () => {
    stubFetch(GUEST);
    renderApp(<NavBar />);
    const dispatch = screen.getAllByRole('link').filter((a) => a.getAttribute('href') === '/dispatch');
    expect(dispatch.map((a) => a.textContent)).toEqual(['Dispatch Delivery', 'Dispatch Delivery']);
    expect(screen.getByRole('link', { name: 'Cart, 0 items' })).toHaveAttribute('href', '/cart');
  });

  it('names the links, the cart and the menu in Pidgin', async () => {
    await loadAreas(i18n, ['common', 'shared', 'layout'], 'pcm');
    // Plurals follow en-NG in both languages (CLDR's pcm counts 0 as "one"): the app's instance
    // is meant to activate Pidgin with the en-NG rules, as the server render's does.
    i18n.activate('pcm', [FORMAT_LOCALE]);
    const user = as(['customer']);
    stubFetch({ 'GET /api/user/is-auth': { success: true, user, role: user.role } });
    const { queryClient } = renderApp(<NavBar />);
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    const dispatch = screen.getAllByRole('link').filter((a) => a.getAttribute('href') === '/dispatch');
    expect(dispatch.map((a) => a.textContent)).toEqual(['Send parcel', 'Send parcel']);
    expect(screen.getByRole('link', { name: 'Cart, 0 items dey inside' })).toHaveAttribute('href', '/cart');
    expect(screen.getAllByPlaceholderText('Find products')).toHaveLength(2);
    await userEvent.click(screen.getByRole('button', { name: 'Options' }));
    const menu = document.getElementById('main-menu')!;
    expect(within(menu).getByText('Ada')).toBeVisible();
    expect(menu).toHaveTextContent('How far, Ada');
    expect(within(menu).getByRole('link', { name: 'Wetin I don order' })).toHaveAttribute('href', '/my-orders');
    expect(within(menu).getByRole('link', { name: 'Sell for Jara' })).toHaveAttribute('href', '/seller');
    expect(within(menu).getByRole('switch', { name: 'Save data' })).toBeInTheDocument();
    expect(within(menu).getByRole('button', { name: 'Log out' })).toBeInTheDocument();
  });
});
