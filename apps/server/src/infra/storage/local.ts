import { createReadStream } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { createHash, randomBytes } from 'node:crypto';
import path from 'node:path';
import { assertSafeKey, contentTypeOf, type Storage } from './storage.js';

/** Files under `root` on this machine's disk: the default with the embedded database (one instance). */
export function localStorage(root: string): Storage {
  const full = (key: string) => {
    assertSafeKey(key);
    return path.join(root, key);
  };
  // ETags hash the whole file: remembered per file version (size and mtime) so a hit costs a stat.
  const etags = new Map<string, { version: string; etag: string }>();
  const etagOfFile = async (file: string, version: string) => {
    const known = etags.get(file);
    if (known?.version === version) return known.etag;
    const hash = createHash('sha1');
    for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
    const etag = `"${hash.digest('base64')}"`;
    if (etags.size >= 10_000) etags.clear();
    etags.set(file, { version, etag });
    return etag;
  };

  return {
    driver: 'local',
    async put(key, data) {
      const p = full(key);
      await mkdir(path.dirname(p), { recursive: true });
      // Written aside, then renamed: a reader never sees half a file.
      const tmp = `${p}.${randomBytes(4).toString('hex')}.tmp`;
      await writeFile(tmp, data);
      await rename(tmp, p);
    },
    async get(key) {
      const p = full(key);
      try {
        return await readFile(p);
      } catch {
        return null;
      }
    },
    async exists(key) {
      const p = full(key);
      try {
        return (await stat(p)).isFile();
      } catch {
        return false;
      }
    },
    async stat(key) {
      const p = full(key);
      try {
        const s = await stat(p);
        if (!s.isFile()) return null;
        return { size: s.size, etag: await etagOfFile(p, `${s.size}:${s.mtimeMs}`), contentType: contentTypeOf(key) };
      } catch {
        return null;
      }
    },
    async stream(key, range) {
      const p = full(key);
      try {
        if (!(await stat(p)).isFile()) return null;
      } catch {
        return null;
      }
      return createReadStream(p, range ? { start: range.start, end: range.end } : {});
    },
    async *list(prefix = '') {
      const walk = async function* (dir: string, rel: string): AsyncGenerator<string> {
        let entries;
        try {
          entries = await readdir(dir, { withFileTypes: true });
        } catch {
          return;
        }
        for (const e of entries.sort((a, b) => a.name.localeCompare(b.name))) {
          const key = rel ? `${rel}/${e.name}` : e.name;
          if (e.isDirectory()) yield* walk(path.join(dir, e.name), key);
          else if (e.isFile() && !e.name.endsWith('.tmp') && key.startsWith(prefix)) yield key;
        }
      };
      yield* walk(root, '');
    },
    async delete(key) {
      await rm(full(key), { force: true });
    },
  };
}
