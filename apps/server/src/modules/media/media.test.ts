import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { buildTestApp, type TestApp } from '../../../test/helpers.js';

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
  const img = await sharp({ create: { width: 800, height: 800, channels: 3, background: '#0f766e' } })
    .webp()
    .toBuffer();
  await app.ctx.storage.put('seed/products/demo-0.webp', img);
  await app.ctx.storage.put('chat/secret.webp', img);
});
afterAll(() => app.closeAll());

describe('media', () => {
  it('serves public images, resized to an allowed width', async () => {
    const full = await app.inject({ url: '/media/seed/products/demo-0.webp' });
    expect(full.statusCode).toBe(200);
    expect(full.headers['content-type']).toBe('image/webp');
    const small = await app.inject({ url: '/media/seed/products/demo-0.webp?w=400' });
    expect(small.statusCode).toBe(200);
    expect((await sharp(small.rawPayload).metadata()).width).toBe(400);
  });

  it('makes AVIF and WebP copies at each width, one URL per format, cached for a day', async () => {
    await app.ctx.storage.put(
      'seed/products/demo-1.webp',
      await sharp({ create: { width: 1200, height: 600, channels: 3, background: '#b45309' } })
        .webp()
        .toBuffer(),
    );
    const url = '/media/seed/products/demo-1.webp';
    for (const [q, type, format, width] of [
      ['?f=avif', 'image/avif', 'heif', 1200],
      ['?w=800&f=avif', 'image/avif', 'heif', 800],
      ['?w=200&f=avif', 'image/avif', 'heif', 200],
      ['?w=400&f=webp', 'image/webp', 'webp', 400],
      ['?w=400', 'image/webp', 'webp', 400],
    ] as const) {
      const res = await app.inject({ url: url + q });
      expect(res.statusCode, q).toBe(200);
      expect(res.headers['content-type']).toBe(type);
      expect(res.headers['cache-control']).toBe('public, max-age=86400, stale-while-revalidate=604800');
      // The format is in the URL, not negotiated: caches need not key on Accept.
      expect(res.headers.vary).toBe('Save-Data');
      expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
      const meta = await sharp(res.rawPayload).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual([format, width, width / 2]);
      if (format === 'heif') expect(meta.compression).toBe('av1');
    }
    const avif = await app.inject({ url: `${url}?w=800&f=avif`, headers: { 'save-data': 'on' } });
    expect(avif.headers['content-type']).toBe('image/avif');
    expect((await sharp(avif.rawPayload).metadata()).width).toBe(400);
  });

  it('encodes each copy once, also when many ask for it at the same moment', async () => {
    await app.ctx.storage.put(
      'seed/products/demo-2.webp',
      await sharp({ create: { width: 800, height: 800, channels: 3, background: '#1d4ed8' } })
        .webp()
        .toBuffer(),
    );
    const url = '/media/seed/products/demo-2.webp?w=400&f=avif';
    const puts: string[] = [];
    const put = app.ctx.storage.put.bind(app.ctx.storage);
    app.ctx.storage.put = async (key, data) => {
      puts.push(key);
      return put(key, data);
    };
    try {
      const answers = await Promise.all(Array.from({ length: 4 }, () => app.inject({ url })));
      expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
      expect(new Set(answers.map((r) => r.headers.etag)).size).toBe(1);
      const later = await app.inject({ url });
      expect(later.headers.etag).toBe(answers[0]!.headers.etag);
      expect((await app.inject({ url, headers: { 'if-none-match': String(later.headers.etag) } })).statusCode).toBe(
        304,
      );
      expect(puts).toEqual(['cache/avif/w400/seed/products/demo-2.webp']);
    } finally {
      app.ctx.storage.put = put;
    }
  });

  it('sends a picture without the headers that only mean something on a page', async () => {
    const res = await app.inject({ url: '/media/seed/products/demo-0.webp?w=200&f=avif' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    for (const name of ['content-security-policy', 'x-frame-options', 'cross-origin-opener-policy', 'referrer-policy'])
      expect(res.headers[name], name).toBeUndefined();
    // A page still has them.
    expect((await app.inject({ url: '/api/health' })).headers['content-security-policy']).toBeDefined();
  });

  it('refuses widths and formats it does not make', async () => {
    for (const q of ['?w=123', '?w=1600', '?w=abc', '?f=png', '?f=AVIF', '?w=400&f=jpeg']) {
      const res = await app.inject({ url: `/media/seed/products/demo-0.webp${q}` });
      expect(res.statusCode, q).toBe(400);
    }
  });

  it('gives a browser that asks to save data the next smaller copy, at most 400 px, and says it varies', async () => {
    const url = '/media/seed/products/demo-0.webp';
    const width = async (q: string, saveData?: string) => {
      const res = await app.inject({ url: url + q, headers: saveData ? { 'save-data': saveData } : {} });
      expect(res.statusCode).toBe(200);
      expect(res.headers.vary).toMatch(/Save-Data/);
      return (await sharp(res.rawPayload).metadata()).width;
    };
    expect(await width('?w=800')).toBe(800);
    expect(await width('?w=800', 'on')).toBe(400);
    expect(await width('?w=400', 'on')).toBe(200);
    expect(await width('?w=200', 'on')).toBe(200);
    expect(await width('', 'on')).toBe(400);
    expect(await width('?w=400', 'off')).toBe(400);
  });

  it('never serves private folders or paths outside storage', async () => {
    expect((await app.inject({ url: '/media/chat/secret.webp' })).statusCode).toBe(404);
    expect((await app.inject({ url: '/media/seed/../chat/secret.webp' })).statusCode).toBe(404);
    expect((await app.inject({ url: '/media/seed/%2e%2e/chat/secret.webp' })).statusCode).toBe(404);
    expect((await app.inject({ url: '/media/seed/products/missing.webp' })).statusCode).toBe(404);
  });
});
