import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { renderApp, stubFetch } from '../../../test/render';
import { AdminPage } from './admin-page';

const ADMIN = {
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

/** /admin/exports in the admin portal. */
function openPage() {
  const calls = stubFetch({
    'GET /api/user/is-auth': { success: true, user: ADMIN, role: 'admin' },
    'GET /api/admin/applications': { success: true, vendors: [], riders: [] },
  });
  renderApp(<AdminPage />, { route: '/admin/exports', path: '/admin/*' });
  return calls;
}

const link = (name: string) => screen.getByRole('link', { name: `Download ${name} as CSV` });

describe('ExportsPanel: CSV files for the accountant', () => {
  beforeEach(() => {
    // 23:30 on 30 Nov in UTC is already 1 Dec in Lagos.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-30T23:30:00Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('links each kind to its file for this Lagos month, as plain downloads', async () => {
    openPage();
    expect(await screen.findByRole('heading', { level: 2, name: 'Exports for the accountant' })).toBeInTheDocument();
    expect(screen.getByLabelText('From')).toHaveValue('2026-12-01');
    expect(screen.getByLabelText('To')).toHaveValue('2026-12-31');
    const expected: [string, string][] = [
      ['Orders', '/api/admin/exports/orders?from=2026-12-01&to=2026-12-31'],
      ['Order items', '/api/admin/exports/order-items?from=2026-12-01&to=2026-12-31'],
      ['Payouts', '/api/admin/exports/payouts?from=2026-12-01&to=2026-12-31'],
      ['Refunds', '/api/admin/exports/refunds?from=2026-12-01&to=2026-12-31'],
      ['Ledger', '/api/admin/exports/ledger?from=2026-12-01&to=2026-12-31'],
    ];
    for (const [name, href] of expected) {
      expect(link(name)).toHaveAttribute('href', href);
      expect(link(name)).toHaveAttribute('download');
    }
  });

  it('follows the dates chosen', async () => {
    openPage();
    fireEvent.change(await screen.findByLabelText('From'), { target: { value: '2026-11-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-15' } });
    expect(link('Refunds')).toHaveAttribute('href', '/api/admin/exports/refunds?from=2026-11-01&to=2026-11-15');
  });

  it('offers no file for a period the server would refuse, and says why', async () => {
    openPage();
    fireEvent.change(await screen.findByLabelText('From'), { target: { value: '2027-01-05' } });
    expect(screen.getByText('The end day is before the start day.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /as CSV/ })).toBeNull();
    expect(screen.getAllByText('Fix the dates first')).toHaveLength(5);
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2025-01-01' } });
    expect(screen.getByText('An export can cover at most 366 days.')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-12-02' } });
    expect(link('Ledger')).toHaveAttribute('href', '/api/admin/exports/ledger?from=2026-12-02&to=2026-12-31');
  });
});
