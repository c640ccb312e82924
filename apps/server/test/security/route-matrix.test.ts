import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Access } from '../../src/lib/access.js';
import { buildTestApp, webDist, type TestApp } from '../helpers.js';
import { callers, concretePath, may, methodsOf, probedRoutes, spellings, type Caller } from './world.js';

/**
 * The role matrix, generated from Fastify's route table: every route a module registers is
 * called by a guest and by a user of every role, under its own path and under every other
 * spelling of it, and must be refused wherever its rule says so.
 */

let app: TestApp;
let people: Caller[];

beforeAll(async () => {
  // With a built web app present, as in production: unknown paths fall back to the page shell,
  // so a spelling that leaves the API must still not answer as a success.
  app = await buildTestApp({ WEB_DIST: webDist() });
  people = await callers(app);
});
afterAll(async () => app?.closeAll());

/** The design's rule for a path (DESIGN §1): which routes are open, and which role owns which area. */
const OPEN = new Set([
  'GET /api/product/list',
  'GET /api/category/list',
  'GET /api/seller/list',
  'GET /api/seller/vendor/:vendorId',
  'GET /api/content/home',
  'GET /api/content/:key',
  'GET /api/content/banners',
  'POST /api/newsletter/subscribe',
  'POST /api/user/register',
  'POST /api/user/login',
  'GET /api/user/logout',
  'POST /api/user/logout',
  'POST /api/user/sendPasswordResetEmail',
  'POST /api/user/resetPassword',
  'POST /api/user/google-signin',
  'GET /api/config',
  'POST /api/order/delivery-fee',
  'GET /api/order/slots',
  'POST /api/dispatch/delivery-fee',
  'GET /api/geocoding/fetchAddresses',
  'GET /api/geocoding/search',
  'GET /api/geocoding/nearby',
  'POST /api/mail/contact',
  'POST /api/payment/webhook',
  'POST /api/payment/paystack/webhook',
  'GET /media/*',
  'GET /api/map',
  'GET /map/tiles/:version/:z/:x/:y.png',
  'GET /sandbox/checkout/:reference',
  'POST /sandbox/checkout/:reference',
  'GET /api/push/public-key',
  'GET /api/promotions/live',
]);
const ANYONE_WITH_USER = new Set(['GET /api/user/is-auth']);
const APPLICANT = new Set([
  'GET /api/seller/me',
  'POST /api/seller/apply',
  'POST /api/seller/upload',
  'GET /api/rider/me',
  'POST /api/rider/apply',
]);

function designedAccess(method: string, url: string): Access {
  const key = `${method} ${url}`;
  if (OPEN.has(key)) return 'public';
  if (ANYONE_WITH_USER.has(key)) return 'optional';
  if (APPLICANT.has(key)) return 'user';
  if (url.startsWith('/api/admin/')) return ['admin'];
  if (url.startsWith('/api/support/')) return ['support', 'admin'];
  if (url.startsWith('/api/seller/')) return ['vendor'];
  if (url.startsWith('/api/rider/')) return ['rider'];
  return 'user';
}

const isSuccess = (status: number) => status >= 200 && status < 400;

describe('the route table', () => {
  it('gives every route the rule the design gives its path', () => {
    const routes = probedRoutes(app);
    expect(routes.length).toBeGreaterThan(100);
    const wrong = routes
      .map((r) => ({
        route: `${r.method} ${r.url}`,
        declared: r.options.config?.access,
        designed: designedAccess(r.method, r.url),
      }))
      .filter((r) => JSON.stringify(r.declared) !== JSON.stringify(r.designed));
    expect(wrong).toEqual([]);
  });
});

describe('group orders (decision 0049)', () => {
  it('are all for signed-in students (the service then answers only the group’s members)', () => {
    const groups = probedRoutes(app).filter((r) => r.url.startsWith('/api/group'));
    expect(groups.map((r) => `${r.method} ${r.url}`).sort()).toEqual([
      'GET /api/group',
      'GET /api/group/:id',
      'GET /api/group/invite/:token',
      'POST /api/group',
      'POST /api/group/:id/cancel',
      'POST /api/group/:id/close',
      'POST /api/group/:id/items',
      'POST /api/group/:id/pay',
      'POST /api/group/:id/place',
      'POST /api/group/join',
      'PUT /api/group/:id/items/:itemId',
    ]);
    for (const r of groups) expect(r.options.config?.access, `${r.method} ${r.url}`).toBe('user');
  });
});

describe('every route, every caller, every spelling', () => {
  it("refuses callers the rule leaves out, under the route's own path (401 for guests, 403 for the wrong role)", async () => {
    const failures: string[] = [];
    for (const route of probedRoutes(app)) {
      const access = route.options.config?.access;
      for (const method of methodsOf(route)) {
        for (const caller of people.filter((c) => !may(access, c))) {
          const url = concretePath(route.url);
          const res = await app.inject({
            method,
            url,
            headers: caller.cookie ? { cookie: caller.cookie } : {},
            payload: method === 'GET' ? undefined : {},
          });
          const expected = caller.role ? 403 : 401;
          if (res.statusCode !== expected) failures.push(`${caller.name} ${method} ${url} → ${res.statusCode}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('refuses them under every other spelling of the path too (encoded, doubled slash, dot segments, upper case, trailing slash)', async () => {
    const failures: string[] = [];
    let probes = 0;
    for (const route of probedRoutes(app)) {
      const access = route.options.config?.access;
      for (const method of methodsOf(route)) {
        const outsiders = people.filter((c) => !may(access, c));
        if (!outsiders.length) continue;
        for (const url of spellings(concretePath(route.url))) {
          for (const caller of outsiders) {
            probes++;
            const res = await app.inject({
              method,
              url,
              headers: caller.cookie ? { cookie: caller.cookie } : {},
              payload: method === 'GET' ? undefined : {},
            });
            if (isSuccess(res.statusCode) || res.statusCode >= 500)
              failures.push(`${caller.name} ${method} ${url} → ${res.statusCode}`);
          }
        }
      }
    }
    expect(probes).toBeGreaterThan(1000);
    expect(failures).toEqual([]);
  });

  it('the encoded admin path of the report is refused to a guest and to a customer, and changes no role', async () => {
    const customer = people.find((c) => c.role === 'customer')!;
    for (const caller of [people[0]!, customer]) {
      const headers = caller.cookie ? { cookie: caller.cookie } : {};
      expect((await app.inject({ url: '/api/%61dmin/users', headers })).statusCode).toBe(caller.role ? 403 : 401);
      expect((await app.inject({ url: '/api/%61dmin/orders', headers })).statusCode).toBe(caller.role ? 403 : 401);
      const res = await app.inject({
        method: 'POST',
        url: '/api/%61dmin/banners',
        headers,
        payload: { image: '/media/x.webp', headline: 'Pwned', text: '', link: '/', active: true, position: 0 },
      });
      expect(res.statusCode).toBe(caller.role ? 403 : 401);
    }
    const banners = await app.inject({ url: '/api/content/banners' });
    expect(JSON.stringify(JSON.parse(banners.body))).not.toContain('Pwned');
  });
});
