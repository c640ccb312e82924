/**
 * What each candidate i18n library adds to a page's JavaScript (decision 0037): a minimal use of
 * each (a provider, a hook, a component with markup, one plural message), bundled for the browser
 * with React left out, minified, gzip -9. The candidates are installed into a folder of their own
 * (not the project's dependencies), by this script:
 *
 *   npm run bench:i18n-weight -w bench -- [--dir /tmp/i18n-candidates]
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1]! : fallback;
};
const dir = path.resolve(arg('--dir', '/tmp/i18n-candidates'));

const PACKAGES = [
  '@lingui/core@5',
  '@lingui/react@5',
  'react-intl@7',
  'i18next@25',
  'react-i18next@15',
  'i18next-icu@2',
  'intl-messageformat@10',
  'react@19',
  'react-dom@19',
];

const ENTRIES: Record<string, { code: string; alias?: Record<string, string>; note: string }> = {
  'Lingui 5 (compiled catalogues)': {
    note: 'messages compiled at build time: no ICU parser in the page',
    code: `import { setupI18n } from '@lingui/core';
import { I18nProvider, useLingui, Trans } from '@lingui/react';
export const i18n = setupI18n({ locale: 'en', messages: { en: { a: 'Hello', b: [['n', 'plural', { one: ['#', ' item'], other: ['#', ' items'] }]] } } });
export { I18nProvider, useLingui, Trans };`,
  },
  'react-intl 7 (no parser, precompiled)': {
    note: 'the ICU parser swapped for its no-parser build (messages precompiled with @formatjs/cli)',
    alias: { '@formatjs/icu-messageformat-parser': '@formatjs/icu-messageformat-parser/no-parser' },
    code: `export { IntlProvider, FormattedMessage, useIntl } from 'react-intl';`,
  },
  'react-intl 7': {
    note: 'ICU parsed in the page',
    code: `export { IntlProvider, FormattedMessage, useIntl } from 'react-intl';`,
  },
  'i18next 25 + react-i18next + ICU': {
    note: 'i18next-icu (intl-messageformat) for ICU plurals',
    code: `import i18next from 'i18next';
import ICU from 'i18next-icu';
import { initReactI18next, useTranslation, Trans } from 'react-i18next';
void i18next.use(ICU).use(initReactI18next).init({ lng: 'en', resources: { en: { translation: { a: 'Hello' } } } });
export { i18next, useTranslation, Trans };`,
  },
};

mkdirSync(path.join(dir, 'entries'), { recursive: true });
try {
  readFileSync(path.join(dir, 'node_modules/@lingui/core/package.json'));
} catch {
  writeFileSync(path.join(dir, 'package.json'), '{"private":true}');
  execFileSync('npm', ['install', '--no-audit', '--no-fund', '--prefix', dir, ...PACKAGES], { stdio: 'inherit' });
}

const rows: { library: string; minified: number; gzip: number; note: string }[] = [];
for (const [library, { code, alias, note }] of Object.entries(ENTRIES)) {
  const file = path.join(dir, 'entries', `${library.replace(/\W+/g, '-')}.js`);
  writeFileSync(file, code);
  const out = await build({
    entryPoints: [file],
    bundle: true,
    minify: true,
    write: false,
    format: 'esm',
    platform: 'browser',
    external: ['react', 'react-dom', 'react/jsx-runtime'],
    define: { 'process.env.NODE_ENV': '"production"' },
    nodePaths: [path.join(dir, 'node_modules')],
    alias,
    logLevel: 'error',
  });
  const bytes = out.outputFiles[0]!.contents;
  rows.push({ library, minified: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length, note });
}
console.table(
  rows.map((r) => ({
    ...r,
    minified: `${(r.minified / 1024).toFixed(1)} KB`,
    gzip: `${(r.gzip / 1024).toFixed(1)} KB`,
  })),
);
