import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { primaryRole, type Role } from '@jara/shared';
import { GUEST, renderApp, stubFetch } from '../../../test/render';
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
