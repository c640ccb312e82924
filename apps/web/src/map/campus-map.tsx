import { Component, Suspense, useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from '../components/ui/button';
import { Skeleton } from '../components/ui/skeleton';
import { useT } from '../i18n';
import { prefetchMapInfo, useMapInfo } from './api/get-map-info';
import type { CampusMapProps } from './types';
import type LeafletMapType from './leaflet-map';

type LeafletMap = typeof LeafletMapType;

/** The map's component once its chunk has arrived (prefetched, or a map shown before). */
let arrived: LeafletMap | null = null;

/** Leaflet, its stylesheet and the drawing code: a chunk of their own, fetched when a map is shown. */
const importMap = () =>
  import('./leaflet-map').then((module) => {
    arrived = module.default;
    return module;
  });

/**
 * The map's component, and whether its chunk could not be fetched (offline, never cached): at once
 * when the chunk is here, else once it arrives. Not React.lazy: a lazy component suspends even when
 * its chunk is in, and React reveals what a boundary held back no sooner than 300 ms after showing
 * its placeholder, so the tracking map came a good quarter-second after the card around it.
 */
function useLeafletMap(): { Map: LeafletMap | null; failed: boolean; retry: () => void } {
  const [Map, setMap] = useState<LeafletMap | null>(() => arrived);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (Map) return;
    let current = true;
    importMap().then(
      (module) => current && setMap(() => module.default),
      () => current && setFailed(true),
    );
    return () => {
      current = false;
    };
  }, [Map, attempt]);
  const retry = () => {
    setFailed(false);
    setAttempt((n) => n + 1);
  };
  return { Map, failed, retry };
}

/**
 * For a page that will show a map once its own data is in (a tracking card reading its delivery):
 * the map's chunk and GET /api/map are asked for now, beside that read, instead of after it.
 */
export function usePrefetchMap() {
  const qc = useQueryClient();
  useEffect(() => {
    void prefetchMapInfo(qc);
    // A chunk that fails here is asked for again, and its failure shown, by the map itself.
    importMap().catch(() => undefined);
  }, [qc]);
}

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
  const leaflet = useLeafletMap();

  const loading = <MapLoading height={height} label={t('map.loading')} />;
  const failed = (retry: () => void) => (
    <MapFailed
      height={height}
      onRetry={() => {
        if (leaflet.failed) leaflet.retry();
        retry();
        if (info.isError) void info.refetch();
      }}
    />
  );

  if (info.isError || leaflet.failed) return failed(() => {});
  if (!info.data || !inBrowser || !leaflet.Map) return loading;
  return (
    <MapBoundary fallback={failed}>
      <leaflet.Map {...props} info={info.data} />
    </MapBoundary>
  );
}
