import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FORMAT_LOCALE } from '@jara/shared';
import { i18n } from '../../i18n';
import { loadAreas } from '../../i18n/i18n';
import { GUEST, renderApp, stubFetch } from '../../test/render';
import { SubNav, type SubNavItem } from './sub-nav';

const ADMIN: SubNavItem[] = [
  { to: '/admin', label: 'Applications', badge: 3, end: true },
  { to: '/admin/users', label: 'Users' },
  { to: '/admin/orders', label: 'Orders' },
  { to: '/admin/dispatches', label: 'Dispatches' },
  { to: '/admin/refunds', label: 'Refunds', badge: 2 },
  { to: '/admin/banners', label: 'Banners' },
  { to: '/admin/outbox', label: 'Outbox', badge: 1 },
];

const RIDER: SubNavItem[] = [
  { to: '/rider', label: 'Job board', end: true },
  { to: '/rider/active', label: 'Active', badge: 1 },
  { to: '/rider/history', label: 'History' },
  { to: '/rider/earnings', label: 'Earnings' },
];

/** Renders the sections at `route`; resolves with the nav once its words are loaded. */
async function show(items: SubNavItem[], route: string): Promise<HTMLElement> {
  stubFetch(GUEST);
  const portal = route.split('/')[1]!;
  renderApp(<SubNav label="Sections" items={items} />, { route, path: `/${portal}/*` });
  return screen.findByRole('navigation', { name: 'Sections' });
}

/**
 * What a phone shows in the bar: jsdom applies no style sheet, so the tabs the bar keeps are the
 * links whose item is not hidden below the md breakpoint, then More.
 */
function phoneTabs(nav: HTMLElement): string[] {
  return within(nav)
    .getAllByRole('listitem')
    .filter((li) => !li.classList.contains('max-md:hidden') && !li.classList.contains('md:hidden'))
    .map((li) => li.querySelector('a')!.getAttribute('href')!)
    .concat(within(nav).queryByRole('button', { name: /More/ }) ? ['More'] : []);
}

describe('a portal’s sections on a phone', () => {
  afterEach(() => i18n.activate('en'));

  it('keeps at most five tabs: four sections and More, which opens the rest', async () => {
    const nav = await show(ADMIN, '/admin/outbox');
    expect(phoneTabs(nav)).toEqual(['/admin', '/admin/users', '/admin/orders', '/admin/dispatches', 'More']);

    const more = within(nav).getByRole('button', { name: /More/ });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(more);
    const sheet = screen.getByRole('dialog', { name: 'Sections' });
    expect(more).toHaveAttribute('aria-expanded', 'true');
    expect(
      within(sheet)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/admin/refunds', '/admin/banners', '/admin/outbox']);
    // The section open now is marked in the sheet, not in the bar.
    expect(within(sheet).getByRole('link', { name: /Outbox/ })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Applications, 3 new' })).not.toHaveAttribute('aria-current');

    await userEvent.click(within(sheet).getByRole('link', { name: /Banners/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(nav).getByRole('link', { name: 'Banners' })).toHaveAttribute('aria-current', 'page');
    // Focus goes back to More, where the user was.
    expect(more).toHaveFocus();
  });

  it('keeps every badge in sight: a section’s on its tab, those under More added up on More', async () => {
    const nav = await show(ADMIN, '/admin');
    expect(within(nav).getByRole('link', { name: 'Applications, 3 new' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('button', { name: 'More, 3 new' })).toBeInTheDocument();
  });

  it('closes the sheet with Escape', async () => {
    await show(ADMIN, '/admin/users');
    await userEvent.click(screen.getByRole('button', { name: /More/ }));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('needs no More for five sections or fewer', async () => {
    const nav = await show(RIDER, '/rider/active');
    expect(phoneTabs(nav)).toEqual(['/rider', '/rider/active', '/rider/history', '/rider/earnings']);
    expect(within(nav).getByRole('link', { name: 'Active, 1 new' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Job board' })).not.toHaveAttribute('aria-current');
    expect(screen.queryByRole('button', { name: /More/ })).not.toBeInTheDocument();
  });

  it('says More and the badge in Pidgin', async () => {
    await loadAreas(i18n, ['common', 'shared', 'layout'], 'pcm');
    i18n.activate('pcm', [FORMAT_LOCALE]);
    const nav = await show(ADMIN, '/admin');
    expect(within(nav).getByRole('button', { name: 'Oda ones, 3 new one' })).toBeInTheDocument();
  });
});
