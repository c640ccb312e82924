import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * One answer body, serialised once and compressed at most once per encoding (on first use),
 * with a strong ETag per encoding. Used for answers served from memory (decision 0011).
 */
export class Representation {
  readonly identity: Buffer;
  /** The ETag of each encoding, made once: a revalidation compares, it builds no string. */
  private readonly tags: Readonly<Record<Encoding, string>>;
  private gz?: Buffer;
  private br?: Buffer;

  constructor(json: string) {
    this.identity = Buffer.from(json);
    const hash = createHash('sha1').update(this.identity).digest('base64url');
    this.tags = { identity: `"${hash}"`, gzip: `"${hash}-gz"`, br: `"${hash}-br"` };
  }

  static json(value: unknown): Representation {
    return new Representation(JSON.stringify(value));
  }

  etag(encoding: Encoding): string {
    return this.tags[encoding];
  }

  /** True when an If-None-Match names any encoding of this body. */
  matches(ifNoneMatch: string | undefined): boolean {
    if (!ifNoneMatch) return false;
    // What a browser sends back: the one tag it was given, as it was given.
    if (this.isTag(ifNoneMatch)) return true;
    for (const raw of ifNoneMatch.split(',')) {
      const t = raw.trim().replace(/^W\//, '');
      if (t === '*' || this.isTag(t)) return true;
    }
    return false;
  }

  private isTag(t: string): boolean {
    return t === this.tags.identity || t === this.tags.gzip || t === this.tags.br;
  }

  body(encoding: Encoding): Buffer {
    if (encoding === 'gzip') return (this.gz ??= gzipSync(this.identity, { level: 6 }));
    if (encoding === 'br') {
      // Quality 5: about gzip's time for a smaller body; 11 takes seconds on the gazetteer.
      return (this.br ??= brotliCompressSync(this.identity, {
        params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_SIZE_HINT]: this.identity.length },
      }));
    }
    return this.identity;
  }
}

export type Encoding = 'identity' | 'gzip' | 'br';

/**
 * Keeps `value` under `key` in a map of answers made from memory, first forgetting the oldest
 * entry when the map holds `max` already; returns `value`.
 */
export function keepAtMost<K, V>(map: Map<K, V>, max: number, key: K, value: V): V {
  if (map.size >= max) map.delete(map.keys().next().value!);
  map.set(key, value);
  return value;
}

/** Below this size a body is sent as it is (compression would not pay for itself). */
const COMPRESS_FROM = 1024;

/** The encoding to answer with: brotli, then gzip, then none (a `;q=0` refuses one). */
function negotiate(acceptEncoding: string | string[] | undefined): Encoding {
  const header = Array.isArray(acceptEncoding) ? acceptEncoding.join(',') : acceptEncoding;
  if (!header) return 'identity';
  let br = false;
  let gzip = false;
  for (const part of header.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const refused = params.some((p) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(p));
    if (refused) continue;
    if (name === 'br') br = true;
    else if (name === 'gzip' || name === 'x-gzip') gzip = true;
  }
  return br ? 'br' : gzip ? 'gzip' : 'identity';
}

/** The encoding a body is sent in: as it is when small, else the negotiated one. */
export function encodingFor(rep: Representation, acceptEncoding: string | string[] | undefined): Encoding {
  return rep.identity.length >= COMPRESS_FROM ? negotiate(acceptEncoding) : 'identity';
}

/**
 * Sends a body from memory: 304 when If-None-Match names it, else the negotiated encoding.
 * Routes using it set `compress: false` (the bytes are compressed already). A matching
 * revalidation of a route registered with EarlyAnswers is answered before it gets here, with
 * the same headers (infra/early-answers.ts).
 */
export function sendRepresentation(
  req: FastifyRequest,
  reply: FastifyReply,
  rep: Representation,
  cacheControl: string | null = 'no-cache',
) {
  const encoding = encodingFor(rep, req.headers['accept-encoding']);
  reply.header('etag', rep.etag(encoding)).header('vary', 'accept-encoding');
  if (cacheControl) reply.header('cache-control', cacheControl);
  if (rep.matches(req.headers['if-none-match'])) return reply.status(304).send();
  reply.type('application/json; charset=utf-8');
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  return reply.send(rep.body(encoding));
}

/**
 * Data built from the database and kept until its section's revision moves on. `heard` records
 * the newest revision known (from this instance's own writes, another instance by Redis, or the
 * periodic check); `get` rebuilds when the data is older than that, once for all waiting callers.
 */
export class Section<T> {
  private data: T | null = null;
  private rev = -1;
  private latest = 0;
  private building: Promise<void> | null = null;

  constructor(
    readonly name: string,
    private readonly readRev: () => Promise<number>,
    private readonly load: () => Promise<T>,
  ) {}

  /** The data when it is current, without touching the database; null when it must be built. */
  current(): T | null {
    return this.data !== null && this.rev >= this.latest ? this.data : null;
  }

  get revision(): number {
    return this.rev;
  }

  heard(rev: number): boolean {
    if (rev <= this.latest) return false;
    this.latest = rev;
    return true;
  }

  async get(): Promise<T> {
    for (let i = 0; i < 3; i++) {
      const c = this.current();
      if (c !== null) return c;
      await (this.building ??= this.rebuild().finally(() => (this.building = null)));
    }
    return this.data!;
  }

  private async rebuild(): Promise<void> {
    // The revision first: data read after it is at least that new.
    const rev = await this.readRev();
    const data = await this.load();
    this.data = data;
    this.rev = rev;
    if (rev > this.latest) this.latest = rev;
  }
}
