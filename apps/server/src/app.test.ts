import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildTestApp, createUser, json, type TestApp } from '../test/helpers.js';
import type { ErrorAnswer, IsAuthAnswer } from '@jara/shared';

/** The part of the OpenAPI description these tests read. */
type OpenApiDoc = { openapi: string; paths: Record<string, Record<string, { requestBody?: unknown }>> };

let app: TestApp;
beforeAll(async () => {
  const dist = mkdtempSync(path.join(tmpdir(), 'jara-web-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
  app = await buildTestApp({ WEB_DIST: dist });
  // Written after start, as a rebuild would: still served.
  writeFileSync(path.join(dist, 'assets', 'late-def456.js'), 'console.log(2)');
});
afterAll(() => app.closeAll());
afterEach(() => vi.restoreAllMocks());

describe('the web app and the API description', () => {
  it('serves index.html for client routes and long-cached assets', async () => {
    const home = await app.inject({ url: '/' });
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain('<div id="root">');
    const page = await app.inject({ url: '/products/food' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.headers['cache-control']).toBe('no-cache');
    expect((await app.inject({ url: '/reset-password?token=a.b&id=c.html' })).statusCode).toBe(200);
    const asset = await app.inject({ url: '/assets/app-abc123.js' });
    expect(asset.headers['cache-control']).toContain('immutable');
    // A missing asset is a 404, never the HTML page (a browser would refuse it as a module).
    expect((await app.inject({ url: '/assets/app-old999.js' })).statusCode).toBe(404);
    expect((await app.inject({ url: '/robots.txt' })).statusCode).toBe(404);
    expect((await app.inject({ url: '/assets/late-def456.js' })).statusCode).toBe(200);
  });

  it('keeps unknown API paths as JSON 404s', async () => {
    const res = await app.inject({ url: '/api/unknown' });
    expect(res.statusCode).toBe(404);
    expect(json<ErrorAnswer>(res).code).toBe('not_found');
  });

  it('describes the API in OpenAPI outside production', async () => {
    const res = await app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = json<OpenApiDoc>(res);
    expect(doc.openapi).toMatch(/^3\./);
    for (const p of ['/api/user/login', '/api/user/register', '/api/product/list', '/api/geocoding/search']) {
      expect(Object.keys(doc.paths)).toContain(p);
    }
    expect(doc.paths['/api/user/register']?.post?.requestBody).toBeTruthy();
  });

  it('declares a response schema for every route, and the description shows each', async () => {
    const doc = json<{ paths: Record<string, Record<string, { responses?: Record<string, { content?: unknown }> }>> }>(
      await app.inject({ url: '/api/docs/json' }),
    );
    const undeclared = app.routeTable
      .filter((r) => !(r.options.schema as { response?: unknown } | undefined)?.response)
      .map((r) => `${r.method} ${r.url}`);
    expect(undeclared).toEqual([]);
    const undescribed: string[] = [];
    for (const [p, methods] of Object.entries(doc.paths)) {
      if (!p.startsWith('/api/')) continue;
      for (const [method, op] of Object.entries(methods)) {
        const success = Object.entries(op.responses ?? {}).filter(([status]) => /^2\d\d$/.test(status));
        if (!success.length || success.some(([, r]) => !r.content)) undescribed.push(`${method.toUpperCase()} ${p}`);
      }
    }
    expect(undescribed).toEqual([]);
  });

  it('propagates a request id', async () => {
    const res = await app.inject({ url: '/api/health', headers: { 'x-request-id': 'abc-123' } });
    expect(res.headers['x-request-id']).toBe('abc-123');
    const other = await app.inject({ url: '/api/health', headers: { 'x-request-id': 'bad id with spaces' } });
    expect(other.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('what every request pays', () => {
  it('sends the request id on refusals and unknown paths too', async () => {
    const refused = await app.inject({ method: 'POST', url: '/api/cart/update', headers: { 'x-request-id': 'r-401' } });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['x-request-id']).toBe('r-401');
    const crossSite = await app.inject({
      method: 'POST',
      url: '/api/newsletter/subscribe',
      headers: { 'x-request-id': 'r-403', origin: 'https://elsewhere.example' },
      payload: { email: 'someone@example.com' },
    });
    expect(json<ErrorAnswer>(crossSite).code).toBe('bad_origin');
    expect(crossSite.headers['x-request-id']).toBe('r-403');
    const unknown = await app.inject({ url: '/api/unknown', headers: { 'x-request-id': 'r-404' } });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['x-request-id']).toBe('r-404');
  });

  it('looks the session up only for a route that needs a user, and only when a cookie came', async () => {
    const resolve = vi.spyOn(app.ctx.sessions, 'resolve');
    const { cookie } = await createUser(app);
    expect(json<IsAuthAnswer>(await app.inject({ url: '/api/user/is-auth' })).success).toBe(false);
    expect((await app.inject({ method: 'POST', url: '/api/cart/update', payload: {} })).statusCode).toBe(401);
    expect((await app.inject({ url: '/api/config', headers: { cookie } })).statusCode).toBe(200);
    expect((await app.inject({ url: '/products/food', headers: { cookie } })).statusCode).toBe(200);
    expect(resolve).not.toHaveBeenCalled();
    expect(json<IsAuthAnswer>(await app.inject({ url: '/api/user/is-auth', headers: { cookie } })).success).toBe(true);
    expect(resolve).toHaveBeenCalledTimes(1);
  });

  it('reads the catalogue revision after a successful write only', async () => {
    const afterWrite = vi.spyOn(app.services.catalogue, 'afterWrite');
    expect((await app.inject({ url: '/api/config' })).statusCode).toBe(200);
    expect((await app.inject({ url: '/api/product/list' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'HEAD', url: '/api/config' })).statusCode).toBe(200);
    const invalid = await app.inject({ method: 'POST', url: '/api/newsletter/subscribe', payload: { email: 'x' } });
    expect(invalid.statusCode).toBe(400);
    expect(afterWrite).not.toHaveBeenCalled();
    const ok = await app.inject({
      method: 'POST',
      url: '/api/newsletter/subscribe',
      payload: { email: 'reader@example.com' },
    });
    expect(ok.statusCode).toBe(200);
    expect(afterWrite).toHaveBeenCalledTimes(1);
  });
});
