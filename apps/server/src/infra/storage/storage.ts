import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Where uploaded and generated files live. Local disk by default; keys are server-made. */
export interface Storage {
  put(key: string, data: Buffer): Promise<void>;
  get(key: string): Promise<Buffer | null>;
  exists(key: string): Promise<boolean>;
  /** An absolute path for streaming, local storage only. */
  pathOf(key: string): string;
}

const KEY_RE = /^[a-z0-9][a-z0-9/_.-]{0,200}$/i;

export function assertSafeKey(key: string): void {
  if (!KEY_RE.test(key) || key.includes('..') || key.includes('//')) throw new Error(`unsafe storage key: ${key}`);
}

export function localStorage(root: string): Storage {
  const full = (key: string) => {
    assertSafeKey(key);
    return path.join(root, key);
  };
  return {
    async put(key, data) {
      const p = full(key);
      await mkdir(path.dirname(p), { recursive: true });
      await writeFile(p, data);
    },
    async get(key) {
      try {
        return await readFile(full(key));
      } catch {
        return null;
      }
    },
    async exists(key) {
      try {
        return (await stat(full(key))).isFile();
      } catch {
        return false;
      }
    },
    pathOf: full,
  };
}
