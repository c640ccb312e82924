import type { FastifyReply, FastifyRequest } from 'fastify';
import { notFound } from '../../lib/errors.js';
import type { Storage } from '../storage/storage.js';

/**
 * Streams a stored upload to someone already allowed to see it: private caching, no sniffing,
 * and byte ranges so videos can seek. Works the same on every storage driver.
 */
export async function sendUpload(
  req: FastifyRequest,
  reply: FastifyReply,
  storage: Storage,
  key: string,
  downloadName?: string,
) {
  let info;
  try {
    info = await storage.stat(key);
  } catch {
    throw notFound();
  }
  if (!info) throw notFound();
  const size = info.size;
  reply
    .type(info.contentType)
    .header('cache-control', 'private, max-age=3600')
    .header('x-content-type-options', 'nosniff')
    .header('accept-ranges', 'bytes')
    .header('content-security-policy', "default-src 'none'; media-src 'self'; img-src 'self'; sandbox");
  if (downloadName)
    reply.header('content-disposition', `attachment; filename="${downloadName.replace(/[^\w.-]/g, '_')}"`);
  const range = /^bytes=(\d*)-(\d*)$/.exec(String(req.headers.range ?? ''));
  if (range && (range[1] || range[2])) {
    let start = range[1] ? Number(range[1]) : size - Number(range[2]);
    let end = range[1] && range[2] ? Number(range[2]) : size - 1;
    start = Math.max(0, start);
    end = Math.min(end, size - 1);
    if (start > end || start >= size) {
      return reply.status(416).header('content-range', `bytes */${size}`).send();
    }
    const body = await storage.stream(key, { start, end });
    if (!body) throw notFound();
    return reply
      .status(206)
      .header('content-range', `bytes ${start}-${end}/${size}`)
      .header('content-length', end - start + 1)
      .send(body);
  }
  const body = await storage.stream(key);
  if (!body) throw notFound();
  return reply.header('content-length', size).send(body);
}
