import { test, expect, type Browser, type BrowserContext } from '@playwright/test';
import { io } from 'socket.io-client';
import { RIDER, paidDispatch, saveAddress, signIn, signUpCustomer, unique } from './tests/helpers';
import { JOURNEY_NOW } from './tests/journey-clock';

/**
 * Where is my parcel (issue 28), on a phone: the rider's phone shares its position on the way; the
 * sender's /dispatch shows the rider's marker moving within 2 s of each position and the arrival
 * estimate falling, then the rider at the door within 2 s of their tap (issue 29); once delivered,
 * nobody is answered the rider's position and no socket carries it.
 */

const PHONE = { viewport: { width: 412, height: 915 }, isMobile: true, hasTouch: true };

/** Hall 2 (the pick-up) to the Faculty of Engineering (the door), by three points on the way. */
const HALL_2 = { latitude: 6.39795, longitude: 5.6196 };
const ON_THE_WAY = [
  { latitude: 6.399, longitude: 5.618 },
  { latitude: 6.4005, longitude: 5.616 },
  { latitude: 6.4014, longitude: 5.6146 },
];

async function phone(browser: Browser, baseURL: string, extra: Parameters<Browser['newContext']>[0] = {}) {
  const context = await browser.newContext({ baseURL, ...PHONE, ...extra });
  return { context, page: await context.newPage() };
}

const cookieHeader = async (context: BrowserContext) =>
  (await context.cookies()).map((c) => `${c.name}=${c.value}`).join('; ');

test('the sender follows the rider on the map, and the position stops with the delivery', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const base = baseURL!;
  const sender = await phone(browser, base);
  const account = await signUpCustomer(sender.page.request, base, { label: 'map', name: 'Map Sender' });
  const pickup = await saveAddress(sender.page.request, base, { email: account.email, address: 'Hall 2, room 4' });
  const note = `Map parcel ${unique()}`;
  const { _id: id } = await paidDispatch(sender.page, base, {
    pickupAddress: pickup._id,
    email: account.email,
    note,
    isExpress: false,
  });

  // The rider's phone is at Hall 2. Its clock runs five minutes behind the server's journey clock,
  // so every fix it stamps is no later than the server's time, and the test moves the phone's clock
  // on by 11 s between fixes (the phone sends one per 10 s at most).
  const rider = await phone(browser, base, { geolocation: HALL_2, permissions: ['geolocation'] });
  await rider.page.clock.install({ time: new Date(Date.parse(JOURNEY_NOW) - 5 * 60_000) });
  await signIn(rider.page.request, base, RIDER);
  await rider.page.goto('/rider');
  const job = rider.page.locator(`[data-job-id="${id}"]`);
  await expect(job).toBeVisible({ timeout: 35_000 });
  await job.getByRole('button', { name: 'Accept job' }).click();
  await expect(rider.page.getByTestId('location-sharing')).toHaveAttribute('data-state', 'sharing');
  await expect(rider.page.getByTestId('location-sharing')).toHaveText(
    'Sharing your location with the customer while you deliver.',
  );
  const active = rider.page.locator(`[data-testid="active-job"][data-job-id="${id}"]`);
  await active.getByRole('button', { name: 'Picked up' }).click();
  await expect(active.getByRole('link', { name: /Navigate/ }).last()).toHaveAttribute(
    'href',
    /openstreetmap\.org\/directions\?to=6\.4017%2C5\.6141/,
  );

  // The sender's card: the rider on the map, the estimate and how fresh it is. (The service worker
  // controls the page first, so the map it shows is kept for offline.)
  await expect
    .poll(() => sender.page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 30_000 })
    .toBe(true);
  const unusedPreloads: string[] = [];
  sender.page.on('console', (m) => {
    if (/preloaded using link preload but not used/i.test(m.text())) unusedPreloads.push(m.text());
  });
  await sender.page.goto('/dispatch');
  const card = sender.page.getByTestId('dispatch-card').filter({ hasText: note });
  const map = card.getByRole('region', { name: /Map of the delivery/ });
  const riderMarker = map.getByRole('img', { name: 'Your rider' });
  await expect(riderMarker).toBeVisible({ timeout: 15_000 });
  await expect(card.getByText(/Rider’s position updated \d+ s ago/)).toBeVisible();
  const eta = card.getByTestId('eta');
  const minutes = async () => Number((await eta.textContent())?.match(/(\d+) min/)?.[1]);
  const etas = [await minutes()];
  const where = () => riderMarker.evaluate((el) => (el as HTMLElement).style.transform);

  for (const point of ON_THE_WAY) {
    const before = await where();
    // The server takes one position per rider every 2 s of real time.
    await rider.page.waitForTimeout(2_100);
    await rider.page.clock.fastForward(11_000);
    await rider.context.setGeolocation(point);
    // The marker moves within 2 s of the rider's phone taking the position.
    await expect.poll(where, { timeout: 2_000, intervals: [100] }).not.toBe(before);
    await expect.poll(minutes, { timeout: 2_000 }).toBeLessThanOrEqual(etas.at(-1)!);
    etas.push(await minutes());
  }
  expect(etas.at(-1)!).toBeLessThan(etas[0]!);

  // A signed-in tracking page's shell asks for the screen's chunks, the map's and the map's read
  // with the app's, rather than one round trip after another: each exists, and the page used them.
  const shell = await (await sender.page.request.get('/dispatch')).text();
  const preloads = [...shell.matchAll(/<link rel="(?:modulepreload|preload)"[^>]*href="([^"]+)"/g)].map((m) => m[1]!);
  expect(preloads.some((href) => /^\/assets\/leaflet-map-[\w-]+\.js$/.test(href))).toBe(true);
  expect(preloads).toContain('/api/map');
  // The catalogues too, in the page's language: the root ones' chunk and an area's each (dispatch,
  // delivery, map, and the layout's pwa and chat). A name the build lacks would be skipped silently.
  expect(preloads.some((href) => /^\/assets\/messages-en-[\w-]+\.js$/.test(href))).toBe(true);
  expect(preloads.filter((href) => /^\/assets\/en-[\w-]+\.js$/.test(href))).toHaveLength(5);
  for (const href of preloads) expect((await sender.page.request.get(href)).status(), href).toBe(200);
  expect(unusedPreloads).toEqual([]);

  // A map seen once reloads offline with its tiles: the shop, the door and the road, no rider.
  await sender.context.setOffline(true);
  await sender.page.reload();
  await expect(map).toBeVisible();
  await expect(map.getByRole('img', { name: 'Your door' })).toBeVisible();
  await expect.poll(() => map.locator('img.leaflet-tile-loaded').count()).toBeGreaterThan(3);
  await sender.context.setOffline(false);
  await sender.page.reload();
  await expect(riderMarker).toBeVisible();

  // At the door: the rider's tap reaches the sender's screen within 2 s, with the wait counted down.
  await active.getByRole('button', { name: 'I have arrived at the drop-off' }).click();
  const atDoor = card.getByTestId('rider-at-door');
  await expect(atDoor).toContainText('Your rider is at the door', { timeout: 2_000 });
  await expect(atDoor).toContainText(/They wait [45]:\d\d more for the recipient/);
  await expect(card.getByTestId('timeline-step').filter({ hasText: 'Rider at the door' })).toBeVisible();

  // Delivered: the sender's socket hears no position any more, and nobody is answered one.
  const heard: unknown[] = [];
  const socket = io(base, {
    transports: ['websocket'],
    extraHeaders: { cookie: await cookieHeader(sender.context), origin: base },
    reconnection: false,
  });
  socket.on('rider.position.updated', (p) => heard.push(p));
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('connect_error', reject));

  const code = ((await card.getByTestId('delivery-code').getAttribute('aria-label')) ?? '').replace(/\D/g, '');
  await active.getByLabel("Customer's delivery code").fill(code);
  await active.getByRole('button', { name: 'Delivered' }).click();
  await expect(rider.page.getByTestId('location-sharing')).toHaveCount(0);
  await rider.page.clock.fastForward(11_000);
  await rider.context.setGeolocation(HALL_2);
  const late = await rider.page.request.post('/api/rider/position', {
    headers: { origin: base },
    data: { ...HALL_2, at: new Date(Date.parse(JOURNEY_NOW)).toISOString() },
  });
  expect(late.status()).toBe(409);
  for (const path of [`/api/dispatch/${id}/rider-position`, `/api/dispatch/${id}/live`]) {
    const res = await sender.page.request.get(path);
    expect(res.status(), path).toBe(404);
  }
  await sender.page.waitForTimeout(1_500);
  expect(heard).toEqual([]);
  await expect(card).toHaveCount(0);
  socket.close();
  for (const c of [sender, rider]) await c.context.close();
});
