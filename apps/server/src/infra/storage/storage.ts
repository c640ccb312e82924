import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';

/**
 * Where uploaded and generated files live, behind one interface with three drivers chosen by
 * configuration (see README.md here): local disk, PostgreSQL, or an S3-compatible bucket.
 * Keys are always server-made.
 */
export interface Storage {
  readonly driver: StorageDriver;
  put(key: string, data: Buffer): Promise<void>;
  get(key: string): Promise<Buffer | null>;
  exists(key: string): Promise<boolean>;
  /** Size, ETag and content type; null when there is no such file. */
  stat(key: string): Promise<StoredFile | null>;
  /** The file's bytes, or bytes `start`..`end` (inclusive), as a stream; null when there is no such file. */
  stream(key: string, range?: ByteRange): Promise<Readable | null>;
  /** Every key (under `prefix`), for moving files between drivers. */
  list(prefix?: string): AsyncIterable<string>;
  delete(key: string): Promise<void>;
  close?(): Promise<void>;
}

export type StorageDriver = 'local' | 'postgres' | 's3';
export const STORAGE_DRIVERS: readonly StorageDriver[] = ['local', 'postgres', 's3'];

interface StoredFile {
  size: number;
  /** `"<base64 SHA-1>"`: what @fastify/etag makes of the same bytes, so ETags do not change with the driver. */
  etag: string;
  contentType: string;
}

interface ByteRange {
  start: number;
  end: number;
}

const KEY_RE = /^[a-z0-9][a-z0-9/_.-]{0,200}$/i;

export function assertSafeKey(key: string): void {
  if (!KEY_RE.test(key) || key.includes('..') || key.includes('//')) throw new Error(`unsafe storage key: ${key}`);
}

export function etagOf(data: Buffer): string {
  return `"${createHash('sha1').update(data).digest('base64')}"`;
}

const CONTENT_TYPES: Record<string, string> = {
  webp: 'image/webp',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  mp4: 'video/mp4',
  webm: 'video/webm',
  mov: 'video/quicktime',
  pdf: 'application/pdf',
};

/** The content type of a stored file, from its server-made name. */
export function contentTypeOf(key: string): string {
  return CONTENT_TYPES[key.slice(key.lastIndexOf('.') + 1).toLowerCase()] ?? 'application/octet-stream';
}

/** Reads a whole stream into one Buffer. */
export async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}
