import sharp from 'sharp';
import type { AreaClass, CampusMapData, LineClass, Shape } from './campus-map.js';
import { mercator } from './campus-map.js';

/**
 * The campus map's look: one 256×256 PNG per tile, drawn as SVG and rasterised by sharp. No text:
 * fonts differ between machines, and the browser labels the places itself (decision 0040). This
 * file's source is part of the tiles' version (campus-map.ts): a change here gives new tile URLs.
 */
export const TILE_SIZE = 256;

const COLOURS = {
  land: '#f2efe9',
  /** Beyond the service area: nothing is delivered there, and the extract stops at its edge. */
  outside: '#dedad3',
  edge: '#a39e96',
  grounds: '#efe4cc',
  green: '#d6e9c6',
  wood: '#bdd8a6',
  water: '#a9d0de',
  building: '#d9d0c8',
  buildingEdge: '#c2b5a9',
} as const;

/** Areas in the order they are painted: land cover first, buildings over it. */
const AREA_ORDER: readonly AreaClass[] = ['grounds', 'green', 'wood', 'water', 'building'];

interface LineStyle {
  colour: string;
  /** Stroke width in pixels at zooms 13 … 18; 0: not drawn at that zoom. */
  widths: readonly [number, number, number, number, number, number];
  /** Drawn under the fill, this much wider; roads only. */
  casing?: { colour: string; extra: number };
  /** Dash and gap, in multiples of the stroke width. */
  dash?: readonly [number, number];
}

const LINE_STYLES: Readonly<Record<LineClass, LineStyle>> = {
  waterway: { colour: '#8ec3d6', widths: [0.8, 1, 1.4, 2, 2.6, 3.2] },
  path: { colour: '#d6786a', widths: [0, 0, 1, 1.2, 1.5, 2], dash: [3, 2] },
  steps: { colour: '#d6786a', widths: [0, 0, 1.5, 2.5, 3.5, 5], dash: [0.6, 0.6] },
  track: { colour: '#a8875a', widths: [0, 0, 1, 1.4, 1.8, 2.4], dash: [4, 2] },
  service: { colour: '#ffffff', widths: [0, 0.6, 1.2, 2.2, 3.6, 6], casing: { colour: '#cbc4ba', extra: 1.2 } },
  minor: { colour: '#ffffff', widths: [0.9, 1.5, 2.6, 4.2, 7, 11], casing: { colour: '#c3bbb0', extra: 1.4 } },
  secondary: { colour: '#f8f6bf', widths: [1.6, 2.6, 3.8, 5.6, 8.5, 13], casing: { colour: '#b9b788', extra: 1.6 } },
  major: { colour: '#fbd3a0', widths: [2.4, 3.4, 4.8, 7, 10, 15], casing: { colour: '#c8955a', extra: 1.8 } },
};

/** Lines in the order they are painted: water and paths under the roads, main roads on top. */
const LINE_ORDER: readonly LineClass[] = [
  'waterway',
  'path',
  'steps',
  'track',
  'service',
  'minor',
  'secondary',
  'major',
];
const ROADS: readonly LineClass[] = ['service', 'minor', 'secondary', 'major'];

/** Buildings are drawn from this zoom (at 14, a house is two pixels). */
const BUILDINGS_FROM_ZOOM = 15;
/** And outlined from this one. */
const OUTLINES_FROM_ZOOM = 17;
/** Margin around a tile within which features are drawn: the widest road's half plus its casing. */
const MARGIN_PX = 10;

const widthAt = (style: LineStyle, z: number) => style.widths[Math.min(18, Math.max(13, z)) - 13]!;
/** A tenth of a pixel is finer than anti-aliasing shows. */
const r = (v: number) => Math.round(v * 10) / 10;

/** The service area's edge in Web Mercator metres, and whether a tile lies inside, across or outside it. */
export interface AreaEdge {
  /** The edge as a closed ring, [x0, y0, x1, y1, …]. */
  ring: Float64Array;
  /** Where the tile with this Web Mercator box lies. */
  place(box: readonly [number, number, number, number]): 'inside' | 'across' | 'outside';
}

/** Pixel coordinates of a tile: Web Mercator metres → 0 … 256 from the tile's top left. */
function toPixels(box: readonly [number, number, number, number]) {
  const [minX, , maxX, maxY] = box;
  const scale = TILE_SIZE / (maxX - minX);
  return (part: Float64Array, close: boolean): string => {
    let d = '';
    let lastX = NaN;
    let lastY = NaN;
    for (let i = 0; i < part.length; i += 2) {
      const x = r((part[i]! - minX) * scale);
      const y = r((maxY - part[i + 1]!) * scale);
      if (x === lastX && y === lastY) continue;
      d += `${d ? 'L' : 'M'}${x} ${y}`;
      lastX = x;
      lastY = y;
    }
    return close ? `${d}Z` : d;
  };
}

/** The SVG of tile z/x/y (exported for the tests and the benchmark). */
export function tileSvg(data: CampusMapData, z: number, x: number, y: number, edge: AreaEdge | null): string {
  const box = mercator.bbox(x, y, z, false, '900913') as [number, number, number, number];
  const metresPerPixel = (box[2] - box[0]) / TILE_SIZE;
  const out: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${TILE_SIZE}" height="${TILE_SIZE}" viewBox="0 0 ${TILE_SIZE} ${TILE_SIZE}">`,
    `<rect width="${TILE_SIZE}" height="${TILE_SIZE}" fill="${COLOURS.land}"/>`,
  ];
  const where = edge?.place(box) ?? 'inside';
  if (where !== 'outside') {
    const path = toPixels(box);
    const { areas, lines } = data.featuresFor(z, x, y, MARGIN_PX * metresPerPixel);
    for (const cls of AREA_ORDER) {
      if (cls === 'building' && z < BUILDINGS_FROM_ZOOM) continue;
      const outline =
        cls === 'building' && z >= OUTLINES_FROM_ZOOM ? ` stroke="${COLOURS.buildingEdge}" stroke-width="0.8"` : '';
      // Shapes of one class go in one path; one with holes gets its own, filled even-odd.
      let simple = '';
      for (const s of areas) {
        if (s.cls !== cls) continue;
        if (s.parts.length === 1) simple += path(s.parts[0]!, true);
        else
          out.push(
            `<path fill="${COLOURS[cls]}" fill-rule="evenodd"${outline} d="${s.parts.map((p) => path(p, true)).join('')}"/>`,
          );
      }
      if (simple) out.push(`<path fill="${COLOURS[cls]}"${outline} d="${simple}"/>`);
    }
    const byClass = new Map<LineClass, Shape<LineClass>[]>();
    for (const s of lines) {
      const list = byClass.get(s.cls);
      if (list) list.push(s);
      else byClass.set(s.cls, [s]);
    }
    const d = (cls: LineClass) => (byClass.get(cls) ?? []).map((s) => path(s.parts[0]!, false)).join('');
    const stroke = (colour: string, width: number, extra = '') =>
      `fill="none" stroke="${colour}" stroke-width="${r(width)}" stroke-linecap="round" stroke-linejoin="round"${extra}`;
    // Every road's casing first, then every fill: crossing roads join instead of cutting each other.
    for (const cls of LINE_ORDER) {
      const style = LINE_STYLES[cls];
      const width = widthAt(style, z);
      if (!width || !byClass.has(cls)) continue;
      if (!ROADS.includes(cls)) {
        const dash = style.dash ? ` stroke-dasharray="${r(style.dash[0] * width)} ${r(style.dash[1] * width)}"` : '';
        out.push(`<path ${stroke(style.colour, width, dash)} d="${d(cls)}"/>`);
      }
    }
    for (const cls of ROADS) {
      const style = LINE_STYLES[cls];
      const width = widthAt(style, z);
      if (width && style.casing && byClass.has(cls))
        out.push(`<path ${stroke(style.casing.colour, width + style.casing.extra)} d="${d(cls)}"/>`);
    }
    for (const cls of ROADS) {
      const style = LINE_STYLES[cls];
      const width = widthAt(style, z);
      if (width && byClass.has(cls)) out.push(`<path ${stroke(style.colour, width)} d="${d(cls)}"/>`);
    }
    if (where === 'across' && edge) {
      const ring = path(edge.ring, true);
      out.push(
        `<path fill="${COLOURS.outside}" fill-rule="evenodd" d="M0 0H${TILE_SIZE}V${TILE_SIZE}H0Z${ring}"/>`,
        `<path ${stroke(COLOURS.edge, 1.2, ' stroke-dasharray="4 3"')} d="${ring}"/>`,
      );
    }
  } else out.push(`<rect width="${TILE_SIZE}" height="${TILE_SIZE}" fill="${COLOURS.outside}"/>`);
  out.push('</svg>');
  return out.join('');
}

/**
 * The PNG of tile z/x/y: a palette PNG (libimagequant, no dithering: flat colours and their
 * anti-aliased edges need few entries), a few KB where the city is dense, under 200 bytes where
 * there is nothing.
 */
export function renderTile(data: CampusMapData, z: number, x: number, y: number, edge: AreaEdge | null) {
  return sharp(Buffer.from(tileSvg(data, z, x, y, edge)))
    .png({ palette: true, quality: 60, dither: 0, compressionLevel: 9 })
    .toBuffer();
}
