import { request, type Agent } from 'node:http';

/**
 * One request through node:http, lighter than fetch (which decodes the body and costs the
 * benchmark's own thread twice the time per call): the body is counted as it comes off the wire
 * (still compressed) and kept only when asked for. Rejects on a network error.
 */
export function requestRaw(
  url: string,
  opts: { method?: string; headers?: Record<string, string>; body?: string; agent?: Agent; keepBody?: boolean } = {},
): Promise<{ status: number; bytes: number; body: string }> {
  return new Promise((resolve, reject) => {
    request(url, { method: opts.method ?? 'GET', headers: opts.headers, agent: opts.agent }, (res) => {
      let bytes = 0;
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => {
        bytes += c.length;
        if (opts.keepBody) chunks.push(c);
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes, body: Buffer.concat(chunks).toString() }));
      res.on('error', reject);
    })
      .on('error', reject)
      .end(opts.body);
  });
}

/** A GET whose body is counted and dropped. */
export const getRaw = (url: string, opts: { headers?: Record<string, string>; agent?: Agent } = {}) =>
  requestRaw(url, opts);
