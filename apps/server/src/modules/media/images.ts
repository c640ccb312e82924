import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import sharp from 'sharp';
import type { Storage } from '../../infra/storage/storage.js';
import { badRequest } from '../../lib/errors.js';

const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
const ACCEPTED = new Set(['jpeg', 'png', 'webp', 'gif', 'heif', 'avif', 'tiff']);

/**
 * Reads the single image file of a multipart request, checks it by its bytes (not its name),
 * re-encodes it to WebP (metadata such as GPS dropped, at most 1600 px) and stores it under
 * `<folder>/<random>.webp`. Returns the public URL.
 */
export async function storeUploadedImage(req: FastifyRequest, storage: Storage, folder: string): Promise<string> {
  if (!req.isMultipart()) throw badRequest('Send the image as multipart/form-data.', 'not_multipart');
  const file = await req.file({ limits: { fileSize: MAX_IMAGE_BYTES, files: 1 } });
  if (!file) throw badRequest('Choose an image to upload.', 'no_file');
  const data = await file.toBuffer();
  let webp: Buffer;
  try {
    const meta = await sharp(data).metadata();
    if (!meta.format || !ACCEPTED.has(meta.format)) throw new Error('format');
    webp = await sharp(data, { animated: false })
      .rotate()
      .resize({ width: 1600, height: 1600, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    throw badRequest('That file is not an image we can use (JPEG, PNG, WebP or GIF).', 'bad_image');
  }
  const key = `${folder}/${randomBytes(12).toString('hex')}.webp`;
  await storage.put(key, webp);
  return `/media/${key}`;
}

/** True when `url` is a stored upload under `/media/<prefix>`. */
export async function isOwnUpload(storage: Storage, url: string, prefix: string): Promise<boolean> {
  if (!url.startsWith(`/media/${prefix}`) || url.includes('..')) return false;
  return storage.exists(url.slice('/media/'.length));
}
