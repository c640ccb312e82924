/**
 * Catalogue hygiene: both languages hold the same ids with the same placeholders and tags, every
 * id starts with its area's name and is used by the code, and a feature reads only its own area
 * (with common and shared). Strings shown outside the catalogues are refused by the lint
 * (eslint.config.js, UNTRANSLATED).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileMessage } from '@lingui/message-utils/compileMessage';

const SRC = path.resolve(__dirname, '..');
const SHARED = path.resolve(SRC, '../../../packages/shared/src');

function walk(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) walk(file, out);
    else out.push(file);
  }
  return out;
}

/** Every catalogue folder of the web app: area name → folder. */
function catalogueFolders(): Map<string, string> {
  const folders = new Map<string, string>([['shared', path.join(SHARED, 'locales')]]);
  for (const file of walk(SRC)) {
    if (!/[/\\]locales[/\\]en\.json$/.test(file)) continue;
    const folder = path.dirname(file);
    const owner = path.basename(path.dirname(folder));
    folders.set(owner === 'i18n' ? 'common' : owner, folder);
  }
  return folders;
}

const read = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
/** The arguments a message names, read from Lingui's own compiled form (plural and select branches walked). */
function argsOf(message: string): string[] {
  const names = new Set<string>();
  // A compiled message is text or a list of tokens: a string, or an argument [name, type?, format or branches?],
  // each branch again a list of tokens.
  const walk = (tokens: unknown): void => {
    if (!Array.isArray(tokens)) return;
    for (const token of tokens) {
      if (!Array.isArray(token)) continue;
      names.add(String(token[0]));
      const branches: unknown = token[2];
      if (branches && typeof branches === 'object') Object.values(branches).forEach(walk);
    }
  };
  walk(compileMessage(message));
  return [...names].sort();
}
const tagsOf = (message: string) => [...message.matchAll(/<\/?([A-Za-z0-9_]+)\s*\/?>/g)].map((m) => m[0]).sort();

const sources = walk(SRC).filter(
  (f) => /\.(ts|tsx)$/.test(f) && !/\.test\.tsx?$/.test(f) && !f.includes(`${path.sep}test${path.sep}`),
);
const code = sources.map((f) => readFileSync(f, 'utf8')).join('\n');

describe('message catalogues', () => {
  const folders = catalogueFolders();

  it.each([...folders])('%s: English and Pidgin hold the same ids, placeholders and tags', (area, folder) => {
    const en = read(path.join(folder, 'en.json'));
    const pcm = read(path.join(folder, 'pcm.json'));
    expect(Object.keys(pcm).sort()).toEqual(Object.keys(en).sort());
    for (const [id, message] of Object.entries(en)) {
      expect(typeof message, id).toBe('string');
      expect(argsOf(pcm[id]!), `placeholders of ${id}`).toEqual(argsOf(message));
      expect(tagsOf(pcm[id]!), `tags of ${id}`).toEqual(tagsOf(message));
      expect(pcm[id]!.trim(), `Pidgin of ${id}`).not.toBe('');
    }
    const prefixes = area === 'shared' ? ['msg.'] : [`${area}.`];
    for (const id of Object.keys(en))
      expect(
        prefixes.some((p) => id.startsWith(p)),
        `${id} in ${area}`,
      ).toBe(true);
  });

  it.each([...folders].filter(([area]) => area !== 'shared'))('%s: every id is used by the code', (_area, folder) => {
    const unused = Object.keys(read(path.join(folder, 'en.json'))).filter(
      (id) => !code.includes(`'${id}'`) && !code.includes(`"${id}"`) && !code.includes(`\`${id}\``),
    );
    expect(unused).toEqual([]);
  });

  it('a feature reads the messages of its own area only (with common and shared)', () => {
    const wrong: string[] = [];
    for (const file of sources) {
      const feature = /features[/\\]([^/\\]+)[/\\]/.exec(file)?.[1];
      if (!feature) continue;
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(/\b(?:useT|t)\(\s*'([a-z]+)'|\barea="([a-z]+)"/g)) {
        const area = m[1] ?? m[2];
        if (area !== feature && area !== 'common' && area !== 'shared')
          wrong.push(`${path.relative(SRC, file)}: ${area}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
