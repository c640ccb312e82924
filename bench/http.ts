import { request, type Agent } from 'node:http';

/**
 * A GET whose body is counted and dropped as it came off the wire (still compressed): lighter
 * than fetch, which decodes it. Rejects on a network error.
 */
export function getRaw(
  url: string,
  opts: { headers?: Record<string, string>; agent?: Agent } = {},
): Promise<{ status: number; bytes: number }> {
  return new Promise((resolve, reject) => {
    request(url, { headers: opts.headers, agent: opts.agent }, (res) => {
      let bytes = 0;
      res.on('data', (c: Buffer) => (bytes += c.length));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes }));
      res.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}
