import { afterEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { EarningsDto } from '@jara/shared';
import { GUEST, renderApp, stubFetch } from '../test/render';
import { i18n } from '../i18n';
import { loadAreas } from '../i18n/i18n';
import { EarningsView } from './earnings-view';

/** A rider with one delivered week, a job under way, one entry in its dispute window, one released, and one payout on its way. */
const data: EarningsDto = {
  percent: 80,
  totalEarned: 2500,
  paidOut: 1000,
  scheduled: 0,
  available: 1500,
  held: 700,
  inWindow: 640,
  disputeWindowMinutes: 30,
  byWeek: [{ weekStart: '2026-11-23', gross: 3125, net: 2500, count: 3 }],
  entries: [
    {
      _id: '99aa001234567890',
      date: '2026-11-23T14:40:00.000Z',
      gross: 800,
      net: 640,
      what: { kind: 'order' },
      releasesAt: '2026-11-23T15:10:00.000Z',
      released: false,
      disputed: false,
      borne: 0,
    },
    {
      _id: '77bb001234567890',
      date: '2026-11-23T14:00:00.000Z',
      gross: 800,
      net: 640,
      what: { kind: 'dispatch' },
      releasesAt: '2026-11-23T14:30:00.000Z',
      released: false,
      disputed: true,
      borne: 0,
    },
    {
      _id: 'abcdef1234567890',
      date: '2026-11-23T13:05:00.000Z',
      gross: 800,
      net: 640,
      what: { kind: 'order' },
      releasesAt: '2026-11-23T13:35:00.000Z',
      released: true,
      disputed: false,
      borne: 160,
    },
  ],
  payouts: [
    {
      _id: 'p1',
      amount: 1000,
      state: 'processing',
      account: 'OPay ••••6789',
      failureReason: null,
      dueAt: '2026-11-24T08:00:00.000Z',
      paidAt: null,
      reference: 'jara_payout_p1',
      createdAt: '2026-11-23T10:00:00.000Z',
    },
  ],
  lastAccount: null,
};

function renderView() {
  stubFetch(GUEST);
  renderApp(
    <EarningsView
      data={data}
      isPending={false}
      error={null}
      percentText="80%"
      onPayout={() => Promise.resolve()}
      paying={false}
    />,
  );
}

afterEach(() => i18n.activate('en'));

describe('EarningsView', () => {
  it('reads in English as before, with days and times in Lagos', async () => {
    renderView();
    expect(await screen.findByRole('button', { name: 'Request payout of ₦1,500' })).toBeInTheDocument();
    expect(screen.getByText('Week of')).toBeInTheDocument();
    expect(screen.getByText('23 Nov 2026')).toBeInTheDocument();
    expect(screen.getByText('23 Nov, 2:05 pm · Order delivery · #abcdef12')).toBeInTheDocument();
    expect(screen.getByText('23 Nov, 3:00 pm · Dispatch delivery · #77bb0012')).toBeInTheDocument();
    // The escrow: what is held, what waits out the dispute window and until when.
    expect(screen.getByText('Held until delivered').nextSibling).toHaveTextContent('₦700');
    expect(screen.getByText('Releasing soon').nextSibling).toHaveTextContent('₦640');
    expect(screen.getByText(/then released 30 minutes later/)).toBeInTheDocument();
    expect(screen.getByText('Released 23 Nov, 4:10 pm')).toBeInTheDocument();
    expect(screen.queryByText('Released 23 Nov, 2:35 pm')).not.toBeInTheDocument();
    // A problem reported holds the entry until support settles it, whatever the window says.
    expect(screen.getByText('On hold: the customer reported a problem')).toBeInTheDocument();
    expect(screen.getByText('Less ₦160 refunded to the customer after a problem')).toBeInTheDocument();
    expect(screen.queryByText('Released 23 Nov, 3:30 pm')).not.toBeInTheDocument();
    expect(screen.getByText(/^₦1,000 · due 24 Nov, 9:00 am/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Request payout of ₦1,500' }));
    expect(await screen.findByText('Enter the 10-digit account number (NUBAN)')).toBeInTheDocument();
  });

  it('speaks Pidgin, amounts and dates the same', async () => {
    await loadAreas(i18n, ['earnings', 'common', 'shared', 'layout'], 'pcm');
    i18n.activate('pcm');
    renderView();
    expect(await screen.findByRole('button', { name: 'Collect ₦1,500' })).toBeInTheDocument();
    expect(screen.getByText('You don make')).toBeInTheDocument();
    expect(screen.getByText('Week wey start')).toBeInTheDocument();
    expect(screen.getByText('E go release 23 Nov, 4:10 pm')).toBeInTheDocument();
    // What each entry earned for, in Pidgin too (the server sends what it was, not words).
    expect(screen.getByText('23 Nov, 2:05 pm · Order wey you deliver · #abcdef12')).toBeInTheDocument();
    expect(screen.getByText('23 Nov, 3:00 pm · Parcel wey you deliver · #77bb0012')).toBeInTheDocument();
    expect(screen.getByText(/^₦1,000 · go land 24 Nov, 9:00 am/)).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Pick your bank' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Collect ₦1,500' }));
    expect(await screen.findByText('Put your 10-digit account number (NUBAN)')).toBeInTheDocument();
  });

  it('shows what a shop’s own offer took off an entry', async () => {
    stubFetch(GUEST);
    renderApp(
      <EarningsView
        data={{
          ...data,
          entries: [
            { ...data.entries[2]!, gross: 3000, net: 2430, discount: 300, borne: 0, what: { kind: 'items', count: 3 } },
          ],
        }}
        isPending={false}
        error={null}
        percentText="10%"
        onPayout={() => Promise.resolve()}
        paying={false}
      />,
    );
    expect(await screen.findByTestId('earnings-discount')).toHaveTextContent('Less ₦300 for your own offer');
    expect(screen.getByText(/^23 Nov, 2:05 pm · 3 items · #abcdef12/)).toBeInTheDocument();
  });
});
