import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { notFound } from '../../lib/errors.js';
import type { Storage } from '../storage/storage.js';
import { mimeOfKey } from './uploads.js';

/**
 * Streams a stored upload to someone already allowed to see it: private caching, no sniffing,
 * and byte ranges so videos can seek.
 */
export async function sendUpload(req: FastifyRequest, reply: FastifyReply, storage: Storage, key: string, downloadName?: string) {
  let file: string;
  let size: number;
  try {
    file = storage.pathOf(key);
    const s = await stat(file);
    if (!s.isFile()) throw notFound();
    size = s.size;
  } catch {
    throw notFound();
  }
  reply
    .type(mimeOfKey(key))
    .header('cache-control', 'private, max-age=3600')
    .header('x-content-type-options', 'nosniff')
    .header('accept-ranges', 'bytes')
    .header('content-security-policy', "default-src 'none'; media-src 'self'; img-src 'self'; sandbox");
  if (downloadName) reply.header('content-disposition', `attachment; filename="${downloadName.replace(/[^\w.-]/g, '_')}"`);
  const range = /^bytes=(\d*)-(\d*)$/.exec(String(req.headers.range ?? ''));
  if (range && (range[1] || range[2])) {
    let start = range[1] ? Number(range[1]) : size - Number(range[2]);
    let end = range[1] && range[2] ? Number(range[2]) : size - 1;
    start = Math.max(0, start);
    end = Math.min(end, size - 1);
    if (start > end || start >= size) {
      return reply.status(416).header('content-range', `bytes */${size}`).send();
    }
    return reply
      .status(206)
      .header('content-range', `bytes ${start}-${end}/${size}`)
      .header('content-length', end - start + 1)
      .send(createReadStream(file, { start, end }));
  }
  return reply.header('content-length', size).send(createReadStream(file));
}
