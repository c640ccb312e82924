import { describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import type { LiveDeliveryDto, RiderPositionDto } from '@jara/shared';
import { GUEST, MAP_ANSWER, renderApp, stubFetch } from '../test/render';
import { LiveTracking } from './live-tracking';

// One fake socket shared by the app: the test plays the server's pushes through it.
const handlers = new Map<string, (payload: unknown) => void>();
vi.mock('../lib/socket', () => {
  const socket = {
    on: (event: string, fn: (p: unknown) => void) => handlers.set(event, fn),
    off: (event: string) => handlers.delete(event),
    io: { on: () => undefined, off: () => undefined },
  };
  return { ensureConnected: () => socket, getSocket: () => socket, disconnectSocket: () => undefined };
});

const position = (over: Partial<RiderPositionDto> = {}): RiderPositionDto => ({
  jobKind: 'order',
  jobId: 'o1',
  latitude: 6.401,
  longitude: 5.611,
  at: new Date(Date.now() - 12_000).toISOString(),
  updatedAt: new Date(Date.now() - 12_000).toISOString(),
  etaMinutes: 9,
  ...over,
});

const live = (over: Partial<LiveDeliveryDto> = {}): LiveDeliveryDto => ({
  stage: 'to_door',
  pickups: [{ label: 'Mama Osas Kitchen', latitude: 6.3985, longitude: 5.6102 }],
  door: { latitude: 6.3969, longitude: 5.6131 },
  rider: position(),
  etaMinutes: 9,
  route: [
    [6.401, 5.611],
    [6.3969, 5.6131],
  ],
  arrived: null,
  now: new Date().toISOString(),
  ...over,
});

const answer = (l: LiveDeliveryDto) => ({
  ...GUEST,
  ...MAP_ANSWER,
  'GET /api/order/o1/live': { success: true, live: l },
});

describe('the tracking map of a delivery under way', () => {
  it('says when it arrives and how fresh the rider is, shows the rider, and follows each new position', async () => {
    stubFetch(answer(live()));
    renderApp(<LiveTracking kind="order" id="o1" stage="Order Picked" />);
    expect(await screen.findByText('Arriving in about 9 min')).toBeInTheDocument();
    expect(screen.getByText(/Rider’s position updated 1[2-4] s ago/)).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: 'Your rider' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Mama Osas Kitchen' })).toBeInTheDocument();

    // A position for another delivery changes nothing; this one's moves the estimate and the freshness.
    act(() => handlers.get('rider.position.updated')!(position({ jobId: 'o2', etaMinutes: 30 })));
    expect(screen.getByText('Arriving in about 9 min')).toBeInTheDocument();
    const now = new Date().toISOString();
    act(() => handlers.get('rider.position.updated')!(position({ etaMinutes: 4, at: now, updatedAt: now })));
    expect(await screen.findByText('Arriving in about 4 min')).toBeInTheDocument();
    expect(screen.getByText(/Rider’s position updated [0-1] s ago/)).toBeInTheDocument();
  });

  it('tells the position’s age on the server’s clock when the phone’s clock is an hour off', async () => {
    const server = Date.now() + 3_600_000;
    const taken = new Date(server - 20_000).toISOString();
    stubFetch(answer(live({ rider: position({ at: taken, updatedAt: taken }), now: new Date(server).toISOString() })));
    renderApp(<LiveTracking kind="order" id="o1" stage="Order Picked" />);
    expect(await screen.findByText(/Rider’s position updated 2[0-2] s ago/)).toBeInTheDocument();
  });

  it('falls back to the timeline when the rider has been quiet, without drawing the old position', async () => {
    const old = new Date(Date.now() - 5 * 60_000).toISOString();
    stubFetch(answer(live({ rider: position({ at: old, updatedAt: old }) })));
    renderApp(<LiveTracking kind="order" id="o1" stage="Order Picked" />);
    expect(await screen.findByText(/We have not heard from the rider for a while/)).toBeInTheDocument();
    // The map keeps the shop and the door; an old position is not drawn as if it were the rider's.
    expect(await screen.findByRole('img', { name: 'Your door' })).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'Your rider' })).toBeNull();
  });

  it('shows the rider at the door the moment they tap "I have arrived", and counts their wait down', async () => {
    stubFetch(answer(live()));
    renderApp(<LiveTracking kind="order" id="o1" stage="Order Picked" />);
    expect(await screen.findByText('Arriving in about 9 min')).toBeInTheDocument();
    const at = Date.now() - 30_000;
    const arrival = { at: new Date(at).toISOString(), waitUntil: new Date(at + 5 * 60_000).toISOString() };
    // Another delivery's arrival changes nothing.
    act(() => handlers.get('rider.arrived')!({ jobKind: 'order', jobId: 'o2', ...arrival }));
    expect(screen.queryByTestId('rider-at-door')).toBeNull();
    act(() => handlers.get('rider.arrived')!({ jobKind: 'order', jobId: 'o1', ...arrival }));
    const box = await screen.findByTestId('rider-at-door');
    expect(box).toHaveTextContent('Your rider is at the door');
    expect(box).toHaveTextContent(/They wait 4:(29|30|31) more: come down with your delivery code\./);
    expect(screen.queryByText(/Arriving in about/)).toBeNull();
  });

  it('after the five minutes, says the rider has waited, on the server’s clock', async () => {
    // The phone is an hour behind: by its own clock the wait would have 59 minutes left.
    const server = Date.now() + 3_600_000;
    const at = new Date(server - 6 * 60_000);
    const arrived = { at: at.toISOString(), waitUntil: new Date(at.getTime() + 5 * 60_000).toISOString() };
    stubFetch(answer(live({ arrived, now: new Date(server).toISOString() })));
    renderApp(<LiveTracking kind="order" id="o1" stage="Order Picked" />);
    expect(
      await screen.findByText('Your rider has waited 5 minutes. Go to them now, or call them.'),
    ).toBeInTheDocument();
  });

  it('before a rider, says the shop is preparing and shows the shop and the door', async () => {
    stubFetch(answer(live({ stage: 'preparing', rider: null, etaMinutes: 24 })));
    renderApp(<LiveTracking kind="order" id="o1" stage="Order Confirmed" />);
    expect(await screen.findByText('Arriving in about 24 min')).toBeInTheDocument();
    expect(screen.getByText(/The shop is preparing it/)).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: 'Your door' })).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'Your rider' })).toBeNull();
  });
});
