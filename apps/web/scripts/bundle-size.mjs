// Gzip size of the JavaScript the home page needs before it can render: the entry chunk, the
// home route chunk and everything they import statically (from Vite's manifest).
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';

const dist = new URL('../dist/', import.meta.url).pathname;
const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));
const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
const homeKey = Object.keys(manifest).find((k) => k.endsWith('src/app/routes/home.tsx'));
const seen = new Set();
const visit = (key) => {
  if (!key || seen.has(key)) return;
  seen.add(key);
  for (const i of manifest[key].imports ?? []) visit(i);
};
visit(entryKey);
visit(homeKey);
let total = 0;
const rows = [];
for (const key of seen) {
  const file = manifest[key].file;
  const size = gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
  total += size;
  rows.push([file, (size / 1024).toFixed(1)]);
}
rows.sort((a, b) => Number(b[1]) - Number(a[1]));
for (const [f, s] of rows) console.log(`${s.padStart(7)} KB  ${f}`);
console.log(`${(total / 1024).toFixed(1).padStart(7)} KB  home page initial JS (gzip)`);
if (total > 170 * 1024) {
  console.error('Over the 170 KB budget');
  process.exit(1);
}
