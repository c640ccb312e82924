import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp, stubFetch } from '../../../test/render';
import { i18n } from '../../../i18n';
import { loadAreas } from '../../../i18n/i18n';
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

const accuracyAnswer = (accuracy: {
  jobs: number;
  medianErrorMinutes: number | null;
  withinFiveMinutes: number | null;
}) => ({
  success: true,
  accuracy,
});

/** /admin/eta in the admin portal, with `eta` answering GET /api/admin/eta-accuracy. */
function openPage(eta: unknown) {
  const calls = stubFetch({
    'GET /api/user/is-auth': { success: true, user: ADMIN, role: 'admin' },
    'GET /api/admin/applications': { success: true, vendors: [], riders: [] },
    'GET /api/admin/eta-accuracy': eta,
  });
  renderApp(<AdminPage />, { route: '/admin/eta', path: '/admin/*' });
  return calls;
}

const figure = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

describe('EtaAccuracyPanel: how well the arrival estimates kept their word', () => {
  it('shows the jobs measured, the median error and the share within five minutes', async () => {
    openPage(accuracyAnswer({ jobs: 42, medianErrorMinutes: 3.5, withinFiveMinutes: 0.714 }));
    expect(await screen.findByText('42 delivered jobs')).toBeInTheDocument();
    expect(figure('Measured')).toBe('42 delivered jobs');
    expect(figure('Median error')).toBe('3.5 minutes');
    expect(figure('Within ±5 minutes')).toBe('71%');
    expect(screen.getByRole('heading', { level: 2, name: 'Arrival estimates' })).toBeInTheDocument();
    // The section's own entry in the admin's menu, marked as the page shown.
    const nav = screen.getByRole('navigation', { name: 'Admin sections' });
    expect(within(nav).getByRole('link', { name: 'Arrival estimates' })).toHaveAttribute('aria-current', 'page');
  });

  it('says one job and one minute in the singular', async () => {
    openPage(accuracyAnswer({ jobs: 1, medianErrorMinutes: 1, withinFiveMinutes: 1 }));
    expect(await screen.findByText('1 delivered job')).toBeInTheDocument();
    expect(figure('Median error')).toBe('1 minute');
    expect(figure('Within ±5 minutes')).toBe('100%');
  });

  it('says there is nothing to measure before the first delivery', async () => {
    openPage(accuracyAnswer({ jobs: 0, medianErrorMinutes: null, withinFiveMinutes: null }));
    expect(
      await screen.findByText('No delivered jobs measured yet. The figures show after the first delivery.'),
    ).toBeInTheDocument();
    expect(screen.queryByText('Median error')).toBeNull();
  });

  it('shows a placeholder while the figures load', async () => {
    openPage(accuracyAnswer({ jobs: 3, medianErrorMinutes: 2, withinFiveMinutes: 2 / 3 }));
    // The answer waits until the test lets it through.
    let letThrough: () => void = () => {};
    const gate = new Promise<void>((resolve) => (letThrough = resolve));
    const stubbed = globalThis.fetch;
    globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).includes('/api/admin/eta-accuracy')) await gate;
      return stubbed(input, init);
    }) as typeof fetch;
    expect(await screen.findByRole('status', { name: 'Loading arrival estimates' })).toBeInTheDocument();
    letThrough();
    expect(await screen.findByText('67%')).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading arrival estimates' })).toBeNull();
  });

  it('shows the server’s refusal, and tries again when asked', async () => {
    let fail = true;
    const calls = openPage(() =>
      fail
        ? new Response(JSON.stringify({ success: false, code: 'server_error', message: 'Something went wrong.' }), {
            status: 500,
            headers: { 'Content-Type': 'application/json' },
          })
        : accuracyAnswer({ jobs: 5, medianErrorMinutes: 4, withinFiveMinutes: 0.6 }),
    );
    expect(await screen.findByText('Something went wrong.')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('60%')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/api/admin/eta-accuracy')).toHaveLength(2);
  });

  it('speaks Pidgin when the admin chooses it', async () => {
    await loadAreas(i18n, ['admin', 'common', 'shared', 'layout'], 'pcm');
    i18n.activate('pcm');
    try {
      openPage(accuracyAnswer({ jobs: 42, medianErrorMinutes: 3.5, withinFiveMinutes: 0.714 }));
      expect(await screen.findByText('42 jobs wey we deliver')).toBeInTheDocument();
      expect(figure('E reach inside ±5 minutes')).toBe('71%');
      expect(screen.getByRole('heading', { level: 2, name: 'Arrival time wey we talk' })).toBeInTheDocument();
    } finally {
      i18n.activate('en');
    }
  });
});
