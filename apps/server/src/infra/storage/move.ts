import type { Storage } from './storage.js';

export interface MoveResult {
  copied: number;
  skipped: number;
}

/**
 * Copies every file from one storage to another (resumable: a file already there with the same
 * ETag is skipped). Resized copies under cache/ are left behind unless asked for: they are made
 * again on demand. Nothing is deleted from the source.
 */
export async function moveMedia(
  from: Storage,
  to: Storage,
  opts: {
    prefix?: string;
    includeCache?: boolean;
    concurrency?: number;
    onFile?: (key: string, copied: boolean) => void;
  } = {},
): Promise<MoveResult> {
  const result: MoveResult = { copied: 0, skipped: 0 };
  const keys = from.list(opts.prefix ?? '')[Symbol.asyncIterator]();
  const worker = async () => {
    for (;;) {
      const next = await keys.next();
      if (next.done) return;
      const key = next.value;
      if (!opts.includeCache && key.startsWith('cache/')) continue;
      const [src, dst] = await Promise.all([from.stat(key), to.stat(key)]);
      if (!src) continue; // deleted meanwhile
      if (dst && dst.etag === src.etag && dst.size === src.size) {
        result.skipped++;
        opts.onFile?.(key, false);
        continue;
      }
      const data = await from.get(key);
      if (!data) continue;
      await to.put(key, data);
      result.copied++;
      opts.onFile?.(key, true);
    }
  };
  await Promise.all(Array.from({ length: opts.concurrency ?? 4 }, worker));
  return result;
}
