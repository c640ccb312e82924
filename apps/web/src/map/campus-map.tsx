import { Component, lazy, Suspense, useState, useSyncExternalStore, type ReactNode } from 'react';
import { Button } from '../components/ui/button';
import { Skeleton } from '../components/ui/skeleton';
import { useT } from '../i18n';
import { useMapInfo } from './api/get-map-info';
import type { CampusMapProps } from './types';

/** Leaflet, its stylesheet and the drawing code: a chunk of their own, fetched when a map is shown. */
const loadMap = () => lazy(() => import('./leaflet-map'));

const noSubscription = () => () => {};
/** False on the server and while the page hydrates (Leaflet needs the browser's DOM), true after. */
const useInBrowser = () =>
  useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );

/** Catches a map chunk that could not be fetched (offline, never cached) or a map that failed to draw. */
class MapBoundary extends Component<{ fallback: (retry: () => void) => ReactNode; children: ReactNode }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  retry = () => this.setState({ failed: false });
  override render() {
    return this.state.failed ? this.props.fallback(this.retry) : this.props.children;
  }
}

function MapLoading({ height, label }: { height: number; label: string }) {
  return (
    <div role="status" aria-label={label} style={{ height }}>
      <Skeleton className="h-full w-full" />
    </div>
  );
}

function MapFailed({ height, onRetry }: { height: number; onRetry: () => void }) {
  const t = useT('map');
  return (
    <div
      role="alert"
      className="flex flex-col items-center justify-center gap-3 rounded-xl border border-dashed border-stone-300 bg-white p-4 text-center"
      style={{ height }}
    >
      <p className="text-sm font-medium text-stone-700">{t('map.failed')}</p>
      <Button variant="outline" size="sm" onClick={onRetry}>
        {t('common.tryAgain')}
      </Button>
    </div>
  );
}

/**
 * The campus map (issue 28): Jara's own tiles with place names, markers for the door, the shops
 * and the rider, and an optional route. Leaflet is loaded only when a map is shown; until then, and
 * while `/api/map` is read, a placeholder of the same height stands in, and a map that cannot load
 * says so with a way to try again. Pages say in text beside it what the map shows.
 */
export function CampusMap(props: CampusMapProps) {
  const { height = 240, className = '' } = props;
  return (
    <div className={`overflow-hidden rounded-xl ${className}`} style={{ height }}>
      {/* The map's own boundary: its words or its chunk arriving never suspend the page around it. */}
      <Suspense fallback={<Skeleton className="h-full w-full" />}>
        <MapBody {...props} height={height} />
      </Suspense>
    </div>
  );
}

function MapBody(props: CampusMapProps & { height: number }) {
  const { height } = props;
  const t = useT('map');
  const info = useMapInfo();
  const inBrowser = useInBrowser();
  const [LeafletMap, setLeafletMap] = useState(loadMap);

  const loading = <MapLoading height={height} label={t('map.loading')} />;
  const failed = (retry: () => void) => (
    <MapFailed
      height={height}
      onRetry={() => {
        // A chunk that failed stays failed in its lazy(): ask for it again.
        setLeafletMap(loadMap);
        retry();
        if (info.isError) void info.refetch();
      }}
    />
  );

  if (info.isError) return failed(() => {});
  if (!info.data || !inBrowser) return loading;
  return (
    <MapBoundary fallback={failed}>
      <Suspense fallback={loading}>
        <LeafletMap {...props} info={info.data} />
      </Suspense>
    </MapBoundary>
  );
}
