import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import type { ChecklistItem } from '@jara/shared';
import { GUEST, renderApp, stubFetch } from '../../../test/render';
import { i18n } from '../../../i18n';
import { loadAreas } from '../../../i18n/i18n';
import { FirstRunChecklist } from './first-run-checklist';

const ALL_DONE: ChecklistItem[] = [
  { key: 'admin', done: true, detail: '1' },
  { key: 'payments', done: true, detail: 'paystack_live' },
  { key: 'smtp', done: true },
  { key: 'categories', done: true, detail: '6' },
  { key: 'delivery_hours', done: true, detail: '08:00-21:00' },
  { key: 'first_vendor', done: true, detail: '2' },
];
const FIRST_DAY: ChecklistItem[] = [
  { key: 'admin', done: true, detail: '1' },
  { key: 'payments', done: false, detail: 'paystack_test' },
  { key: 'smtp', done: false },
  { key: 'categories', done: false, detail: '0' },
  { key: 'delivery_hours', done: false, detail: '08:00-21:00' },
  { key: 'first_vendor', done: false, detail: '0' },
];

function show(items: ChecklistItem[]) {
  const calls = stubFetch({ ...GUEST, 'GET /api/admin/checklist': { success: true, items } });
  renderApp(<FirstRunChecklist />, { route: '/admin' });
  return calls;
}

describe('FirstRunChecklist', () => {
  it('lists what is missing with what to do, and what is done', async () => {
    show(FIRST_DAY);
    expect(await screen.findByRole('heading', { name: 'Getting started' })).toBeInTheDocument();
    expect(screen.getByText('1 of 6 done. What is still missing:')).toBeInTheDocument();
    expect(screen.getByText('Done: An admin account')).toBeInTheDocument();
    for (const missing of ['Payment provider', 'Email (SMTP)', 'Categories', 'Delivery hours', 'First shop approved'])
      expect(screen.getByText(`Missing: ${missing}`)).toBeInTheDocument();
    expect(screen.getByText(/is a Paystack test key \(sk_test_…\)/)).toBeInTheDocument();
    expect(screen.getByText(/Set SMTP_URL/)).toBeInTheDocument();
    expect(screen.getByText(/now the default, 08:00–21:00/)).toBeInTheDocument();
    expect(screen.getByText("Approve a shop's application below.")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open categories' })).toHaveAttribute('href', '/admin/categories');
    // Nothing to do about the admin account: no hint for it.
    expect(screen.queryByText(/admin:create/)).toBeNull();
  });

  it('tells the sandbox apart from a test key', async () => {
    show(FIRST_DAY.map((i) => (i.key === 'payments' ? { ...i, detail: 'sandbox' } : i)));
    expect(await screen.findByText(/Payments use the sandbox/)).toBeInTheDocument();
  });

  it('is not shown once everything is done', async () => {
    const calls = show(ALL_DONE);
    await waitFor(() => expect(calls.some((c) => c.path === '/api/admin/checklist')).toBe(true));
    // Give the answer time to arrive and render.
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('heading', { name: 'Getting started' })).toBeNull();
  });

  it('speaks Pidgin', async () => {
    await loadAreas(i18n, ['admin', 'common', 'shared', 'layout'], 'pcm');
    i18n.activate('pcm');
    try {
      show(FIRST_DAY);
      expect(await screen.findByRole('heading', { name: 'Wetin remain to start' })).toBeInTheDocument();
      expect(screen.getByText('E never set: Email (SMTP)')).toBeInTheDocument();
    } finally {
      i18n.activate('en');
    }
  });
});
