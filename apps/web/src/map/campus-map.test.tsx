import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MapInfo } from '@jara/shared';
import { i18n, switchLanguage } from '../i18n';
import { loadAreas } from '../i18n/i18n';
import { CAMPUS_MAP, GUEST, renderApp, stubFetch } from '../test/render';
import { fakeMatchMedia } from '../test/match-media';
import { CampusMap, type MapMarker } from '.';
import { LABEL_MIN_ZOOM } from './zoom';

const INFO: MapInfo = {
  ...CAMPUS_MAP,
  places: [
    { name: 'Hall 3', kind: 'building', latitude: 6.39692, longitude: 5.62065 },
    { name: 'Faculty of Engineering', kind: 'amenity', latitude: 6.4012, longitude: 5.6135 },
  ],
};
const HALL_3 = { latitude: 6.39692, longitude: 5.62065 };
const MAP_OK = { 'GET /api/map': { success: true, map: INFO } };

/** The marker of a kind, by what it is called. */
const marker = (name: string) => screen.findByRole('img', { name });
/** The Leaflet icon's screen position ("translate3d(…)" or left/top, whichever jsdom got). */
const position = (el: HTMLElement) => `${el.style.transform}|${el.style.left}|${el.style.top}`;

describe('CampusMap', () => {
  afterEach(() => {
    window.matchMedia = fakeMatchMedia();
  });

  it('draws Jara’s own tiles, the attribution and the markers, and asks nobody else for anything', async () => {
    const calls = stubFetch({ ...GUEST, ...MAP_OK });
    const markers: MapMarker[] = [
      { id: 'door', kind: 'door', label: 'Your door', ...HALL_3 },
      { id: 'shop', kind: 'pickup', label: 'Mama Osas Kitchen', latitude: 6.4, longitude: 5.61 },
      { id: 'rider', kind: 'rider', label: 'Your rider', latitude: 6.398, longitude: 5.615 },
    ];
    renderApp(<CampusMap label="Map of your order" markers={markers} height={200} />);
    expect(screen.getByRole('status', { name: 'Loading the map' })).toBeInTheDocument();
    const map = await screen.findByRole('region', { name: 'Map of your order' });
    expect(await marker('Your door')).toHaveAttribute('data-kind', 'door');
    expect(await marker('Mama Osas Kitchen')).toHaveAttribute('data-kind', 'pickup');
    expect(await marker('Your rider')).toHaveAttribute('data-kind', 'rider');
    const tiles = [...map.querySelectorAll<HTMLImageElement>('img.leaflet-tile')];
    expect(tiles.length).toBeGreaterThan(0);
    for (const tile of tiles) expect(tile.getAttribute('src')).toMatch(/^\/map\/tiles\/t1\/\d+\/\d+\/\d+\.png$/);
    expect(map.querySelector('.leaflet-control-attribution')).toHaveTextContent('© OpenStreetMap contributors (ODbL)');
    expect(map.querySelector('.leaflet-control-attribution a')).toBeNull();
    // No marker picture and no request beyond the map's own answer (tiles are <img>s jsdom does not fetch).
    expect(map.querySelector('img.leaflet-marker-icon')).toBeNull();
    expect(calls.filter((c) => c.path !== '/api/user/is-auth').map((c) => c.path)).toEqual(['/api/map']);
  });

  it('draws the campus tiles down to maxZoom only inside detailBounds', async () => {
    stubFetch({ ...GUEST, ...MAP_OK });
    renderApp(<CampusMap label="Campus" fit={[HALL_3]} zoom={18} />);
    const map = await screen.findByRole('region', { name: 'Campus' });
    await waitFor(() => expect(map.querySelector('.jara-tiles-detail img.leaflet-tile')).not.toBeNull());
    // Beyond areaMaxZoom the area layer enlarges its zoom-17 tiles; the detail layer has the zoom-18 ones.
    for (const tile of map.querySelectorAll('.jara-tiles-area img.leaflet-tile'))
      expect(tile.getAttribute('src')).toMatch(/^\/map\/tiles\/t1\/17\//);
    for (const tile of map.querySelectorAll('.jara-tiles-detail img.leaflet-tile'))
      expect(tile.getAttribute('src')).toMatch(/^\/map\/tiles\/t1\/18\//);
  });

  it(`names places from zoom ${LABEL_MIN_ZOOM} on, not further out, and only around the view`, async () => {
    // Edosowan is 4.5 km from Hall 3: many screens away at this zoom, so its name is not drawn.
    const edosowan = { name: 'Edosowan', kind: 'place', latitude: 6.416671, longitude: 5.649996 };
    stubFetch({ ...GUEST, 'GET /api/map': { success: true, map: { ...INFO, places: [...INFO.places, edosowan] } } });
    // Names are drawn once the maps are (the far map's turn comes first): by when the near map has
    // its names, the far one would have had them too.
    renderApp(
      <>
        <CampusMap label="Far" fit={[HALL_3]} zoom={LABEL_MIN_ZOOM - 1} />
        <CampusMap label="Near" fit={[HALL_3]} zoom={LABEL_MIN_ZOOM} />
      </>,
    );
    const far = await screen.findByRole('region', { name: 'Far' });
    const near = await screen.findByRole('region', { name: 'Near' });
    const labels = () => [...near.querySelectorAll('.jara-map-label')].map((l) => l.textContent);
    await waitFor(() => expect(labels()).toEqual(['Hall 3', 'Faculty of Engineering']));
    expect(far.querySelector('.jara-map-label')).toBeNull();
  });

  it('moves the rider’s marker when its position changes, without drawing the map again', async () => {
    window.matchMedia = fakeMatchMedia((q) => q.includes('reduced-motion'));
    stubFetch({ ...GUEST, ...MAP_OK });
    const rider = (latitude: number): MapMarker[] => [
      { id: 'rider', kind: 'rider', label: 'Your rider', latitude, longitude: 5.615 },
    ];
    function Live() {
      const [latitude, setLatitude] = useState(6.398);
      return (
        <>
          <button type="button" onClick={() => setLatitude(6.3985)}>
            next fix
          </button>
          <CampusMap label="Live" fit={[HALL_3]} markers={rider(latitude)} />
        </>
      );
    }
    renderApp(<Live />);
    const map = await screen.findByRole('region', { name: 'Live' });
    const icon = await marker('Your rider');
    const before = position(icon);
    await userEvent.click(screen.getByRole('button', { name: 'next fix' }));
    await waitFor(() => expect(position(icon)).not.toBe(before));
    // The same map and the same marker, moved.
    expect(screen.getByRole('region', { name: 'Live' })).toBe(map);
    expect(await marker('Your rider')).toBe(icon);
  });

  it('lets the door pin be moved with the arrow keys, telling the page where it is', async () => {
    stubFetch({ ...GUEST, ...MAP_OK });
    const onMove = vi.fn();
    renderApp(
      <CampusMap
        label="Your door"
        markers={[{ id: 'door', kind: 'door', label: 'Door pin', draggable: true, onMove, ...HALL_3 }]}
      />,
    );
    const pin = await screen.findByRole('button', { name: 'Door pin' });
    fireEvent.keyDown(pin, { key: 'ArrowUp' });
    expect(onMove).toHaveBeenCalledTimes(1);
    const to = onMove.mock.calls[0]![0] as { latitude: number; longitude: number };
    expect(to.latitude).toBeGreaterThan(HALL_3.latitude);
    expect(to.longitude).toBeCloseTo(HALL_3.longitude, 4);
  });

  it('says the map could not load, and draws it when trying again works', async () => {
    let fail = true;
    stubFetch({
      ...GUEST,
      'GET /api/map': () =>
        fail
          ? new Response(JSON.stringify({ success: false, message: 'Down' }), { status: 503 })
          : MAP_OK['GET /api/map'],
    });
    renderApp(<CampusMap label="Retry map" height={180} />);
    expect(await screen.findByText('The map could not load.', {}, { timeout: 8000 })).toBeVisible();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('region', { name: 'Retry map' })).toBeInTheDocument();
  }, 20_000);

  describe('in Pidgin', () => {
    afterEach(() => switchLanguage('en'));

    it('says the map could not load in Pidgin', async () => {
      await loadAreas(i18n, ['map'], 'pcm');
      await switchLanguage('pcm');
      stubFetch({
        ...GUEST,
        'GET /api/map': () => new Response(JSON.stringify({ success: false, message: 'Down' }), { status: 404 }),
      });
      renderApp(<CampusMap label="Map" />);
      expect(await screen.findByText('Di map no gree load.')).toBeVisible();
    });
  });
});
