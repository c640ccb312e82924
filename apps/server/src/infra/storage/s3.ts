import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { assertSafeKey, contentTypeOf, etagOf, readAll, type Storage } from './storage.js';

export interface S3Options {
  /** Any S3-compatible service (MinIO, Cloudflare R2, DigitalOcean Spaces…); unset = AWS. */
  endpoint?: string;
  region: string;
  bucket: string;
  /** Unset: the SDK's own chain (environment, instance role). */
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
  /** Prepended to every key, so one bucket can hold several deployments. */
  prefix: string;
}

const isMissing = (err: unknown) =>
  err instanceof S3ServiceException &&
  (err.$metadata.httpStatusCode === 404 || err.name === 'NotFound' || err.name === 'NoSuchKey');

function sliceStream(source: Readable, start: number, end: number): Readable {
  return Readable.from(
    (async function* () {
      let at = 0;
      for await (const chunk of source as AsyncIterable<Buffer>) {
        const from = Math.max(0, start - at);
        const to = Math.min(chunk.length, end + 1 - at);
        if (from < to) yield chunk.subarray(from, to);
        at += chunk.length;
        if (at > end) break;
      }
      source.destroy();
    })(),
    { objectMode: false },
  );
}

/**
 * Files in an S3-compatible bucket, for deployments whose media outgrow the database. The
 * bucket stays private: files are served through the application (same headers and access checks).
 */
export function s3Storage(opts: S3Options): Storage {
  const client = new S3Client({
    region: opts.region,
    ...(opts.endpoint ? { endpoint: opts.endpoint } : {}),
    forcePathStyle: opts.forcePathStyle,
    ...(opts.accessKeyId && opts.secretAccessKey
      ? { credentials: { accessKeyId: opts.accessKeyId, secretAccessKey: opts.secretAccessKey } }
      : {}),
    // Not every S3-compatible service accepts the newer default checksums; MD5/ETag integrity still applies.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = opts.bucket;
  const Key = (key: string) => {
    assertSafeKey(key);
    return opts.prefix + key;
  };

  const head = async (key: string) => {
    try {
      const h = await client.send(new HeadObjectCommand({ Bucket, Key: Key(key) }));
      return {
        size: Number(h.ContentLength ?? 0),
        // Our own hash, kept as metadata: S3's ETag is an MD5 (or a multipart digest) and would change every ETag.
        etag: h.Metadata?.sha1 ? `"${h.Metadata.sha1}"` : (h.ETag ?? '""'),
        contentType: h.ContentType ?? contentTypeOf(key),
      };
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  };

  const get = async (key: string, range?: { start: number; end: number }): Promise<Readable | null> => {
    try {
      const r = await client.send(
        new GetObjectCommand({
          Bucket,
          Key: Key(key),
          ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
        }),
      );
      const body = r.Body as Readable;
      if (!range) return body;
      // HTTP lets a server ignore Range and send more (some S3-compatible ones do for some
      // ranges): whatever came, the range asked for is cut from it here.
      const got = /^bytes (\d+)-(\d+)\//.exec(r.ContentRange ?? '');
      const gotStart = got ? Number(got[1]) : 0;
      if (
        got &&
        gotStart === range.start &&
        Number(got[2]) === range.end &&
        Number(r.ContentLength) === range.end - range.start + 1
      )
        return body;
      return sliceStream(body, range.start - gotStart, range.end - gotStart);
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  };

  return {
    driver: 's3',
    async put(key, data) {
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: Key(key),
          Body: data,
          ContentType: contentTypeOf(key),
          ContentLength: data.length,
          Metadata: { sha1: etagOf(data).slice(1, -1) },
        }),
      );
    },
    async get(key) {
      const body = await get(key);
      return body ? readAll(body) : null;
    },
    async exists(key) {
      return (await head(key)) !== null;
    },
    stat: head,
    stream: get,
    async *list(prefix = '') {
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket, Prefix: opts.prefix + prefix, ContinuationToken: token }),
        );
        for (const o of page.Contents ?? []) if (o.Key) yield o.Key.slice(opts.prefix.length);
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: Key(key) }));
    },
    async close() {
      client.destroy();
    },
  };
}
