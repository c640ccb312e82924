import { Readable } from 'node:stream';
import { and, asc, eq, like, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { mediaChunks, mediaObjects } from '../db/tables.js';
import { assertSafeKey, contentTypeOf, etagOf, readAll, type Storage } from './storage.js';

/** Chunks small enough to stream a 50 MB video without holding it, large enough to keep rows few. */
const CHUNK_BYTES = 256 * 1024;

/**
 * Files in the database itself (media_objects + media_chunks): every instance sees every file
 * with nothing more to run. Reads go chunk by chunk, one query each, so a stream holds one chunk.
 */
export function postgresStorage(db: Db, chunkBytes = CHUNK_BYTES): Storage {
  const head = async (key: string) => {
    assertSafeKey(key);
    const [row] = await db.select().from(mediaObjects).where(eq(mediaObjects.key, key));
    return row ?? null;
  };

  const chunks = (key: string, chunkSize: number, start: number, end: number) =>
    Readable.from(
      (async function* () {
        const first = Math.floor(start / chunkSize);
        const last = Math.floor(end / chunkSize);
        for (let n = first; n <= last; n++) {
          const [row] = await db
            .select({ data: mediaChunks.data })
            .from(mediaChunks)
            .where(and(eq(mediaChunks.key, key), eq(mediaChunks.n, n)));
          if (!row) throw new Error(`media chunk ${n} of ${key} is missing`);
          const from = n === first ? start - n * chunkSize : 0;
          const to = n === last ? end - n * chunkSize + 1 : row.data.length;
          yield row.data.subarray(from, to);
        }
      })(),
      { objectMode: false },
    );

  return {
    driver: 'postgres',
    async put(key, data) {
      assertSafeKey(key);
      const object = {
        key,
        size: data.length,
        etag: etagOf(data),
        contentType: contentTypeOf(key),
        chunkSize: chunkBytes,
      };
      await db.transaction(async (tx) => {
        // The object row is written first: a second writer of the same key waits on its lock.
        await tx
          .insert(mediaObjects)
          .values(object)
          .onConflictDoUpdate({ target: mediaObjects.key, set: { ...object, createdAt: sql`now()` } });
        await tx.delete(mediaChunks).where(eq(mediaChunks.key, key));
        for (let n = 0; n * chunkBytes < data.length || n === 0; n++) {
          await tx.insert(mediaChunks).values({ key, n, data: data.subarray(n * chunkBytes, (n + 1) * chunkBytes) });
        }
      });
    },
    async get(key) {
      const obj = await head(key);
      if (!obj) return null;
      if (obj.size === 0) return Buffer.alloc(0);
      return readAll(chunks(key, obj.chunkSize, 0, obj.size - 1));
    },
    async exists(key) {
      return (await head(key)) !== null;
    },
    async stat(key) {
      const obj = await head(key);
      return obj ? { size: obj.size, etag: obj.etag, contentType: obj.contentType } : null;
    },
    async stream(key, range) {
      const obj = await head(key);
      if (!obj) return null;
      if (obj.size === 0) return Readable.from([]);
      return chunks(key, obj.chunkSize, range?.start ?? 0, Math.min(range?.end ?? obj.size - 1, obj.size - 1));
    },
    async *list(prefix = '') {
      // Paged by key so a large library is never read at once.
      let after = '';
      for (;;) {
        const rows = await db
          .select({ key: mediaObjects.key })
          .from(mediaObjects)
          .where(
            and(like(mediaObjects.key, `${prefix.replace(/[\\%_]/g, '\\$&')}%`), sql`${mediaObjects.key} > ${after}`),
          )
          .orderBy(asc(mediaObjects.key))
          .limit(500);
        for (const r of rows) yield r.key;
        if (rows.length < 500) return;
        after = rows[rows.length - 1]!.key;
      }
    },
    async delete(key) {
      assertSafeKey(key);
      await db.delete(mediaObjects).where(eq(mediaObjects.key, key));
    },
  };
}
