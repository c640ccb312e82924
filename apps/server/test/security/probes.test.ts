import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import type { ErrorAnswer } from '@jara/shared';
import { dispatches } from '../../src/modules/dispatch/dispatch.tables.js';
import { mailOutbox } from '../../src/infra/db/tables.js';
import { orders } from '../../src/modules/orders/orders.tables.js';
import { buildTestApp, createUser, json, type TestApp } from '../helpers.js';
import { createPaidDispatch, createPaidOrder, createRiderAccount, createVendorAccount } from '../factories-portals.js';
import { callers, insider, methodsOf, probedRoutes, routePath, type Caller } from './world.js';

/** The rest of the attack suite: CSRF on every route, no secrets to guests, races, headers, files. */

let app: TestApp;
let people: Caller[];

beforeAll(async () => {
  // The default run (NODE_ENV is not production), as the README starts the app.
  app = await buildTestApp({ NODE_ENV: 'development' });
  people = await callers(app);
});
afterAll(async () => app?.closeAll());

describe('cross-site requests', () => {
  it('every state-changing route refuses a foreign Origin and a browser-marked cross-site request (signed webhooks excepted)', async () => {
    const failures: string[] = [];
    for (const route of probedRoutes(app)) {
      const caller = insider(route.options.config?.access, people);
      for (const method of methodsOf(route).filter((m) => m !== 'GET')) {
        for (const headers of [
          { origin: 'https://evil.example' },
          { 'sec-fetch-site': 'cross-site' },
          { origin: 'null' },
        ]) {
          const res = await app.inject({
            method,
            url: routePath(route),
            headers: { ...headers, ...(caller.cookie ? { cookie: caller.cookie } : {}) },
            payload: {},
          });
          const refused = res.statusCode === 403 && json<ErrorAnswer>(res).code === 'bad_origin';
          if (route.options.config?.crossSite ? refused : !refused)
            failures.push(`${method} ${route.url} ${JSON.stringify(headers)} → ${res.statusCode}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });
});

describe('nothing secret for a guest', () => {
  it('no route open to a guest returns mail, a reset link or a delivery code, in the default run', async () => {
    const { user } = await createUser(app);
    await app.inject({ method: 'POST', url: '/api/user/sendPasswordResetEmail', payload: { email: user.email } });
    await app.ctx.jobs.drain();
    const [mail] = await app.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, user.email));
    const token = new URL(mail!.textBody.match(/http\S+/)![0]).searchParams.get('token')!;
    const vendor = await createVendorAccount(app);
    await createPaidOrder(app, user.id, [{ vendorId: vendor.vendor.id }], { code: '8642' });
    await createPaidDispatch(app, user.id, { code: '9753' });

    const leaks: string[] = [];
    for (const route of probedRoutes(app).filter((r) => r.method === 'GET')) {
      const res = await app.inject({ url: routePath(route) });
      if (res.statusCode >= 500) leaks.push(`${route.url} → ${res.statusCode}`);
      for (const secret of [token, 'reset-password', mail!.subject, '8642', '9753', 'deliveryCode']) {
        if (res.body.includes(secret)) leaks.push(`${route.url} shows ${secret}`);
      }
    }
    for (const url of ['/api/dev/outbox', '/api/%64ev/outbox', '/api/admin/outbox']) {
      const res = await app.inject({ url });
      expect([401, 404]).toContain(res.statusCode);
      expect(res.body).not.toContain(token);
    }
    expect(leaks).toEqual([]);
  });
});

describe('one active job per rider, even at the same instant', () => {
  async function confirmedOrder() {
    const vendor = await createVendorAccount(app);
    const customer = await createUser(app);
    return (
      await createPaidOrder(app, customer.user.id, [{ vendorId: vendor.vendor.id }], { status: 'Order Confirmed' })
    ).order;
  }

  it('accepting two orders, or an order and a dispatch, together: exactly one is won', async () => {
    for (let round = 0; round < 4; round++) {
      const rider = await createRiderAccount(app);
      const customer = await createUser(app);
      const first = await confirmedOrder();
      const second = round % 2 ? await confirmedOrder() : null;
      const parcel = second ? null : await createPaidDispatch(app, customer.user.id);
      const urls = [
        `/api/rider/jobs/order/${first.id}/accept`,
        second ? `/api/rider/jobs/order/${second.id}/accept` : `/api/rider/jobs/dispatch/${parcel!.id}/accept`,
      ];
      const answers = await Promise.all(
        urls.map((url) => app.inject({ method: 'POST', url, headers: { cookie: rider.cookie } })),
      );
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
      expect(json<ErrorAnswer>(answers.find((a) => a.statusCode === 409)!).code).toBe('busy');
      const held = await app.ctx.db
        .select({ id: orders.id })
        .from(orders)
        .where(and(eq(orders.riderId, rider.user.id), inArray(orders.id, [first.id, second?.id ?? first.id])));
      const heldParcels = parcel
        ? await app.ctx.db.select({ id: dispatches.id }).from(dispatches).where(eq(dispatches.riderId, rider.user.id))
        : [];
      expect(held.length + heldParcels.length).toBe(1);
    }
  });
});

describe('headers and files', () => {
  it('answers carry the security headers', async () => {
    const res = await app.inject({ url: '/api/product/list' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    // Data: nothing may run in it (default-src 'none' covers scripts, objects, frames) or frame it.
    expect(String(res.headers['content-security-policy'])).toContain("default-src 'none'");
    expect(String(res.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it('no path walks out of the media or upload folders', async () => {
    for (const url of [
      '/media/../package.json',
      '/media/..%2f..%2fpackage.json',
      '/media/%2e%2e/%2e%2e/package.json',
      '/media/seed/..%5c..%5cpackage.json',
      '/api/chat/media/..%2f..%2fpackage.json',
      '/..%2fpackage.json',
      '/%2e%2e/%2e%2e/etc/passwd',
      '/assets/..%2f..%2f..%2fpackage.json',
    ]) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBeLessThan(500);
      expect(res.body, url).not.toContain('"dependencies"');
      expect(res.body, url).not.toContain('root:');
    }
  });
});
