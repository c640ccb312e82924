import { useEffect, useRef, useState } from 'react';
import { haversineKm, type RiderPositionAnswer, type RiderPositionInput } from '@jara/shared';
import { api, ApiError } from '../../../lib/api-client';

/** A fix is sent once the rider has moved this far since the last one sent… */
const MIN_MOVE_M = 25;
/** …and at least this long after it (the server takes one every 2 s at most). */
const MIN_GAP_MS = 10_000;
/** Standing still, the latest fix goes again this often, so the customer sees the rider is there. */
const HEARTBEAT_MS = 60_000;

interface Fix {
  latitude: number;
  longitude: number;
  accuracy?: number;
  heading?: number | null;
  speed?: number | null;
  /** When the page had it, on the phone's clock (ms since 1970): the `at` the server judges. */
  at: number;
}

/**
 * Whether a new fix is worth sending: the first one at once; then one that moved 25 m, no sooner
 * than 10 s after the last sent; and the heartbeat after a minute, moved or not. `now` and
 * `sentAt` are on a monotonic clock (performance.now): the phone's wall clock may jump.
 */
function shouldSend(last: { fix: Fix; sentAt: number } | null, fix: Fix, now: number): boolean {
  if (!last) return true;
  const gap = now - last.sentAt;
  if (gap >= HEARTBEAT_MS) return true;
  return gap >= MIN_GAP_MS && haversineKm(last.fix, fix) * 1000 >= MIN_MOVE_M;
}

/** What the rider sees of the sharing: on, waiting for the first fix, or why it is not working. */
export type SharingState = 'off' | 'locating' | 'sharing' | 'denied' | 'unavailable' | 'refused';

const toInput = (f: Fix): RiderPositionInput => ({
  latitude: f.latitude,
  longitude: f.longitude,
  ...(f.accuracy !== undefined ? { accuracy: Math.min(f.accuracy, 100_000) } : {}),
  heading: f.heading ?? null,
  speed: f.speed ?? null,
  at: new Date(f.at).toISOString(),
});

/**
 * While `active` (online with a delivery under way), watches the phone's position and sends it
 * (`POST /api/rider/position`) by `shouldSend`, keeps the screen awake, and stops when the
 * delivery ends or the rider goes offline.
 */
export function useSharePosition(active: boolean): SharingState {
  const [state, setState] = useState<SharingState>('off');
  const last = useRef<{ fix: Fix; sentAt: number } | null>(null);
  useEffect(() => {
    if (!active || typeof navigator === 'undefined' || !navigator.geolocation) {
      setState(active ? 'unavailable' : 'off');
      return;
    }
    setState('locating');
    let latest: Fix | null = null;
    let stopped = false;
    const send = async (fix: Fix) => {
      last.current = { fix, sentAt: performance.now() };
      try {
        await api.post<RiderPositionAnswer, typeof RiderPositionInput>('/api/rider/position', toInput(fix));
        if (!stopped) setState('sharing');
      } catch (err) {
        // Too soon after another tab's fix is harmless; anything else the rider should know.
        if (!stopped && !(err instanceof ApiError && err.status === 429)) setState('refused');
      }
    };
    const onFix = (p: GeolocationPosition) => {
      latest = {
        latitude: p.coords.latitude,
        longitude: p.coords.longitude,
        accuracy: p.coords.accuracy,
        heading: Number.isFinite(p.coords.heading) ? p.coords.heading : null,
        speed: Number.isFinite(p.coords.speed) ? p.coords.speed : null,
        at: Date.now(),
      };
      if (shouldSend(last.current, latest, performance.now())) void send(latest);
    };
    const onError = (e: GeolocationPositionError) =>
      setState(e.code === e.PERMISSION_DENIED ? 'denied' : 'unavailable');
    const watch = navigator.geolocation.watchPosition(onFix, onError, {
      enableHighAccuracy: true,
      maximumAge: 5_000,
      timeout: 30_000,
    });
    const heartbeat = setInterval(() => {
      if (latest && shouldSend(last.current, latest, performance.now())) void send({ ...latest, at: Date.now() });
    }, HEARTBEAT_MS / 4);
    const release = keepScreenOn();
    return () => {
      stopped = true;
      navigator.geolocation.clearWatch(watch);
      clearInterval(heartbeat);
      release();
      last.current = null;
    };
  }, [active]);
  return state;
}

/** A Screen Wake Lock while on a job, taken again when the page comes back into view (the browser drops it when hidden). */
function keepScreenOn(): () => void {
  if (!('wakeLock' in navigator)) return () => {};
  let lock: WakeLockSentinel | null = null;
  let released = false;
  const take = () => {
    if (released || document.visibilityState !== 'visible') return;
    navigator.wakeLock.request('screen').then(
      (l) => {
        if (released) void l.release();
        else lock = l;
      },
      () => {},
    );
  };
  take();
  document.addEventListener('visibilitychange', take);
  return () => {
    released = true;
    document.removeEventListener('visibilitychange', take);
    void lock?.release();
  };
}
