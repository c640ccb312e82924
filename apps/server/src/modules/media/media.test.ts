import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { buildTestApp, type TestApp } from '../../../test/helpers.js';

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
  const img = await sharp({ create: { width: 800, height: 800, channels: 3, background: '#0f766e' } }).webp().toBuffer();
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
    const odd = await app.inject({ url: '/media/seed/products/demo-0.webp?w=123' });
    expect((await sharp(odd.rawPayload).metadata()).width).toBe(800);
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
