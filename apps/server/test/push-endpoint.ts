import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify, type ECDH } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A push service on 127.0.0.1 for tests: it records every request, checks the VAPID JWT
 * (RFC 8292) and decrypts the aes128gcm body (RFC 8291) with the subscription's private keys —
 * the same work a browser's push service and the browser do, so nothing is taken on trust.
 */

const b64u = (b: Buffer) => b.toString('base64url');

/** A browser's side of one subscription: its P-256 key pair and auth secret. */
export class TestSubscriber {
  readonly ecdh: ECDH = createECDH('prime256v1');
  readonly auth = randomBytes(16);
  readonly publicKey: Buffer;
  constructor(readonly endpoint: string) {
    this.publicKey = this.ecdh.generateKeys();
  }
  toJSON() {
    return {
      endpoint: this.endpoint,
      expirationTime: null,
      keys: { p256dh: b64u(this.publicKey), auth: b64u(this.auth) },
    };
  }

  /** RFC 8291 §3.4 and RFC 8188: one aes128gcm record, decrypted with this subscription's keys. */
  decrypt(body: Buffer): string {
    const salt = body.subarray(0, 16);
    const rs = body.readUInt32BE(16);
    const idlen = body[20]!;
    const asPublic = body.subarray(21, 21 + idlen);
    const ciphertext = body.subarray(21 + idlen);
    if (idlen !== 65 || asPublic[0] !== 0x04) throw new Error('keyid is not an uncompressed P-256 point');
    if (ciphertext.length > rs) throw new Error('more than one record');
    const ecdhSecret = this.ecdh.computeSecret(asPublic);
    const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), this.publicKey, asPublic]);
    const ikm = Buffer.from(hkdfSync('sha256', ecdhSecret, this.auth, keyInfo, 32));
    const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
    const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
    const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
    decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
    const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
    // The last record ends with a 0x02 delimiter followed by zero padding.
    let end = padded.length - 1;
    while (end >= 0 && padded[end] === 0) end--;
    if (padded[end] !== 0x02) throw new Error('no last-record delimiter');
    return padded.subarray(0, end).toString('utf8');
  }
}

export interface VapidCheck {
  ok: boolean;
  reason?: string;
  claims?: { aud: string; exp: number; sub: string };
  publicKey?: string;
}

/** RFC 8292: `vapid t=<JWT>, k=<public key>`; ES256 signature by k, audience = the endpoint's origin, not expired. */
export function checkVapid(authorization: string | undefined, endpointOrigin: string, now = Date.now()): VapidCheck {
  const m = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+),\s*k=([\w-]+)$/.exec(authorization ?? '');
  if (!m) return { ok: false, reason: 'no vapid authorization' };
  const [, jwt = '', k = ''] = m;
  const [h, p, s] = jwt.split('.') as [string, string, string];
  const header = JSON.parse(Buffer.from(h, 'base64url').toString()) as { alg?: string; typ?: string };
  if (header.alg !== 'ES256') return { ok: false, reason: `alg ${header.alg}` };
  const point = Buffer.from(k, 'base64url');
  if (point.length !== 65 || point[0] !== 0x04) return { ok: false, reason: 'k is not a P-256 point' };
  const key = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: b64u(point.subarray(1, 33)), y: b64u(point.subarray(33)) },
    format: 'jwk',
  });
  const signed = verify(
    'sha256',
    Buffer.from(`${h}.${p}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(s, 'base64url'),
  );
  if (!signed) return { ok: false, reason: 'bad signature' };
  const claims = JSON.parse(Buffer.from(p, 'base64url').toString()) as { aud: string; exp: number; sub: string };
  if (claims.aud !== endpointOrigin) return { ok: false, reason: `aud ${claims.aud}` };
  if (!(claims.exp * 1000 > now && claims.exp * 1000 <= now + 24 * 3600_000 + 60_000))
    return { ok: false, reason: 'exp out of range' };
  if (!/^(mailto:|https:)/.test(claims.sub ?? '')) return { ok: false, reason: 'sub' };
  return { ok: true, claims, publicKey: k };
}

interface ReceivedPush {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  vapid: VapidCheck;
}

/** Starts the endpoint; `answer(path)` picks the status (201 by default, e.g. 410 for a gone subscription). */
export async function startPushEndpoint(answer: (path: string) => number = () => 201) {
  const received: ReceivedPush[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const { port } = server.address() as AddressInfo;
      received.push({
        path: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks),
        vapid: checkVapid(req.headers.authorization, `http://127.0.0.1:${port}`),
      });
      res.statusCode = answer(req.url ?? '');
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
