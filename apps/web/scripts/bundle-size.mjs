// Gzip size of the JavaScript pages need (from Vite's manifest):
// - home, before it can render: the entry chunk, the home route chunk and everything they import
//   statically (budget 170 KB);
// - the tracking page (My Orders with a delivery under way, issue 28) beyond what home loaded:
//   its route chunk and static imports, the map's Leaflet chunk it fetches when the map shows, and
//   the English words of its areas (budget 120 KB).
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';

const dist = new URL('../dist/', import.meta.url).pathname;
const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));

/** The keys `roots` load, with everything they import statically. */
function closure(roots) {
  const seen = new Set();
  const visit = (key) => {
    if (!key || seen.has(key)) return;
    if (!manifest[key]) throw new Error(`${key} is not in the build's manifest`);
    seen.add(key);
    for (const i of manifest[key].imports ?? []) visit(i);
  };
  roots.forEach(visit);
  return seen;
}

/** Prints the JavaScript of `keys` not in `except`, largest first; fails past `budgetKb`. */
function report(label, keys, budgetKb, except = new Set()) {
  let total = 0;
  const rows = [];
  for (const key of keys) {
    const file = manifest[key].file;
    if (except.has(key) || !file.endsWith('.js')) continue;
    const size = gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
    total += size;
    rows.push([file, (size / 1024).toFixed(1)]);
  }
  rows.sort((a, b) => Number(b[1]) - Number(a[1]));
  for (const [f, s] of rows) console.log(`${s.padStart(7)} KB  ${f}`);
  console.log(`${(total / 1024).toFixed(1).padStart(7)} KB  ${label} (gzip)\n`);
  if (total > budgetKb * 1024) {
    console.error(`Over the ${budgetKb} KB budget`);
    process.exitCode = 1;
  }
}

const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
const home = closure([entryKey, 'src/app/routes/home.tsx']);
report('home page initial JS', home, 170);

const tracking = closure([
  'src/app/routes/my-orders.ts',
  'src/map/leaflet-map.tsx',
  ...['src/features/orders', 'src/delivery', 'src/map'].map((area) => `${area}/locales/en.json?lingui`),
]);
report('tracking page JS beyond home', tracking, 120, home);
