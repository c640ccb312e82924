import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { test, expect } from '@playwright/test';
import { seriousViolations, signUpCustomer } from './tests/helpers';

/**
 * Pin the door (issue 28) on a phone: a customer picks Hall 3, the map opens around it, the pin is
 * dragged onto a building next to it, and the address is saved with the pin's coordinates, not
 * the place's.
 */
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

type Ring = [number, number][];
interface Building {
  ring: Ring;
  centre: { latitude: number; longitude: number };
}

/** The building footprints of the committed campus extract (the map's tiles are drawn from it). */
function campusBuildings(): Building[] {
  const file = new URL('../apps/server/campus/campus.geojson.gz', import.meta.url);
  const extract = JSON.parse(gunzipSync(readFileSync(file)).toString()) as {
    features: { properties: Record<string, string>; geometry: { type: string; coordinates: unknown } }[];
  };
  return extract.features
    .filter((f) => f.properties.building && f.geometry.type === 'Polygon')
    .map((f) => {
      const ring = (f.geometry.coordinates as Ring[])[0]!;
      const longitude = ring.reduce((s, p) => s + p[0], 0) / ring.length;
      const latitude = ring.reduce((s, p) => s + p[1], 0) / ring.length;
      return { ring, centre: { latitude, longitude } };
    });
}

/** Whether a point lies inside a footprint (even-odd ray casting). */
function inside(ring: Ring, p: { latitude: number; longitude: number }): boolean {
  let hit = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i]!;
    const [xj, yj] = ring[j]!;
    if (yi > p.latitude !== yj > p.latitude && p.longitude < ((xj - xi) * (p.latitude - yi)) / (yj - yi) + xi)
      hit = !hit;
  }
  return hit;
}

/** Web Mercator pixels at `zoom`, as the tiles are laid out (256 px a tile). */
function pixels(p: { latitude: number; longitude: number }, zoom: number) {
  const size = 256 * 2 ** zoom;
  const sin = Math.sin((p.latitude * Math.PI) / 180);
  return {
    x: ((p.longitude + 180) / 360) * size,
    y: (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * size,
  };
}

/** Metres east and north from `a` to `b` (short distances). */
function offset(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }) {
  const north = (b.latitude - a.latitude) * 111_195;
  const east = (b.longitude - a.longitude) * 111_195 * Math.cos((a.latitude * Math.PI) / 180);
  return { east, north, metres: Math.hypot(east, north) };
}

test('a customer drags the door pin onto a building and the address keeps the pin', async ({ page, baseURL }) => {
  const base = baseURL!;
  const account = await signUpCustomer(page.request, base, { label: 'pin' });
  const { data } = (await (await page.request.get('/api/geocoding/search?q=hall%203%20aminu')).json()) as {
    data: { display_name: string; lat: number; lon: number }[];
  };
  const hall3 = data.find((s) => /Hall 3 \(Aminu Kano Hall\)/.test(s.display_name))!;
  const place = { latitude: hall3.lat, longitude: hall3.lon };
  // A building beside the hall, well inside the map's view around it (the view is about 340 × 240 px
  // at zoom 17, some 400 × 280 m), whose own centre lies inside its footprint.
  const building = campusBuildings().find((b) => {
    const o = offset(place, b.centre);
    return o.metres > 50 && o.metres < 110 && Math.abs(o.north) < 55 && inside(b.ring, b.centre);
  });
  if (!building) throw new Error('the campus extract has no building beside Hall 3');

  await page.goto('/add-address');
  await page.getByLabel('First Name').fill('Efe');
  await page.getByLabel('Last Name').fill('Pin');
  await page.getByLabel('Email address').fill(account.email);
  await page.getByRole('combobox', { name: 'Address' }).fill('hall 3 aminu');
  await page.getByRole('option', { name: /Hall 3 \(Aminu Kano Hall\)/ }).click();

  await expect(page.getByText(/^Drag the pin onto your building/)).toBeVisible();
  const map = page.getByRole('region', { name: /^Map around Hall 3 \(Aminu Kano Hall\)/ });
  await expect(map).toBeVisible();
  // Jara's own tiles, at the zoom the view opened on.
  const tile = map.locator('img.leaflet-tile-loaded').first();
  await expect(tile).toBeVisible();
  const zoom = Number(/^\/map\/tiles\/[^/]+\/(\d+)\//.exec((await tile.getAttribute('src'))!)![1]);
  await expect(page.getByTestId('door-pin')).toHaveText(/^The pin is on Hall 3 \(Aminu Kano Hall\)/);
  expect(await seriousViolations(page, 'form')).toEqual([]);

  // The pin's point is the bottom middle of its icon; drag it by the building's offset in pixels.
  const pin = page.getByRole('button', { name: 'Your door pin' });
  await pin.scrollIntoViewIfNeeded();
  const box = (await pin.boundingBox())!;
  const from = pixels(place, zoom);
  const to = pixels(building.centre, zoom);
  const grab = { x: box.x + box.width / 2, y: box.y + box.height * 0.35 };
  await page.mouse.move(grab.x, grab.y);
  await page.mouse.down();
  for (let i = 1; i <= 12; i++)
    await page.mouse.move(grab.x + ((to.x - from.x) * i) / 12, grab.y + ((to.y - from.y) * i) / 12);
  await page.mouse.up();

  // The text beside the map says where the pin went.
  const moved = Math.round(offset(place, building.centre).metres);
  await expect(page.getByTestId('door-pin')).toHaveText(/^The pin is (\d+) m from Hall 3/);
  const said = Number(/(\d+) m/.exec((await page.getByTestId('door-pin').textContent())!)![1]);
  expect(Math.abs(said - moved)).toBeLessThanOrEqual(5);

  await page.getByLabel('Room / flat').fill('12');
  await page.getByLabel('Phone').fill('08031234567');
  await page.getByRole('button', { name: 'Save Address' }).click();
  await expect(page.getByText('Address added')).toBeVisible();

  const { addresses } = (await (await page.request.get('/api/address/get')).json()) as {
    addresses: { latitude: number; longitude: number; placeName: string | null; room: string }[];
  };
  expect(addresses).toHaveLength(1);
  const saved = addresses[0]!;
  expect(saved).toMatchObject({ placeName: hall3.display_name, room: '12' });
  // Saved where the pin was dropped (a pixel is about 1.2 m at zoom 17): on the building, not the hall's point.
  expect(offset(building.centre, saved).metres).toBeLessThan(4);
  expect(inside(building.ring, saved)).toBe(true);
  expect(offset(place, saved).metres).toBeGreaterThan(45);
});
