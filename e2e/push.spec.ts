import { test, expect } from '@playwright/test';
import { cartLine, customerWithCart, openProduct, payCart } from './tests/helpers';

/**
 * Web push (issue 13): the permission question comes only from the prompt shown after the first
 * order, never on page load; the service worker (the app's, registered on load for every visitor,
 * decision 0017; it imports sw-push.js) shows a push message of the server's contract
 * { title, body, url, tag } as a notification.
 *
 * The push service itself cannot be reached from this machine (Chromium's subscribe needs Google's
 * push service); the server's side — VAPID signature and aes128gcm encryption, checked by a local
 * endpoint that decrypts — is apps/server/src/modules/push/push.test.ts. Here the push event is
 * delivered to the service worker through the DevTools protocol, as the push service would.
 */

declare global {
  interface Window {
    /** How many times the page asked for notification permission (counted by an init script). */
    __asks?: number;
  }
}

test.use({ permissions: ['notifications'] });

test('asks for notifications only after the first order, and the service worker shows a pushed status change', async ({
  page,
  context,
  baseURL,
}) => {
  // Count every permission question the page asks.
  await page.addInitScript(() => {
    window.__asks = 0;
    const original = Notification.requestPermission.bind(Notification);
    Notification.requestPermission = ((...args: Parameters<typeof Notification.requestPermission>) => {
      window.__asks = (window.__asks ?? 0) + 1;
      return original(...args);
    }) as typeof Notification.requestPermission;
  });
  const asks = () => page.evaluate(() => window.__asks ?? 0);
  const registrations = () => page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length);
  const subscribed = () =>
    page.evaluate(async () => {
      const reg = await navigator.serviceWorker.getRegistration('/');
      return (await reg?.pushManager.getSubscription()) != null;
    });

  const product = await openProduct(page.request);
  await customerWithCart(page.request, baseURL!, cartLine(product), { label: 'push' });

  // Page loads before any order: no question, no prompt, no push subscription (the app's
  // service worker is there from the first visit).
  for (const path of ['/', '/my-orders', '/dispatch', '/cart']) {
    await page.goto(path);
    await expect(page.getByRole('main')).toBeVisible();
  }
  await page.goto('/my-orders');
  await expect(page.getByText('No orders yet.')).toBeVisible();
  await expect(page.getByTestId('push-prompt')).toHaveCount(0);
  expect(await asks()).toBe(0);
  await expect.poll(registrations).toBe(1);
  expect(await subscribed()).toBe(false);

  // The first order, paid on the sandbox page.
  await payCart(page);
  const card = page.getByTestId('order-card').first();
  await expect(card.getByTestId('order-status')).toHaveText('Order Placed');
  // The timeline shows the step done, with its time, and the steps to come.
  await expect(card.getByTestId('timeline-step').first()).toContainText('Order placed');
  await expect(card.getByTestId('timeline-step').filter({ hasText: 'Delivered' })).toHaveAttribute(
    'data-done',
    'false',
  );

  // Now the offer appears; still nothing asked until the tap.
  const prompt = page.getByTestId('push-prompt');
  await expect(prompt).toBeVisible();
  expect(await asks()).toBe(0);
  await prompt.getByRole('button', { name: 'Turn on notifications' }).click();
  await expect.poll(asks).toBe(1);
  // Still the one service worker, which carries the push handlers.
  expect(await registrations()).toBe(1);
  await page.evaluate(() => navigator.serviceWorker.ready);

  // A push message in the server's contract, delivered to that service worker.
  const cdp = await context.newCDPSession(page);
  const regs: { registrationId: string; scopeURL: string; isDeleted: boolean }[] = [];
  cdp.on('ServiceWorker.workerRegistrationUpdated', (e) => regs.push(...e.registrations));
  await cdp.send('ServiceWorker.enable');
  await expect.poll(() => regs.filter((r) => !r.isDeleted && r.scopeURL === `${baseURL}/`).length).toBeGreaterThan(0);
  const reg = regs.find((r) => !r.isDeleted && r.scopeURL === `${baseURL}/`)!;
  // The push service delivers again until the worker has shown the message (a worker that was still
  // activating when the first delivery came would drop it); a repeat with the same tag replaces,
  // never adds, so the check stays exact.
  const shown = () =>
    page.evaluate(async () => {
      const r = await navigator.serviceWorker.ready;
      return (await r.getNotifications()).map((n) => ({
        title: n.title,
        body: n.body,
        tag: n.tag,
        url: (n.data as { url?: string } | null)?.url,
      }));
    });
  const deliver = async (data: object, expected: { title: string; body: string; tag: string; url: string }) => {
    await expect(async () => {
      await cdp.send('ServiceWorker.deliverPushMessage', {
        origin: baseURL!,
        registrationId: reg.registrationId,
        data: JSON.stringify(data),
      });
      await expect.poll(shown, { timeout: 3_000 }).toEqual([expected]);
    }).toPass({ timeout: 20_000 });
  };

  const payload = {
    title: 'Order confirmed',
    body: 'Mama Put confirmed your order.',
    url: '/my-orders?order=e2e',
    tag: 'order-e2e',
  };
  await deliver(payload, { title: payload.title, body: payload.body, tag: payload.tag, url: payload.url });

  // A later message with the same tag replaces it; a foreign url is never kept.
  await deliver(
    { title: 'Order picked up', body: 'Tunde has your order.', url: 'https://evil.example.com/x', tag: payload.tag },
    { title: 'Order picked up', body: 'Tunde has your order.', tag: payload.tag, url: '/' },
  );
});
