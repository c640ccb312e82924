import { describe, expect, it } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { UPLOAD_MSG } from '@jara/shared';
import { localStorage } from '../storage/local.js';
import { storeContactAttachment, storeMedia } from './uploads.js';

const box = (brand: string) => {
  const b = Buffer.alloc(32);
  b.writeUInt32BE(24, 0);
  b.write(`ftyp${brand}`, 4, 'latin1');
  return b;
};
const webm = Buffer.concat([
  Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0x82, 0x84]),
  Buffer.from('webm'),
  Buffer.alloc(16),
]);
const mkv = Buffer.concat([
  Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0x82, 0x88]),
  Buffer.from('matroska'),
  Buffer.alloc(16),
]);

describe('what a chat upload is (by bytes, not by name)', () => {
  const storage = localStorage(mkdtempSync(path.join(tmpdir(), 'jara-up-')));
  /** What storeMedia made of these bytes, sent under a name that claims something else. */
  const stored = (data: Buffer) => storeMedia(storage, 'chat', { data, truncated: false, filename: 'photo.jpg' });

  it('takes the accepted formats: images as WebP, videos as they are', async () => {
    const img = sharp({ create: { width: 4, height: 4, channels: 3, background: '#123' } });
    for (const data of [
      await img.clone().jpeg().toBuffer(),
      await img.clone().png().toBuffer(),
      await img.clone().webp().toBuffer(),
      await img.clone().gif().toBuffer(),
    ])
      expect(await stored(data)).toMatchObject({
        kind: 'image',
        mime: 'image/webp',
        key: expect.stringMatching(/\.webp$/),
      });
    expect(await stored(box('isom'))).toMatchObject({
      kind: 'video',
      mime: 'video/mp4',
      key: expect.stringMatching(/\.mp4$/),
    });
    expect(await stored(box('qt  '))).toMatchObject({
      kind: 'video',
      mime: 'video/quicktime',
      key: expect.stringMatching(/\.mov$/),
    });
    expect(await stored(webm)).toMatchObject({
      kind: 'video',
      mime: 'video/webm',
      key: expect.stringMatching(/\.webm$/),
    });
  });

  it('refuses everything else', async () => {
    for (const bytes of [
      Buffer.from('<html><script>x</script></html>'),
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]),
      Buffer.from('MZ\x90\x00', 'latin1'),
      Buffer.from('%PDF-1.7'),
      box('heic'),
      mkv,
      Buffer.alloc(0),
    ])
      await expect(stored(bytes)).rejects.toMatchObject({
        status: 400,
        code: 'unsupported_media',
        message: UPLOAD_MSG.badType,
      });
  });
});

describe('storeMedia', () => {
  const storage = localStorage(mkdtempSync(path.join(tmpdir(), 'jara-up-')));

  it('re-encodes GIF and WebP to WebP under a server-made name', async () => {
    for (const data of [
      await sharp({ create: { width: 30, height: 20, channels: 3, background: '#f00' } })
        .gif()
        .toBuffer(),
      await sharp({ create: { width: 30, height: 20, channels: 3, background: '#0f0' } })
        .webp()
        .toBuffer(),
    ]) {
      const stored = await storeMedia(storage, 'chat', { data, truncated: false, filename: '../../evil.gif' });
      expect(stored.key).toMatch(/^chat\/[0-9a-f-]{36}\.webp$/);
      expect((await sharp((await storage.get(stored.key))!).metadata()).format).toBe('webp');
    }
  });

  it('accepts a PDF only on the contact form', async () => {
    const pdf = { data: Buffer.from('%PDF-1.4\n%%EOF\n'), truncated: false, filename: 'r.pdf' };
    await expect(storeMedia(storage, 'chat', pdf)).rejects.toMatchObject({ status: 400, message: UPLOAD_MSG.badType });
    expect((await storeContactAttachment(storage, pdf)).key).toMatch(/^contact\/[0-9a-f-]{36}\.pdf$/);
  });
});
