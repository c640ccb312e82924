/**
 * The map itself, drawn by Leaflet: its own chunk (with Leaflet's code and stylesheet), fetched
 * only by pages that show a map (campus-map.tsx). The map is created once per MapInfo; markers,
 * the route and the view are updated in place when their props change.
 */
import { useEffect, useRef } from 'react';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import './campus-map.css';
import type { MapInfo } from '@jara/shared';
import { whenIdle } from '../lib/idle';
import type { CampusMapProps, MapMarker, MapPoint } from './types';
import { LABEL_MIN_ZOOM, POINT_ZOOM } from './zoom';

/** How long a rider's marker glides to a new position; about the time between two fixes on screen. */
const GLIDE_MS = 900;
/** How far one arrow key moves the door pin, in screen pixels (a few metres at the zooms it is used at). */
const KEY_STEP_PX = 8;
/** The view around several points leaves room for the markers' icons. */
const FIT_PADDING: L.PointTuple = [36, 36];

const reducedMotion = () => window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;
const toLatLng = (p: MapPoint): L.LatLngTuple => [p.latitude, p.longitude];

const PIN_SVG =
  '<svg viewBox="0 0 24 36" aria-hidden="true" focusable="false"><path d="M12 0C5.4 0 0 5.3 0 11.9 0 20.8 12 36 12 36s12-15.2 12-24.1C24 5.3 18.6 0 12 0z"/><circle cx="12" cy="12" r="4.6"/></svg>';
const SHOP_SVG =
  '<svg viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path d="M4 9l1.5-5h13L20 9v1a3 3 0 0 1-5 2.2A3 3 0 0 1 12 13a3 3 0 0 1-3-.8A3 3 0 0 1 4 10zm1 5.5V20h14v-5.5a4.5 4.5 0 0 1-2 .5 4.4 4.4 0 0 1-2.5-.8 4.4 4.4 0 0 1-5 0A4.4 4.4 0 0 1 7 15a4.5 4.5 0 0 1-2-.5z"/></svg>';
const RIDER_SVG =
  '<svg viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path d="M5 17a3 3 0 1 0 6 0 3 3 0 0 0-6 0zm8 0a3 3 0 1 0 6 0 3 3 0 0 0-6 0zM12 6h3l3 6h-3.5l-2-3H10z"/></svg>';

/** Markers are divIcons drawn by the stylesheet (campus-map.css): no picture is fetched. */
const ICONS: Record<MapMarker['kind'], L.DivIconOptions> = {
  door: { className: 'jara-marker jara-marker-door', html: PIN_SVG, iconSize: [30, 44], iconAnchor: [15, 44] },
  pickup: { className: 'jara-marker jara-marker-pickup', html: SHOP_SVG, iconSize: [32, 32], iconAnchor: [16, 16] },
  rider: { className: 'jara-marker jara-marker-rider', html: RIDER_SVG, iconSize: [34, 34], iconAnchor: [17, 17] },
};

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

interface Drawn {
  marker: L.Marker;
  kind: MapMarker['kind'];
  /** The latest props, read by the drag and key handlers. */
  props: MapMarker;
  glide: number | null;
}

/** Moves a marker to `to` over GLIDE_MS (at once when motion is reduced or the tab is hidden). */
function glideTo(drawn: Drawn, to: L.LatLngTuple) {
  if (drawn.glide !== null) cancelAnimationFrame(drawn.glide);
  drawn.glide = null;
  if (reducedMotion() || document.hidden || typeof requestAnimationFrame !== 'function') {
    drawn.marker.setLatLng(to);
    return;
  }
  const from = drawn.marker.getLatLng();
  const start = performance.now();
  const step = (now: number) => {
    const t = Math.min(1, (now - start) / GLIDE_MS);
    const eased = t * (2 - t);
    drawn.marker.setLatLng([from.lat + (to[0] - from.lat) * eased, from.lng + (to[1] - from.lng) * eased]);
    drawn.glide = t < 1 ? requestAnimationFrame(step) : null;
  };
  drawn.glide = requestAnimationFrame(step);
}

/** Says what the marker is: a button to move for the draggable pin, a picture otherwise. */
function announce(drawn: Drawn) {
  const el = drawn.marker.getElement();
  if (!el) return;
  el.setAttribute('aria-label', drawn.props.label);
  el.title = drawn.props.label;
  if (!drawn.props.draggable) el.setAttribute('role', 'img');
  el.dataset.kind = drawn.kind;
}

function createMarker(map: L.Map, props: MapMarker): Drawn {
  const movable = props.kind === 'door' && props.draggable === true;
  const marker = L.marker(toLatLng(props), {
    icon: L.divIcon(ICONS[props.kind]),
    draggable: movable,
    keyboard: movable,
    interactive: movable,
    autoPan: movable,
    zIndexOffset: props.kind === 'rider' ? 1000 : props.kind === 'door' ? 500 : 0,
  });
  const drawn: Drawn = { marker, kind: props.kind, props, glide: null };
  const dropped = () => {
    const at = marker.getLatLng();
    drawn.props.onMove?.({ latitude: at.lat, longitude: at.lng });
  };
  marker.on('dragend', dropped);
  marker.addTo(map);
  announce(drawn);
  if (movable) {
    // Arrow keys move the focused pin (the map would pan instead): dragging without a pointer.
    marker.getElement()?.addEventListener('keydown', (e) => {
      const step = { ArrowUp: [0, -1], ArrowDown: [0, 1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] }[e.key];
      if (!step) return;
      e.preventDefault();
      e.stopPropagation();
      const point = map
        .latLngToContainerPoint(marker.getLatLng())
        .add([step[0]! * KEY_STEP_PX, step[1]! * KEY_STEP_PX]);
      marker.setLatLng(map.containerPointToLatLng(point));
      dropped();
    });
  }
  return drawn;
}

/** How far beyond the view place names are drawn ahead of a pan: a view's size, at least this (px). */
const LABEL_MARGIN_PX = 512;

/**
 * The place names of the extract from LABEL_MIN_ZOOM on: those in and around the view only, drawn
 * again as the view moves (from the next move on; the first drawing is the caller's call).
 * Leaflet keeps every marker it is given in the page, and the extract's 300-odd names parsed and
 * placed at once were the longest task of a tracking page on a slow phone.
 */
function placeLabels(map: L.Map, info: MapInfo): () => void {
  const shown = new Map<number, L.Marker>();
  const update = () => {
    let near: L.LatLngBounds | null = null;
    if (map.getZoom() >= LABEL_MIN_ZOOM) {
      const view = map.getPixelBounds();
      const size = view.getSize();
      const margin = L.point(Math.max(size.x, LABEL_MARGIN_PX), Math.max(size.y, LABEL_MARGIN_PX));
      near = L.latLngBounds(map.unproject(view.min!.subtract(margin)), map.unproject(view.max!.add(margin)));
    }
    info.places.forEach((p, i) => {
      const wanted = near?.contains([p.latitude, p.longitude]) ?? false;
      const label = shown.get(i);
      if (wanted && !label) shown.set(i, placeLabel(p).addTo(map));
      else if (!wanted && label) {
        label.remove();
        shown.delete(i);
      }
    });
  };
  map.on('moveend', update);
  return update;
}

function placeLabel(p: MapInfo['places'][number]): L.Marker {
  return L.marker([p.latitude, p.longitude], {
    icon: L.divIcon({
      className: 'jara-map-label',
      html: `<span aria-hidden="true">${escapeHtml(p.name)}</span>`,
      iconSize: [0, 0],
    }),
    interactive: false,
    keyboard: false,
  });
}

/**
 * Jara's own tiles: the whole service area down to `areaMaxZoom` (enlarged beyond it), and the
 * campus (`detailBounds`) down to `maxZoom` drawn over it where those tiles exist.
 */
function addTiles(map: L.Map, info: MapInfo) {
  L.tileLayer(info.tileUrl, {
    minZoom: info.minZoom,
    maxZoom: info.maxZoom,
    maxNativeZoom: info.areaMaxZoom,
    bounds: info.bounds,
    attribution: info.attribution,
    className: 'jara-tiles-area',
  }).addTo(map);
  if (info.maxZoom > info.areaMaxZoom)
    L.tileLayer(info.tileUrl, {
      minZoom: info.areaMaxZoom + 1,
      maxZoom: info.maxZoom,
      bounds: info.detailBounds,
      className: 'jara-tiles-detail',
    }).addTo(map);
}

export default function LeafletMap({
  info,
  label,
  markers,
  fit,
  zoom = POINT_ZOOM,
  route,
  height,
  still = false,
}: CampusMapProps & { info: MapInfo }) {
  const box = useRef<HTMLDivElement>(null);
  const mapRef = useRef<L.Map | null>(null);
  const drawnRef = useRef(new Map<string, Drawn>());
  const routeRef = useRef<L.Polyline | null>(null);
  // The latest props, for the view a (re)created map opens on: the points to fit, else the markers.
  const latest = useRef({ fit, markers });
  latest.current = { fit, markers };
  const fitKey = fit ? fit.map((p) => `${p.latitude},${p.longitude}`).join(';') : '';
  const shownKey = useRef(fitKey);

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const calm = reducedMotion();
    const map = L.map(element, {
      minZoom: info.minZoom,
      maxZoom: info.maxZoom,
      maxBounds: info.bounds,
      maxBoundsViscosity: 1,
      zoomAnimation: !calm,
      fadeAnimation: !calm,
      markerZoomAnimation: !calm,
      inertia: !calm,
      // A map inside a page: the wheel scrolls the page; buttons and pinch zoom the map.
      scrollWheelZoom: false,
      dragging: !still,
      touchZoom: !still,
      doubleClickZoom: !still,
      boxZoom: !still,
      keyboard: !still,
      zoomControl: !still,
    });
    // The attribution the extract's licence asks for, without Leaflet's own link.
    map.attributionControl.setPrefix(false);
    addTiles(map, info);
    const points = latest.current.fit ?? latest.current.markers ?? [];
    shownKey.current = fitKey;
    if (points.length > 1) map.fitBounds(L.latLngBounds(points.map(toLatLng)), { padding: FIT_PADDING, maxZoom: zoom });
    else map.setView(toLatLng(points[0] ?? info.centre), points[0] ? zoom : Math.min(15, info.maxZoom));
    // The names come once the map is drawn, in a task of their own: the map's is long enough on a slow phone.
    const cancelLabels = whenIdle(placeLabels(map, info), 1000);
    mapRef.current = map;
    // The box may change size after the map is drawn (a card opening, the phone turned).
    const resized = typeof ResizeObserver === 'function' ? new ResizeObserver(() => map.invalidateSize()) : null;
    resized?.observe(element);
    const drawn = drawnRef.current;
    return () => {
      cancelLabels();
      resized?.disconnect();
      for (const d of drawn.values()) if (d.glide !== null) cancelAnimationFrame(d.glide);
      drawn.clear();
      routeRef.current = null;
      mapRef.current = null;
      map.remove();
    };
    // fitKey is read once for the first view; a later change is the effect below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [info, still, zoom]);

  // Markers: moved when their position changes (a rider glides), added and removed by id.
  useEffect(() => {
    const map = mapRef.current;
    if (!map) return;
    const drawn = drawnRef.current;
    const wanted = new Set<string>();
    for (const props of markers ?? []) {
      wanted.add(props.id);
      const current = drawn.get(props.id);
      if (!current || current.kind !== props.kind || Boolean(current.props.draggable) !== Boolean(props.draggable)) {
        current?.marker.remove();
        drawn.set(props.id, createMarker(map, props));
        continue;
      }
      current.props = props;
      announce(current);
      const at = current.marker.getLatLng();
      if (at.lat === props.latitude && at.lng === props.longitude) continue;
      if (props.kind === 'rider') glideTo(current, toLatLng(props));
      else current.marker.setLatLng(toLatLng(props));
    }
    for (const [id, d] of drawn) {
      if (wanted.has(id)) continue;
      if (d.glide !== null) cancelAnimationFrame(d.glide);
      d.marker.remove();
      drawn.delete(id);
    }
  }, [markers, info, still, zoom]);

  // The route, drawn under the markers.
  useEffect(() => {
    const map = mapRef.current;
    if (!map) return;
    if (!route?.length) {
      routeRef.current?.remove();
      routeRef.current = null;
    } else if (routeRef.current) routeRef.current.setLatLngs(route);
    else routeRef.current = L.polyline(route, { className: 'jara-map-route', interactive: false }).addTo(map);
  }, [route, info, still, zoom]);

  // A new set of points to fit (another place picked): the view follows; a moving marker never moves it.
  useEffect(() => {
    const map = mapRef.current;
    const points = latest.current.fit;
    if (!map || !points?.length || shownKey.current === fitKey) return;
    shownKey.current = fitKey;
    const animate = !reducedMotion();
    if (points.length > 1)
      map.fitBounds(L.latLngBounds(points.map(toLatLng)), { padding: FIT_PADDING, maxZoom: zoom, animate });
    else map.setView(toLatLng(points[0]!), zoom, { animate });
  }, [fitKey, zoom]);

  return (
    <div
      ref={box}
      role="region"
      aria-label={label}
      data-testid="campus-map"
      className="jara-map h-full w-full"
      style={{ height }}
    />
  );
}
