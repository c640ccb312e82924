import { useEffect, useState } from 'react';
import type { DeliveryKind } from '@jara/shared';
import { Skeleton } from '../components/ui/skeleton';
import { useT } from '../i18n';
import { CampusMap, usePrefetchMap, type MapMarker } from '../map';
import { useLiveDelivery, type LiveDelivery } from './api/get-live';

/**
 * A rider position older than this is stale: the phone sends one at least every minute while on
 * the job, so the rider has gone quiet (no signal, phone off) and the timeline says where things are.
 */
const STALE_MS = 90_000;

const STAGE_TEXT = {
  preparing: 'delivery.live.stage.preparing',
  to_pickup: 'delivery.live.stage.to_pickup',
  to_door: 'delivery.live.stage.to_door',
} as const;

/** The current time, every second: "updated 12 s ago" counts up. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/** "4:05": minutes and seconds left, never below zero. */
const clock = (ms: number) => {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
};

/**
 * The rider is at the door (issue 29): they wait five minutes from their tap, counted down on the
 * server's clock, then may report the customer absent.
 */
function AtTheDoor({ kind, waitUntil, now }: { kind: DeliveryKind; waitUntil: string; now: number }) {
  const t = useT('delivery');
  const left = Date.parse(waitUntil) - now;
  return (
    <div className="rounded-2xl border-2 border-brand-700 bg-brand-50 p-3" data-testid="rider-at-door">
      {/* Announced once; the countdown below changes every second and is not. */}
      <p className="text-lg font-bold text-brand-900" role="status">
        {t('delivery.live.atDoor')}
      </p>
      <p className="text-sm text-stone-800">
        {left > 0
          ? t(kind === 'order' ? 'delivery.live.waiting.order' : 'delivery.live.waiting.dispatch', {
              time: clock(left),
            })
          : t('delivery.live.waited')}
      </p>
    </div>
  );
}

function markersOf(live: LiveDelivery, fresh: boolean, labels: { door: string; rider: string }): MapMarker[] {
  return [
    ...live.pickups.map((p, i) => ({ id: `pickup-${i}`, kind: 'pickup' as const, ...p })),
    { id: 'door', kind: 'door', label: labels.door, ...live.door },
    ...(live.rider && fresh
      ? [
          {
            id: 'rider',
            kind: 'rider' as const,
            label: labels.rider,
            latitude: live.rider.latitude,
            longitude: live.rider.longitude,
          },
        ]
      : []),
  ];
}

/**
 * Where a delivery under way is (issue 28): "Arriving in about 7 min", the rider on the campus map
 * with the pickups, the door and the road, and how fresh the rider's position is. Without a fresh
 * position the rider is not drawn and the page says the timeline below tells where things are (the
 * map still shows the shop, the door and the road, offline too). A delivery that has ended (or
 * cannot be read) shows nothing here.
 */
export function LiveTracking({ kind, id, stage }: { kind: DeliveryKind; id: string; stage: string }) {
  const t = useT('delivery');
  const live = useLiveDelivery(kind, id, stage);
  usePrefetchMap();
  const now = useNow();
  if (live.isPending) return <Skeleton className="h-64" />;
  if (live.isError) return null;
  const d = live.data;
  const age = d.rider ? Math.max(0, now + d.skewMs - Date.parse(d.rider.updatedAt)) : null;
  const fresh = age !== null && age < STALE_MS;
  const lost = d.stage !== 'preparing' && !fresh;
  return (
    <section aria-label={t('delivery.live.label')} className="space-y-2" data-testid="live-tracking">
      {d.arrived && <AtTheDoor kind={kind} waitUntil={d.arrived.waitUntil} now={now + d.skewMs} />}
      {!d.arrived && d.etaMinutes !== null && (
        <p className="text-lg font-bold text-brand-900" data-testid="eta" aria-live="polite">
          {t('delivery.live.arriving', { minutes: d.etaMinutes })}
        </p>
      )}
      <p className="text-sm text-stone-700">
        {fresh
          ? t('delivery.live.updated', { seconds: Math.round(age / 1000) })
          : t(lost ? 'delivery.live.quiet' : STAGE_TEXT[d.stage])}
      </p>
      <CampusMap
        label={t('delivery.live.mapLabel')}
        markers={markersOf(d, fresh, { door: t('delivery.live.door'), rider: t('delivery.live.rider') })}
        fit={[...d.pickups, d.door, ...(d.rider && fresh ? [d.rider] : [])]}
        route={d.route}
        height={260}
      />
    </section>
  );
}
