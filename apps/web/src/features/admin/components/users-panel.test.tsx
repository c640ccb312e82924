import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp, stubFetch } from '../../../test/render';
import { i18n } from '../../../i18n';
import { loadAreas } from '../../../i18n/i18n';
import { UsersPanel } from './users-panel';

const ME = {
  _id: 'admin1',
  name: 'Ade Admin',
  email: 'admin@jara.test',
  isSeller: false,
  isRider: false,
  role: 'admin',
  roles: ['admin'],
  chatId: null,
  cartItems: {},
  wishList: [],
};
const users = [
  {
    _id: 'admin1',
    name: 'Ade Admin',
    email: 'admin@jara.test',
    role: 'admin',
    roles: ['admin'],
    createdAt: '2025-01-01T00:00:00.000Z',
    emailVerified: true,
    phone: null,
    verifiedStudent: false,
  },
  {
    _id: 'u2',
    name: 'Mama Ronke',
    email: 'ronke@example.com',
    role: 'rider',
    roles: ['customer', 'vendor', 'rider'],
    createdAt: '2025-01-02T00:00:00.000Z',
    emailVerified: true,
    phone: '+2348031234567',
    verifiedStudent: true,
  },
  {
    _id: 'u3',
    name: 'Sade Support',
    email: 'sade@example.com',
    role: 'support',
    roles: ['support'],
    createdAt: '2025-01-03T00:00:00.000Z',
    emailVerified: false,
    phone: null,
    verifiedStudent: false,
  },
];

function setup() {
  const calls = stubFetch({
    'GET /api/user/is-auth': { success: true, user: ME, role: 'admin' },
    'GET /api/admin/users': { success: true, users },
    'GET /api/admin/riders/low-rated': { success: true, riders: [] },
    'POST /api/admin/users/u2/role': { success: true, message: 'Roles updated' },
    'POST /api/admin/users/u2/revoke-verification': { success: true, message: 'Verification revoked' },
    'POST /api/admin/users/u3/role': () =>
      new Response(
        JSON.stringify({ success: false, message: 'An account keeps at least one role.', code: 'last_role' }),
        { status: 409 },
      ),
  });
  renderApp(<UsersPanel />, { route: '/admin/users' });
  return calls;
}

describe('UsersPanel: roles are capabilities', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows every role a user holds as a checkbox, and not for the admin’s own account', async () => {
    setup();
    expect(await screen.findByRole('checkbox', { name: 'vendor role of Mama Ronke' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'rider role of Mama Ronke' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'support role of Mama Ronke' })).not.toBeChecked();
    expect(screen.queryByRole('checkbox', { name: /of Ade Admin/ })).toBeNull();
    expect(screen.getByText('admin (you)')).toBeInTheDocument();
  });

  it('shows every role label whole: the full word, kept on one line, no class that cuts it', async () => {
    setup();
    const box = await screen.findByRole('checkbox', { name: 'customer role of Mama Ronke' });
    const row = box.closest('tr')!;
    const labels = [...row.querySelectorAll('label')].map((l) => l.textContent);
    expect(labels).toEqual(['customer', 'vendor', 'rider', 'support', 'admin']);
    for (const label of row.querySelectorAll('label')) {
      expect(label.className).toMatch(/\bwhitespace-nowrap\b/);
      expect(label.className).toMatch(/\bshrink-0\b/);
    }
    const cutting =
      /\b(truncate|text-ellipsis|text-clip|overflow-hidden|overflow-clip|line-clamp-\d+|max-w-\S+|w-\d+)\b/;
    for (const el of row.querySelectorAll('*')) expect(String(el.getAttribute('class') ?? '')).not.toMatch(cutting);
  });

  it('shows the server’s refusal to withdraw the last admin', async () => {
    stubFetch({
      'GET /api/user/is-auth': { success: true, user: ME, role: 'admin' },
      'GET /api/admin/users': { success: true, users },
      'GET /api/admin/riders/low-rated': { success: true, riders: [] },
      'POST /api/admin/users/u2/role': () =>
        new Response(
          JSON.stringify({
            success: false,
            message: 'This is the last admin. Make another admin before you withdraw this one.',
            code: 'last_admin',
          }),
          { status: 409 },
        ),
    });
    renderApp(<UsersPanel />, { route: '/admin/users' });
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    await userEvent.click(await screen.findByRole('checkbox', { name: 'rider role of Mama Ronke' }));
    expect(
      await screen.findByText('This is the last admin. Make another admin before you withdraw this one.'),
    ).toBeInTheDocument();
  });

  it('grants and withdraws one role at a time after confirming', async () => {
    const calls = setup();
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    await userEvent.click(await screen.findByRole('checkbox', { name: 'support role of Mama Ronke' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ role: 'support', grant: true }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'rider role of Mama Ronke' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'POST').at(-1)?.body).toEqual({ role: 'rider', grant: false }),
    );
  });

  it('sends nothing when the admin does not confirm', async () => {
    const calls = setup();
    vi.spyOn(window, 'confirm').mockReturnValue(false);
    await userEvent.click(await screen.findByRole('checkbox', { name: 'admin role of Mama Ronke' }));
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('shows the server’s conflict when the last role would go', async () => {
    setup();
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    await userEvent.click(await screen.findByRole('checkbox', { name: 'support role of Sade Support' }));
    expect(await screen.findByText('An account keeps at least one role.')).toBeInTheDocument();
  });

  it('shows each account’s verification and revokes it after confirming', async () => {
    const calls = setup();
    expect(await screen.findByText('Phone +2348031234567 verified')).toBeInTheDocument();
    expect(screen.getByText('Verified student')).toBeInTheDocument();
    expect(screen.getByText('Email not verified')).toBeInTheDocument();
    // Nothing to revoke for an unverified account, and never on the admin's own.
    expect(screen.queryByRole('button', { name: 'Revoke the verification of Sade Support' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Revoke the verification of Ade Admin' })).toBeNull();
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    await userEvent.click(screen.getByRole('button', { name: 'Revoke the verification of Mama Ronke' }));
    expect(confirm).toHaveBeenCalledWith(
      'Revoke the verified email and phone of Mama Ronke? They will have to verify again.',
    );
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.path === '/api/admin/users/u2/revoke-verification')).toBe(true),
    );
    expect(await screen.findByText('The verification of Mama Ronke is revoked')).toBeInTheDocument();
  });

  it('speaks Pidgin when the student chooses it', async () => {
    await loadAreas(i18n, ['admin', 'common', 'shared', 'layout'], 'pcm');
    i18n.activate('pcm');
    try {
      setup();
      expect(await screen.findByRole('checkbox', { name: 'vendor role for Mama Ronke' })).toBeChecked();
      expect(screen.getByText('admin (na you)')).toBeInTheDocument();
      expect(screen.getByPlaceholderText('Find by name or email')).toBeInTheDocument();
      expect(screen.getByRole('option', { name: 'All role dem' })).toBeInTheDocument();
      expect(screen.getByRole('columnheader', { name: 'Role dem' })).toBeInTheDocument();
    } finally {
      i18n.activate('en');
    }
  });
});
