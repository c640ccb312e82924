/**
 * The JavaScript home needs to start, gzip -9, from a build's manifest: both entries (index.html's
 * main.tsx and start.tsx) and the home route's chunk with everything they import statically, plus
 * the message catalogues the server-rendered home page says it used (its `areas`), in the page's
 * language. Issue 27: Pidgin may add at most 6 KB to home's first load.
 *
 *   npm run bench:home-weight -w bench -- DIST URL [--language pcm] [DIST URL …]
 *
 * DIST is a web build (apps/web/dist) and URL the running app built from it; a pair per build,
 * printed side by side (before | after).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

interface Chunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}

const argv = process.argv.slice(2);
const li = argv.indexOf('--language');
const language = li >= 0 ? argv.splice(li, 2)[1]! : 'en';
if (argv.length < 2 || argv.length % 2) throw new Error('usage: home-weight DIST URL [DIST URL …] [--language pcm]');

const AREA_FOLDERS: Record<string, string> = {
  common: 'src/i18n/locales',
  shared: '../../packages/shared/src/locales',
  conversation: 'src/conversation/locales',
  delivery: 'src/delivery/locales',
  earnings: 'src/earnings/locales',
};
/** Grouped into one chunk per language by the build (src/i18n/catalogues.ts ROOT_AREAS). */
const ROOT_AREAS = new Set(['common', 'shared', 'layout']);
const catalogueKey = (area: string) =>
  `${AREA_FOLDERS[area] ?? `src/features/${area}/locales`}/${language}.json?lingui`;

async function measure(dist: string, url: string) {
  const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Record<string, Chunk>;
  const html = await (
    await fetch(`${url.replace(/\/$/, '')}/`, { headers: { cookie: `jara_lang=${language}` } })
  ).text();
  const state = /<script type="application\/json" id="jara-state">([\s\S]*?)<\/script>/.exec(html)?.[1];
  const areas = state ? ((JSON.parse(state) as { areas?: string[] }).areas ?? []) : [];
  const seen = new Set<string>();
  const visit = (key: string | undefined) => {
    if (!key || seen.has(key) || !manifest[key]) return;
    seen.add(key);
    manifest[key]!.imports?.forEach(visit);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) visit(key);
  visit('src/app/routes/home.tsx');
  let code = 0;
  let messages = 0;
  for (const key of seen) code += gzipSync(readFileSync(path.join(dist, manifest[key]!.file)), { level: 9 }).length;
  // An area's chunk is its own, or the one the build groups the root areas into (vite.config.ts).
  const grouped = Object.entries(manifest).find(([key]) => key.startsWith(`_messages-${language}-`))?.[1];
  const files = new Set<string>();
  for (const area of areas) {
    const chunk = manifest[catalogueKey(area)] ?? (ROOT_AREAS.has(area) ? grouped : undefined);
    if (!chunk) throw new Error(`no catalogue chunk for ${area} in ${language}`);
    files.add(chunk.file);
  }
  for (const file of files) messages += gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;
  return {
    dist,
    areas: areas.join(' '),
    codeKB: code / 1024,
    messagesKB: messages / 1024,
    totalKB: (code + messages) / 1024,
  };
}

const rows = [];
for (let i = 0; i < argv.length; i += 2) rows.push(await measure(argv[i]!, argv[i + 1]!));
console.log(`home's first-load JavaScript, gzip -9 (${language})`);
console.table(
  rows.map((r) => ({
    ...r,
    codeKB: r.codeKB.toFixed(1),
    messagesKB: r.messagesKB.toFixed(1),
    totalKB: r.totalKB.toFixed(1),
  })),
);
if (rows.length === 2) console.log(`after − before: ${(rows[1]!.totalKB - rows[0]!.totalKB).toFixed(1)} KB`);
