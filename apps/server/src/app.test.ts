import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildTestApp, json, type TestApp } from '../test/helpers.js';

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
    expect(json(res).code).toBe('not_found');
  });

  it('describes the API in OpenAPI outside production', async () => {
    const res = await app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = json(res);
    expect(doc.openapi).toMatch(/^3\./);
    for (const p of ['/api/user/login', '/api/user/register', '/api/product/list', '/api/geocoding/search']) {
      expect(Object.keys(doc.paths)).toContain(p);
    }
    expect(doc.paths['/api/user/register'].post.requestBody).toBeTruthy();
  });

  it('propagates a request id', async () => {
    const res = await app.inject({ url: '/api/health', headers: { 'x-request-id': 'abc-123' } });
    expect(res.headers['x-request-id']).toBe('abc-123');
    const other = await app.inject({ url: '/api/health', headers: { 'x-request-id': 'bad id with spaces' } });
    expect(other.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});
