import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { compileMessageOrThrow, type CompiledMessage } from '@lingui/message-utils/compileMessage';
import { MSG } from '@jara/shared';
import { errorMessage, languageOf, moduleCatalogue, translate } from './i18n.js';

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SHARED = path.resolve(SRC, '../../../packages/shared/src/locales');
const readJson = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;

/** Every catalogue: the shared one and each module's, by name, in both languages. */
const catalogues = [
  { name: 'shared', en: readJson(path.join(SHARED, 'en.json')), pcm: readJson(path.join(SHARED, 'pcm.json')) },
  ...readdirSync(path.join(SRC, 'modules'), { withFileTypes: true })
    .filter((d) => d.isDirectory() && readdirSync(path.join(SRC, 'modules', d.name)).includes('locales'))
    .map((d) => {
      const dir = path.join(SRC, 'modules', d.name, 'locales');
      return { name: d.name, en: readJson(path.join(dir, 'en.json')), pcm: readJson(path.join(dir, 'pcm.json')) };
    }),
];

/** A message's placeholders with their kinds and choices (`count:plural(one,other)`), however deep. */
function placeholders(message: CompiledMessage, found = new Set<string>()): Set<string> {
  for (const token of message) {
    if (typeof token === 'string') continue;
    const [name, type, format] = token;
    const choices = type && format && typeof format === 'object' ? (format as Record<string, unknown>) : null;
    const keys = choices ? Object.keys(choices).filter((k) => k !== 'offset') : [];
    found.add(`${name}${type ? `:${type}(${keys.sort().join(',')})` : ''}`);
    for (const k of keys) placeholders(choices![k] as CompiledMessage, found);
  }
  return found;
}

/** The server's own code (tests aside), where every id of a module's catalogue must be written out. */
const serverCode = (readdirSync(SRC, { recursive: true }) as string[])
  .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
  .map((f) => readFileSync(path.join(SRC, f), 'utf8'))
  .join('\n');

describe('the catalogues', () => {
  it('are found: the shared one and the modules’', () => {
    expect(catalogues.map((c) => c.name)).toEqual(
      expect.arrayContaining(['shared', 'auth', 'orders', 'push', 'payments', 'chat', 'dispatch', 'contact']),
    );
  });

  it.each(catalogues)('$name: both languages have the same ids, each valid ICU with the same placeholders', (c) => {
    expect(Object.keys(c.pcm).sort()).toEqual(Object.keys(c.en).sort());
    for (const id of Object.keys(c.en)) {
      expect(c.pcm[id]!.trim(), `${c.name} pcm ${id}`).not.toBe('');
      expect([...placeholders(compileMessageOrThrow(c.pcm[id]!))].sort(), id).toEqual(
        [...placeholders(compileMessageOrThrow(c.en[id]!))].sort(),
      );
    }
  });

  it.each(catalogues.filter((c) => c.name !== 'shared'))(
    '$name: ids start with the module’s name and each is used in the server’s code',
    (c) => {
      const ids = Object.keys(c.en);
      expect(ids.filter((id) => !id.startsWith(`${c.name}.`))).toEqual([]);
      // Written out whole, in quotes (so `a.b` is not found inside `a.b.c`).
      expect(ids.filter((id) => !serverCode.includes(`'${id}'`))).toEqual([]);
    },
  );

  it('tells the placeholders apart (the check above can fail)', () => {
    const of = (m: string) => [...placeholders(compileMessageOrThrow(m))].sort();
    expect(of('{n, plural, one {# item} other {# items from {shop}}}')).toEqual(['n:plural(one,other)', 'shop']);
    expect(of('{n, plural, one {# item} other {# items}}')).not.toEqual(of('{count, plural, one {#} other {#}}'));
    expect(of('Hello {name}')).not.toEqual(of('Hello {nam}'));
  });

  it('refuses a module catalogue with another module’s ids or with ids already taken', () => {
    expect(() => moduleCatalogue('probe', { en: { 'other.x': 'X' }, pcm: { 'other.x': 'X' } })).toThrow(/start with/);
    // A module named like the shared catalogue's prefixes cannot take its ids.
    expect(() => moduleCatalogue('msg', { en: { 'msg.free': 'X' }, pcm: { 'msg.free': 'Y' } })).toThrow(
      /msg\.free is in the shared and the msg catalogues/,
    );
    expect(translate('en', 'msg.free')).toBe(MSG.free);
  });

  it('says a module’s message with its values and plurals, in either language', () => {
    const t = moduleCatalogue('probe3', {
      en: { 'probe3.items': '{count, plural, one {# item} other {# items}} from {shop}' },
      pcm: { 'probe3.items': '{count, plural, one {# item} other {# items}} from {shop} o' },
    });
    expect(t('en', 'probe3.items', { count: 1, shop: 'Mama Put' })).toBe('1 item from Mama Put');
    expect(t('pcm', 'probe3.items', { count: 1200, shop: 'Mama Put' })).toBe('1,200 items from Mama Put o');
  });
});

describe('error messages', () => {
  it('stay in English exactly as thrown', () => {
    expect(errorMessage('en', 'not_found', 'Order not found.')).toBe('Order not found.');
    expect(errorMessage('en', 'validation_failed', MSG.invalidEmail)).toBe(MSG.invalidEmail);
  });

  it('are in Pidgin the specification’s message when they are one, else what the code means', () => {
    expect(errorMessage('pcm', 'validation_failed', MSG.invalidEmail)).toBe(translate('pcm', 'msg.invalidEmail'));
    expect(errorMessage('pcm', 'internal_error', MSG.somethingWrong)).toBe('Something don go wrong');
    expect(errorMessage('pcm', 'not_found', 'Order not found.')).toBe(translate('pcm', 'error.not_found'));
    expect(translate('pcm', 'error.not_found')).not.toBe(translate('en', 'error.not_found'));
  });
});

describe('the request’s language', () => {
  const req = (headers: { cookie?: string; 'accept-language'?: string }, cookies?: Record<string, string>) => ({
    headers,
    cookies,
  });

  it('is the cookie’s, else Accept-Language’s guess, else English', () => {
    expect(languageOf(req({ 'accept-language': 'pcm' }, { jara_lang: 'en' }))).toBe('en');
    expect(languageOf(req({ 'accept-language': 'en-NG' }, { jara_lang: 'pcm' }))).toBe('pcm');
    expect(languageOf(req({ 'accept-language': 'pcm-NG,en;q=0.8' }, {}))).toBe('pcm');
    expect(languageOf(req({ 'accept-language': 'fr' }, { jara_lang: 'yo' }))).toBe('en');
    expect(languageOf(req({}))).toBe('en');
  });

  it('is read from the Cookie header when the cookies are not parsed yet', () => {
    expect(languageOf(req({ cookie: 'jara_sid=abc; jara_lang=pcm' }))).toBe('pcm');
    expect(languageOf(req({ cookie: 'not_jara_lang=pcm', 'accept-language': 'en' }))).toBe('en');
  });
});
