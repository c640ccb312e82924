import { describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { useQuery } from '@tanstack/react-query';
import type { PayoutDto } from '@jara/shared';
import { GUEST, renderApp, stubFetch } from '../test/render';
import { usePayoutUpdates } from './use-payout-updates';

// One fake socket shared by the app: the test plays the server's pushes through it.
const handlers = new Map<string, (payload: unknown) => void>();
vi.mock('../lib/socket', () => {
  const socket = {
    on: (event: string, fn: (p: unknown) => void) => handlers.set(event, fn),
    off: (event: string) => handlers.delete(event),
  };
  return { ensureConnected: () => socket, getSocket: () => socket, disconnectSocket: () => undefined };
});

const KEY = ['test', 'earnings'];

let fetches = 0;
function Earnings() {
  const q = useQuery({ queryKey: KEY, queryFn: () => Promise.resolve(++fetches), staleTime: Infinity });
  usePayoutUpdates(KEY, true);
  return <p>Fetched {q.data ?? 0} times</p>;
}

const payout = (over: Partial<PayoutDto>): PayoutDto => ({
  _id: 'p1',
  amount: 1500,
  state: 'processing',
  account: 'OPay ••••6789',
  failureReason: null,
  dueAt: '2026-11-24T08:00:00.000Z',
  paidAt: null,
  reference: 'jara_payout_p1',
  createdAt: '2026-11-23T10:00:00.000Z',
  ...over,
});

describe('usePayoutUpdates', () => {
  it('fetches the earnings again when a payout is paid or fails, and says so', async () => {
    stubFetch(GUEST);
    renderApp(<Earnings />);
    expect(await screen.findByText('Fetched 1 times')).toBeInTheDocument();
    act(() => handlers.get('payout.updated')!(payout({ state: 'paid', paidAt: '2026-11-24T09:00:00.000Z' })));
    expect(await screen.findByText('Fetched 2 times')).toBeInTheDocument();
    expect(await screen.findByText(/Payout of .*1,500.* paid/)).toBeInTheDocument();
    act(() => handlers.get('payout.updated')!(payout({ state: 'failed', failureReason: 'The transfer failed.' })));
    expect(await screen.findByText(/Payout of .*1,500.* failed: The transfer failed\./)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('Fetched 3 times')).toBeInTheDocument());
  });
});
