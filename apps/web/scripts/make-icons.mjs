// Draws the app icons from public/icons/icon.svg (any purpose) and public/icons/maskable.svg
// (the mark inside the central safe circle, full-bleed background) into the PNGs the web
// manifest and iOS ask for. Run after changing the drawings: `npm run icons -w apps/web`.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import sharp from 'sharp';

const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'public', 'icons');
const svg = (name) => readFileSync(path.join(dir, name));
const out = [
  ['icon.svg', 192, 'icon-192.png'],
  ['icon.svg', 512, 'icon-512.png'],
  ['maskable.svg', 192, 'maskable-192.png'],
  ['maskable.svg', 512, 'maskable-512.png'],
  ['maskable.svg', 180, 'apple-touch-icon.png'],
];
for (const [src, size, name] of out) {
  await sharp(svg(src), { density: Math.ceil((72 * size) / 64) })
    .resize(size, size)
    .png({ compressionLevel: 9, palette: true })
    .toFile(path.join(dir, name));
  console.log(name);
}
