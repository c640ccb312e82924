import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import { stubFetch } from '../../../test/render';
import { useSharePosition } from './use-share-position';

/** About 33 m north of 6.4. */
const MOVED = 6.4003;

/** The phone's position as the browser would give it: the test moves it. */
function fakeGeolocation() {
  const watchers = new Map<number, PositionCallback>();
  let next = 1;
  const geo = {
    watchPosition: vi.fn((ok: PositionCallback) => {
      watchers.set(next, ok);
      return next++;
    }),
    clearWatch: vi.fn((id: number) => watchers.delete(id)),
    getCurrentPosition: vi.fn(),
  };
  const move = (latitude: number) => {
    const p = {
      coords: { latitude, longitude: 5.61, accuracy: 10, heading: null, speed: null },
      timestamp: Date.now(),
    };
    for (const w of watchers.values()) w(p as unknown as GeolocationPosition);
  };
  return { geo, move, watching: () => watchers.size };
}

describe('sharing while on a job', () => {
  let phone: ReturnType<typeof fakeGeolocation>;
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    phone = fakeGeolocation();
    Object.defineProperty(navigator, 'geolocation', { value: phone.geo, configurable: true });
  });
  afterEach(() => vi.useRealTimers());

  it('sends the first fix at once, a 25 m move no sooner than 10 s after, a heartbeat each minute, and stops with the job', async () => {
    const posted: { latitude: number }[] = [];
    stubFetch({
      'POST /api/rider/position': (body: { latitude: number }) => {
        posted.push(body);
        return { success: true, position: body };
      },
    });
    const { result, rerender } = renderHook(({ on }) => useSharePosition(on), { initialProps: { on: true } });
    expect(result.current).toBe('locating');
    act(() => phone.move(6.4));
    await waitFor(() => expect(result.current).toBe('sharing'));
    act(() => phone.move(MOVED));
    expect(posted).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    act(() => phone.move(MOVED + 0.0003));
    await waitFor(() => expect(posted).toHaveLength(2));
    expect(posted[1]!.latitude).toBeCloseTo(MOVED + 0.0003);

    // A move of a few metres is not sent; standing still, the last fix goes again after a minute.
    act(() => phone.move(MOVED + 0.00031));
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(posted).toHaveLength(2);
    await act(() => vi.advanceTimersByTimeAsync(31_000));
    await waitFor(() => expect(posted).toHaveLength(3));
    expect(posted[2]!.latitude).toBeCloseTo(MOVED + 0.00031);

    rerender({ on: false });
    expect(result.current).toBe('off');
    expect(phone.watching()).toBe(0);
  });

  it('says so when the rider refuses location', () => {
    phone.geo.watchPosition.mockImplementation((_ok: PositionCallback, fail?: PositionErrorCallback | null) => {
      fail?.({ code: 1, PERMISSION_DENIED: 1 } as GeolocationPositionError);
      return 1;
    });
    const { result } = renderHook(() => useSharePosition(true));
    expect(result.current).toBe('denied');
  });
});
