/**
 * Demo imagery drawn in code: each picture is an SVG string rasterised to WebP with sharp,
 * so the repository ships no binary images and every seed run produces the same files.
 */
import sharp from 'sharp';

// ── Colour helpers ───────────────────────────────────────────────────────────

interface Hsl {
  h: number;
  s: number;
  l: number;
}

function hexToHsl(hex: string): Hsl {
  const m = /^#?([0-9a-f]{6})$/i.exec(hex.trim());
  const n = m ? parseInt(m[1]!, 16) : 0x888888;
  const r = ((n >> 16) & 255) / 255;
  const g = ((n >> 8) & 255) / 255;
  const b = (n & 255) / 255;
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const l = (max + min) / 2;
  if (max === min) return { h: 0, s: 0, l };
  const d = max - min;
  const s = l > 0.5 ? d / (2 - max - min) : d / (max + min);
  let h: number;
  if (max === r) h = (g - b) / d + (g < b ? 6 : 0);
  else if (max === g) h = (b - r) / d + 2;
  else h = (r - g) / d + 4;
  return { h: h * 60, s, l };
}

function hsl(h: number, s: number, l: number): string {
  const hh = ((h % 360) + 360) % 360;
  const ss = Math.min(1, Math.max(0, s));
  const ll = Math.min(1, Math.max(0, l));
  const c = (1 - Math.abs(2 * ll - 1)) * ss;
  const x = c * (1 - Math.abs(((hh / 60) % 2) - 1));
  const m = ll - c / 2;
  const [r, g, b] =
    hh < 60
      ? [c, x, 0]
      : hh < 120
        ? [x, c, 0]
        : hh < 180
          ? [0, c, x]
          : hh < 240
            ? [0, x, c]
            : hh < 300
              ? [x, 0, c]
              : [c, 0, x];
  const to = (v: number): string =>
    Math.round((v + m) * 255)
      .toString(16)
      .padStart(2, '0');
  return `#${to(r)}${to(g)}${to(b)}`;
}

/** Shades of one hue used by a drawing: `base` for the body, lighter and darker for shading. */
interface Palette {
  base: string;
  light: string;
  lighter: string;
  dark: string;
  darker: string;
  /** Complementary colour for small details. */
  pop: string;
  /** Pale tint for the studio backdrop. */
  tint: string;
  tintDeep: string;
}

function palette(hex: string, hueShift = 0, lightShift = 0): Palette {
  const c = hexToHsl(hex);
  const h = c.h + hueShift;
  const s = Math.max(0.35, c.s);
  const l = Math.min(0.62, Math.max(0.32, c.l + lightShift));
  return {
    base: hsl(h, s, l),
    light: hsl(h, s, l + 0.14),
    lighter: hsl(h, s, l + 0.28),
    dark: hsl(h, s, l - 0.12),
    darker: hsl(h, s, l - 0.22),
    pop: hsl(h + 180, 0.6, 0.55),
    tint: hsl(h, 0.45, 0.96),
    tintDeep: hsl(h, 0.3, 0.84),
  };
}

/** Small deterministic PRNG so the same motif and variant always draw the same picture. */
function rng(seed: string): () => number {
  let a = 2166136261;
  for (let i = 0; i < seed.length; i++) a = Math.imul(a ^ seed.charCodeAt(i), 16777619);
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function esc(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

const FONT = "'DejaVu Sans', 'Liberation Sans', Arial, sans-serif";

async function toWebp(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg)).webp({ quality: 80, effort: 1 }).toBuffer();
}

// ── Motif drawings ──────────────────────────────────────────────────────────
// Each drawing lives in an 800x800 space, centred near (400, 400), resting on y≈600.
// It may use the shared gradients defined in productDefs(): #m (body), #mv (vertical body),
// #metal, #gold, #glass, #shine, #dark.

interface DrawCtx {
  p: Palette;
  v: number;
  rand: () => number;
}

type Draw = (c: DrawCtx) => string;

/** A few fixed colour choices per motif, picked by variant, so variants differ visibly. */
function pick<T>(list: readonly T[], v: number): T {
  return list[v % list.length]!;
}

function circles(
  n: number,
  rand: () => number,
  box: [number, number, number, number],
  r: [number, number],
  fills: string[],
  extra = '',
): string {
  let out = '';
  const [x0, y0, x1, y1] = box;
  for (let i = 0; i < n; i++) {
    const x = x0 + rand() * (x1 - x0);
    const y = y0 + rand() * (y1 - y0);
    const rr = r[0] + rand() * (r[1] - r[0]);
    out += `<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="${rr.toFixed(1)}" fill="${fills[i % fills.length]}" ${extra}/>`;
  }
  return out;
}

/** Grains of rice scattered inside an ellipse. */
function grains(
  n: number,
  rand: () => number,
  cx: number,
  cy: number,
  rx: number,
  ry: number,
  fills: string[],
): string {
  let out = '';
  for (let i = 0; i < n; i++) {
    const a = rand() * Math.PI * 2;
    const d = Math.sqrt(rand());
    const x = cx + Math.cos(a) * rx * d;
    const y = cy + Math.sin(a) * ry * d;
    const rot = Math.floor(rand() * 180);
    out += `<ellipse cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" rx="7" ry="3.2" transform="rotate(${rot} ${x.toFixed(1)} ${y.toFixed(1)})" fill="${fills[i % fills.length]}"/>`;
  }
  return out;
}

const phoneCase: Draw = ({ p, v }) => {
  const rot = pick([-12, 8, -4, 14], v);
  const back = v % 2 === 1;
  const camera = `
    <rect x="-108" y="-238" width="120" height="120" rx="30" fill="${p.dark}" opacity="0.55"/>
    <rect x="-104" y="-234" width="112" height="112" rx="28" fill="url(#dark)"/>
    ${[
      [-74, -204],
      [-22, -204],
      [-74, -152],
    ]
      .map(
        ([x, y]) =>
          `<circle cx="${x}" cy="${y}" r="22" fill="#111" stroke="#555" stroke-width="4"/><circle cx="${x}" cy="${y}" r="11" fill="#1d2a44"/><circle cx="${x! - 5}" cy="${y! - 5}" r="4" fill="#9fb6ff" opacity="0.8"/>`,
      )
      .join('')}
    <circle cx="-22" cy="-152" r="8" fill="#fff6c8"/>`;
  const second = back
    ? `<g transform="translate(120 30) rotate(10)"><rect x="-140" y="-270" width="280" height="540" rx="48" fill="${p.pop}" opacity="0.9"/><rect x="-128" y="-258" width="256" height="516" rx="40" fill="#000" opacity="0.08"/></g>`
    : '';
  return `<g transform="translate(400 390) rotate(${rot})">
    ${second}
    <rect x="-140" y="-270" width="280" height="540" rx="48" fill="url(#m)"/>
    <rect x="-140" y="-270" width="280" height="540" rx="48" fill="url(#shine)" opacity="0.55"/>
    <rect x="-128" y="-258" width="256" height="516" rx="40" fill="none" stroke="${p.lighter}" stroke-width="3" opacity="0.6"/>
    <rect x="140" y="-150" width="8" height="70" rx="4" fill="${p.dark}"/>
    <rect x="140" y="-60" width="8" height="40" rx="4" fill="${p.dark}"/>
    ${camera}
    <circle cx="0" cy="30" r="26" fill="none" stroke="${p.lighter}" stroke-width="6" opacity="0.7"/>
    <path d="M-8 18 q8 -14 16 0 q-8 24 -16 0" fill="${p.lighter}" opacity="0.7"/>
  </g>`;
};

const charger: Draw = ({ p, v }) => {
  const white = v % 2 === 0;
  const body = white ? '#f4f5f7' : '#23262b';
  const bodyDark = white ? '#d5d8de' : '#111316';
  const rot = pick([-6, 6, -10, 3], v);
  return `<g transform="translate(360 380) rotate(${rot})">
    <path d="M120 120 C 230 170, 120 260, 260 250 S 380 180, 420 230" fill="none" stroke="${white ? '#e9ebef' : '#2b2f35'}" stroke-width="20" stroke-linecap="round"/>
    <path d="M120 120 C 230 170, 120 260, 260 250 S 380 180, 420 230" fill="none" stroke="#000" stroke-opacity="0.12" stroke-width="20" stroke-linecap="round" transform="translate(0 4)"/>
    <rect x="400" y="210" width="58" height="34" rx="10" fill="${white ? '#eef0f3' : '#2b2f35'}"/>
    <rect x="454" y="217" width="34" height="20" rx="7" fill="url(#metal)"/>
    <rect x="-40" y="-230" width="28" height="90" rx="3" fill="url(#metal)"/>
    <rect x="60" y="-230" width="28" height="90" rx="3" fill="url(#metal)"/>
    <rect x="8" y="-250" width="32" height="100" rx="3" fill="url(#metal)"/>
    <rect x="-120" y="-160" width="290" height="290" rx="46" fill="${bodyDark}"/>
    <rect x="-130" y="-170" width="280" height="280" rx="44" fill="${body}"/>
    <rect x="-130" y="-170" width="280" height="280" rx="44" fill="url(#shine)" opacity="0.5"/>
    <rect x="-60" y="40" width="140" height="10" rx="5" fill="${p.base}"/>
    <text x="10" y="-20" text-anchor="middle" font-family="${FONT}" font-weight="700" font-size="40" fill="${white ? '#9aa0a8' : '#7b818a'}">20W</text>
    <rect x="-18" y="78" width="56" height="22" rx="11" fill="#0d0f12"/>
    <path d="M120 120 L120 96" stroke="${white ? '#e9ebef' : '#2b2f35'}" stroke-width="26"/>
  </g>`;
};

const earbuds: Draw = ({ p, v }) => {
  const white = v % 2 === 0;
  const shell = white ? '#f7f8fa' : '#2a2d33';
  const shell2 = white ? '#d9dce2' : '#15171a';
  const bud = (
    x: number,
    y: number,
    r: number,
    flip: number,
  ): string => `<g transform="translate(${x} ${y}) rotate(${r}) scale(${flip} 1)">
      <rect x="-17" y="10" width="34" height="140" rx="17" fill="${shell}"/>
      <rect x="-17" y="10" width="34" height="140" rx="17" fill="${shell2}" opacity="0.35" transform="translate(6 0)"/>
      <circle cx="0" cy="142" r="9" fill="url(#metal)"/>
      <ellipse cx="0" cy="0" rx="52" ry="48" fill="${shell}"/>
      <ellipse cx="10" cy="8" rx="46" ry="40" fill="${shell2}" opacity="0.35"/>
      <ellipse cx="-26" cy="-8" rx="24" ry="20" fill="${p.dark}"/>
      <ellipse cx="-30" cy="-12" rx="9" ry="6" fill="#fff" opacity="0.35"/>
      <ellipse cx="6" cy="-18" rx="18" ry="10" fill="#fff" opacity="0.6"/>
    </g>`;
  return `<g transform="translate(400 430) rotate(${pick([0, -6, 5, -3], v)})">
    <g transform="translate(-90 -40)">
      <path d="M-150 -10 Q-150 -170 0 -175 Q150 -170 150 -10 Z" fill="${shell2}"/>
      <path d="M-138 -16 Q-138 -158 0 -162 Q138 -158 138 -16 Z" fill="${shell}"/>
      <path d="M-110 -40 Q-100 -140 0 -146" fill="none" stroke="#fff" stroke-width="10" opacity="0.7"/>
      <rect x="-150" y="-10" width="300" height="20" fill="${shell2}"/>
      <path d="M-150 10 L150 10 L150 110 Q150 200 0 200 Q-150 200 -150 110 Z" fill="${shell}"/>
      <path d="M-150 10 L150 10 L150 110 Q150 200 0 200 Q-150 200 -150 110 Z" fill="url(#shine)" opacity="0.6"/>
      <ellipse cx="-55" cy="18" rx="46" ry="14" fill="${shell2}"/><ellipse cx="55" cy="18" rx="46" ry="14" fill="${shell2}"/>
      <circle cx="0" cy="120" r="7" fill="${p.base}"/>
    </g>
    ${bud(140, 10, -18, 1)}
    ${bud(250, 30, 16, -1)}
  </g>`;
};

const powerBank: Draw = ({ p, v }) => {
  const rot = pick([-14, -6, 10, -20], v);
  return `<g transform="translate(400 400) rotate(${rot})">
    <rect x="-150" y="-250" width="300" height="500" rx="44" fill="${p.darker}" transform="translate(22 18)"/>
    <rect x="-150" y="-250" width="300" height="500" rx="44" fill="url(#m)"/>
    <rect x="-150" y="-250" width="300" height="500" rx="44" fill="url(#shine)" opacity="0.5"/>
    <rect x="-118" y="-220" width="236" height="440" rx="30" fill="none" stroke="${p.light}" stroke-width="3" opacity="0.6"/>
    ${[0, 1, 2, 3].map((i) => `<circle cx="${-45 + i * 30}" cy="150" r="8" fill="${i < 3 ? '#7dffb0' : p.dark}"/>`).join('')}
    <text x="0" y="-40" text-anchor="middle" font-family="${FONT}" font-weight="700" font-size="52" fill="${p.lighter}" opacity="0.9">20000</text>
    <text x="0" y="6" text-anchor="middle" font-family="${FONT}" font-size="30" fill="${p.lighter}" opacity="0.8">mAh</text>
    <rect x="-70" y="-262" width="50" height="16" rx="6" fill="#1a1a1a"/>
    <rect x="10" y="-262" width="60" height="16" rx="4" fill="#1a1a1a"/>
  </g>`;
};

const cable: Draw = ({ p, v }) => {
  const col = pick([p.base, '#eeeeee', '#26282c', p.light], v);
  const loops = [0, 1, 2, 3]
    .map(
      (i) =>
        `<ellipse cx="${400 + i * 8}" cy="${410 - i * 10}" rx="${190 - i * 12}" ry="${130 - i * 8}" fill="none" stroke="#000" stroke-opacity="0.18" stroke-width="25"/><ellipse cx="${400 + i * 8}" cy="${410 - i * 10}" rx="${190 - i * 12}" ry="${130 - i * 8}" fill="none" stroke="${col}" stroke-width="20"/><ellipse cx="${400 + i * 8}" cy="${410 - i * 10}" rx="${190 - i * 12}" ry="${130 - i * 8}" fill="none" stroke="#fff" stroke-opacity="0.25" stroke-width="5" transform="translate(-3 -5)"/>`,
    )
    .join('');
  return `${loops}
    <path d="M230 420 C 180 520, 240 600, 330 590" fill="none" stroke="${col}" stroke-width="20" stroke-linecap="round"/>
    <path d="M590 400 C 650 480, 610 560, 520 600" fill="none" stroke="${col}" stroke-width="20" stroke-linecap="round"/>
    <g transform="translate(330 590) rotate(-10)"><rect x="0" y="-22" width="70" height="44" rx="10" fill="${col}"/><rect x="66" y="-16" width="56" height="32" rx="4" fill="url(#metal)"/><rect x="78" y="-6" width="32" height="8" fill="#555"/></g>
    <g transform="translate(520 600) rotate(170)"><rect x="0" y="-20" width="64" height="40" rx="12" fill="${col}"/><rect x="60" y="-13" width="40" height="26" rx="11" fill="url(#metal)"/><rect x="70" y="-3" width="20" height="6" rx="3" fill="#444"/></g>`;
};

const headphones: Draw = ({ p, v }) => {
  const body = pick([p.base, '#24272c', '#eceef1', p.dark], v);
  return `<g transform="translate(400 410)">
    <path d="M-190 40 C -200 -260, 200 -260, 190 40" fill="none" stroke="${body}" stroke-width="40" stroke-linecap="round"/>
    <path d="M-170 0 C -175 -220, 175 -220, 170 0" fill="none" stroke="#000" stroke-opacity="0.25" stroke-width="16"/>
    ${[-1, 1]
      .map(
        (s) => `<g transform="translate(${s * 190} 90)">
        <rect x="-40" y="-110" width="80" height="60" rx="20" fill="url(#metal)"/>
        <ellipse cx="0" cy="20" rx="${s < 0 ? 95 : 95}" ry="120" fill="${body}"/>
        <ellipse cx="0" cy="20" rx="95" ry="120" fill="url(#shine)" opacity="0.45"/>
        <ellipse cx="${-s * 30}" cy="20" rx="50" ry="95" fill="#1a1a1a" opacity="0.85"/>
        <circle cx="${s * 20}" cy="20" r="18" fill="${p.light}" opacity="0.8"/>
      </g>`,
      )
      .join('')}
  </g>`;
};

const watch: Draw = ({ p, v }) => {
  const strap = pick([p.dark, '#3b2a20', '#1f1f22', p.base], v);
  const gold = v === 3 || v === 1;
  return `<g transform="translate(400 400) rotate(${pick([-10, 12, -4, 6], v)})">
    <path d="M-80 -140 L-70 -330 Q0 -350 70 -330 L80 -140 Z" fill="${strap}"/>
    <path d="M-80 140 L-70 330 Q0 350 70 330 L80 140 Z" fill="${strap}"/>
    ${[-290, -250, -210].map((y) => `<rect x="-60" y="${y}" width="120" height="4" fill="#000" opacity="0.2"/>`).join('')}
    ${[240, 280].map((y) => `<circle cx="0" cy="${y}" r="7" fill="#000" opacity="0.35"/>`).join('')}
    <rect x="-90" y="-150" width="180" height="30" rx="8" fill="url(#${gold ? 'gold' : 'metal'})"/>
    <rect x="-90" y="120" width="180" height="30" rx="8" fill="url(#${gold ? 'gold' : 'metal'})"/>
    <circle r="165" fill="url(#${gold ? 'gold' : 'metal'})"/>
    <rect x="158" y="-24" width="32" height="48" rx="8" fill="url(#${gold ? 'gold' : 'metal'})"/>
    <circle r="140" fill="${v % 2 ? '#101418' : '#f7f6f2'}"/>
    ${Array.from({ length: 12 }, (_, i) => `<rect x="-4" y="-128" width="8" height="${i % 3 === 0 ? 28 : 14}" fill="${v % 2 ? '#e8e8e8' : '#222'}" transform="rotate(${i * 30})"/>`).join('')}
    <circle cx="-45" cy="40" r="28" fill="none" stroke="${p.base}" stroke-width="4"/>
    <circle cx="45" cy="40" r="28" fill="none" stroke="${p.base}" stroke-width="4"/>
    <rect x="-5" y="-100" width="10" height="110" rx="5" fill="${v % 2 ? '#fff' : '#111'}" transform="rotate(40)"/>
    <rect x="-4" y="-75" width="8" height="85" rx="4" fill="${v % 2 ? '#fff' : '#111'}" transform="rotate(-70)"/>
    <rect x="-1.5" y="-120" width="3" height="140" fill="${p.pop}" transform="rotate(160)"/>
    <circle r="9" fill="url(#metal)"/>
    <circle r="140" fill="url(#glass)"/>
  </g>`;
};

const wig: Draw = ({ v }) => {
  const hair = pick(['#1a120d', '#3b2417', '#5a1422', '#9a6a3a'], v);
  const hi = pick(['#4a3a30', '#6b4a33', '#8e3346', '#d3a064'], v);
  const wavy = v % 2 === 1;
  const strands = [-175, -160, -145, -130, -115, 115, 130, 145, 160, 175]
    .map((x, i) => {
      const d = wavy
        ? `M${x} -60 q16 60 0 120 q-16 60 0 120 q16 50 0 100`
        : `M${x} -60 C ${x - 10} 60, ${x + 10} 200, ${x + (i - 5) * 3} 350`;
      return `<path d="${d}" fill="none" stroke="${hi}" stroke-width="3" opacity="0.55"/>`;
    })
    .join('');
  return `<g transform="translate(400 330)">
    <path d="M-70 160 L-90 330 L90 330 L70 160 Z" fill="#e9dccd"/>
    <ellipse cx="0" cy="330" rx="150" ry="30" fill="#d9c8b4"/>
    <ellipse cx="0" cy="20" rx="130" ry="160" fill="#efe3d5"/>
    <path d="M-185 -20 C -200 -230, 200 -230, 185 -20 C 200 120, 190 260, 170 360 L 100 360 C 120 240, 120 120, 95 40 C 60 -60, -60 -60, -95 40 C -120 120, -120 240, -100 360 L -170 360 C -190 260, -200 120, -185 -20 Z" fill="${hair}"/>
    <path d="M-120 -120 C -60 -170, 60 -170, 140 -90" fill="none" stroke="${hi}" stroke-width="10" opacity="0.5"/>
    ${strands}
    <path d="M-95 40 C -60 -40, 60 -40, 95 40" fill="none" stroke="${hair}" stroke-width="16"/>
  </g>`;
};

const hairClip: Draw = ({ p, v }) => {
  const cols = [p.base, pick(['#f2d8c9', '#1d1d1d', '#e8c15a', '#bfe3d0'], v), p.light];
  const clip = (
    x: number,
    y: number,
    r: number,
    col: string,
    s: number,
  ): string => `<g transform="translate(${x} ${y}) rotate(${r}) scale(${s})">
      <path d="M-150 -20 C -150 -110, 150 -110, 150 -20 L 150 10 C 150 -60, -150 -60, -150 10 Z" fill="${col}"/>
      ${Array.from({ length: 9 }, (_, i) => `<path d="M${-128 + i * 32} -10 q-6 70 10 110 q12 -40 6 -110 z" fill="${col}"/>`).join('')}
      <path d="M-150 -20 C -150 -110, 150 -110, 150 -20" fill="none" stroke="#fff" stroke-opacity="0.45" stroke-width="8"/>
      <rect x="-40" y="-110" width="80" height="40" rx="14" fill="url(#metal)"/>
      ${Array.from({ length: 9 }, (_, i) => `<path d="M${-122 + i * 32} -6 q-2 50 6 80" fill="none" stroke="#000" stroke-opacity="0.12" stroke-width="4"/>`).join('')}
    </g>`;
  return `${clip(300, 330, -18, cols[1]!, 0.8)}${clip(520, 360, 14, cols[2]!, 0.75)}${clip(410, 470, -4, cols[0]!, 1)}`;
};

const comb: Draw = ({ p, v }) => {
  const col = pick([p.base, '#222', '#c8a04a', p.dark], v);
  const teeth = Array.from(
    { length: 26 },
    (_, i) => `<rect x="${-250 + i * 14}" y="0" width="8" height="${i % 2 ? 110 : 120}" rx="4" fill="${col}"/>`,
  ).join('');
  return `<g transform="translate(420 380) rotate(${pick([-24, -12, -32, 18], v)})">
    <rect x="-260" y="-40" width="380" height="52" rx="16" fill="${col}"/>
    <rect x="-260" y="-40" width="380" height="52" rx="16" fill="url(#shine)" opacity="0.55"/>
    <path d="M118 -40 L 360 -14 Q 372 -6 360 2 L 118 12 Z" fill="${col}"/>
    ${teeth}
  </g>
  <g transform="translate(360 560) rotate(${pick([8, -6, 12, -14], v)})">
    <rect x="-120" y="-24" width="150" height="48" rx="22" fill="${p.pop}"/>
    <rect x="30" y="-12" width="150" height="24" rx="12" fill="${p.pop}"/>
    ${Array.from({ length: 14 }, (_, i) => `<rect x="${-110 + i * 10}" y="-40" width="4" height="20" rx="2" fill="#333"/>`).join('')}
  </g>`;
};

const dress: Draw = ({ p, v, rand }) => {
  const print = v % 2 === 0;
  const dots = print
    ? circles(48, rand, [-200, -120, 200, 330], [8, 22], [p.pop, '#ffd166', p.lighter, p.darker], 'opacity="0.9"')
    : '';
  return `<g transform="translate(400 300)">
    <path d="M0 -240 L0 -200" stroke="url(#metal)" stroke-width="8"/>
    <path d="M0 -240 q-20 -30 0 -50 q20 -10 20 10" fill="none" stroke="#9aa0a6" stroke-width="8"/>
    <path d="M-150 -170 L0 -205 L150 -170" fill="none" stroke="#8b6b48" stroke-width="14" stroke-linecap="round"/>
    <clipPath id="dress-clip"><path d="M-70 -190 Q0 -150 70 -190 L110 -160 L95 -30 Q90 0 100 30 L230 350 Q0 390 -230 350 L-100 30 Q-90 0 -95 -30 L-110 -160 Z"/></clipPath>
    <g clip-path="url(#dress-clip)">
      <rect x="-260" y="-220" width="520" height="600" fill="url(#mv)"/>
      ${dots}
      <path d="M-240 -40 L240 -40" stroke="${p.darker}" stroke-width="24" opacity="0.7"/>
      <path d="M-100 30 L-170 370 M0 40 L0 380 M100 30 L170 370" stroke="#000" stroke-opacity="0.12" stroke-width="18"/>
    </g>
    <path d="M-110 -160 Q-170 -140 -165 -90 Q-130 -80 -100 -100 Z" fill="${p.dark}"/>
    <path d="M110 -160 Q170 -140 165 -90 Q130 -80 100 -100 Z" fill="${p.dark}"/>
  </g>`;
};

const tshirt: Draw = ({ p, v }) => {
  const col = pick([p.base, '#f5f5f2', '#1f2125', p.light], v);
  const ink = v === 1 ? p.base : '#ffffff';
  return `<g transform="translate(400 400) rotate(${pick([0, -5, 4, -3], v)})">
    <path d="M-110 -250 Q0 -200 110 -250 L250 -180 L200 -60 L150 -90 L150 260 Q0 280 -150 260 L-150 -90 L-200 -60 L-250 -180 Z" fill="${col}"/>
    <path d="M-110 -250 Q0 -200 110 -250 L250 -180 L200 -60 L150 -90 L150 260 Q0 280 -150 260 L-150 -90 L-200 -60 L-250 -180 Z" fill="url(#shine)" opacity="0.35"/>
    <path d="M-110 -250 Q0 -190 110 -250" fill="none" stroke="#000" stroke-opacity="0.22" stroke-width="14"/>
    <path d="M-150 -90 L-150 -120 M150 -90 L150 -120" stroke="#000" stroke-opacity="0.15" stroke-width="6"/>
    <path d="M-60 160 Q0 140 60 170 M-120 40 Q-80 20 -40 60" fill="none" stroke="#000" stroke-opacity="0.08" stroke-width="10"/>
    <text x="0" y="-60" text-anchor="middle" font-family="${FONT}" font-weight="700" font-size="64" fill="${ink}" opacity="0.92" letter-spacing="4">UNIBEN</text>
    <text x="0" y="0" text-anchor="middle" font-family="${FONT}" font-weight="700" font-size="40" fill="${ink}" opacity="0.8">1970</text>
  </g>`;
};

const bag: Draw = ({ p, v }) => {
  const rot = pick([0, -6, 5, -3], v);
  return `<g transform="translate(400 420) rotate(${rot})">
    <path d="M-110 -120 C -110 -300, 110 -300, 110 -120" fill="none" stroke="${p.darker}" stroke-width="26"/>
    <path d="M-200 -120 L200 -120 L240 210 Q240 240 210 240 L-210 240 Q-240 240 -240 210 Z" fill="url(#mv)"/>
    <path d="M-200 -120 L200 -120 L240 210 Q240 240 210 240 L-210 240 Q-240 240 -240 210 Z" fill="url(#shine)" opacity="0.4"/>
    <path d="M-200 -120 L200 -120 L206 -40 Q0 30 -206 -40 Z" fill="${p.dark}"/>
    <path d="M-196 -112 L196 -112 M-225 215 L225 215" stroke="${p.lighter}" stroke-width="3" stroke-dasharray="10 8" opacity="0.7"/>
    <rect x="-36" y="-30" width="72" height="50" rx="10" fill="url(#gold)"/>
    <rect x="-16" y="-14" width="32" height="18" rx="4" fill="${p.darker}"/>
    <path d="M-110 -120 C -110 -280, 110 -280, 110 -120" fill="none" stroke="${p.light}" stroke-opacity="0.5" stroke-width="6"/>
  </g>`;
};

const cap: Draw = ({ p, v }) => `<g transform="translate(400 420) rotate(${pick([-6, 6, -12, 2], v)})">
    <path d="M-250 70 Q0 170 250 70 L230 120 Q0 230 -230 120 Z" fill="${p.dark}"/>
    <path d="M-190 80 C -200 -180, 200 -180, 190 80 Q0 130 -190 80 Z" fill="url(#m)"/>
    <path d="M-190 80 C -200 -180, 200 -180, 190 80 Q0 130 -190 80 Z" fill="url(#shine)" opacity="0.45"/>
    <path d="M0 -118 L0 105 M-100 -90 Q-140 0 -120 95 M100 -90 Q140 0 120 95" fill="none" stroke="${p.darker}" stroke-width="4" opacity="0.6"/>
    <path d="M-175 40 Q0 100 175 40" fill="none" stroke="${p.lighter}" stroke-width="4" stroke-dasharray="10 8"/>
    <circle cx="0" cy="-118" r="14" fill="${p.darker}"/>
  </g>`;

const sunglasses: Draw = ({ p, v }) => {
  const frame = pick(['#1b1b1d', '#6b3e1f', p.dark, '#c9a24a'], v);
  const lens = (
    x: number,
  ): string => `<path d="M${x - 120} -60 Q${x} -80 ${x + 120} -60 Q${x + 125} 70 ${x + 20} 80 Q${x - 110} 85 ${x - 120} -60 Z" fill="${frame}"/>
    <path d="M${x - 100} -44 Q${x} -62 ${x + 102} -44 Q${x + 104} 56 ${x + 18} 62 Q${x - 92} 66 ${x - 100} -44 Z" fill="url(#lens)"/>
    <path d="M${x - 70} -30 L${x - 20} -36 L${x - 80} 30 Z" fill="#fff" opacity="0.25"/>`;
  return `<g transform="translate(400 420) rotate(${pick([-4, 6, -10, 2], v)})">
    <path d="M-260 -50 L-330 -30 L-360 30" fill="none" stroke="${frame}" stroke-width="16" stroke-linecap="round" opacity="0.7"/>
    <path d="M260 -50 L330 -30 L360 30" fill="none" stroke="${frame}" stroke-width="16" stroke-linecap="round" opacity="0.7"/>
    ${lens(-140)}${lens(140)}
    <path d="M-30 -50 Q0 -72 30 -50" fill="none" stroke="${frame}" stroke-width="18"/>
  </g>`;
};

const sneaker: Draw = ({ p, v }) => {
  const upper = pick([p.base, '#f4f4f2', '#222428', p.light], v);
  const stripe = v === 1 ? p.base : '#ffffff';
  const flip = v === 2 ? -1 : 1;
  return `<g transform="translate(400 440) scale(${flip} 1) rotate(${pick([-4, 0, -8, 4], v)})">
    <path d="M-300 90 Q-310 140 -260 150 L270 150 Q320 140 310 90 Z" fill="#f1f1ef"/>
    <path d="M-300 120 L310 120" stroke="#d0d0cc" stroke-width="6"/>
    <path d="M-260 150 L270 150" stroke="${p.darker}" stroke-width="10"/>
    <path d="M-290 95 C -300 0, -260 -120, -170 -140 L-90 -150 C -40 -60, 40 -30, 140 -10 C 230 10, 300 30, 305 95 Z" fill="${upper}"/>
    <path d="M-290 95 C -300 0, -260 -120, -170 -140 L-90 -150 C -40 -60, 40 -30, 140 -10 C 230 10, 300 30, 305 95 Z" fill="url(#shine)" opacity="0.35"/>
    <path d="M160 -5 C 240 10, 300 40, 305 95 L 170 95 Q 190 40 160 -5 Z" fill="#000" opacity="0.08"/>
    <path d="M-230 60 C -120 40, 20 -10, 200 40 C 60 30, -80 70, -240 90 Z" fill="${stripe}" stroke="${p.darker}" stroke-width="3"/>
    <path d="M-170 -140 Q-200 -40 -290 20" fill="none" stroke="#000" stroke-opacity="0.12" stroke-width="10"/>
    ${[0, 1, 2, 3, 4].map((i) => `<path d="M${-70 + i * 40} ${-115 + i * 22} l40 -14" stroke="${v === 2 ? '#eee' : '#fff'}" stroke-width="9" stroke-linecap="round"/><circle cx="${-74 + i * 40}" cy="${-112 + i * 22}" r="5" fill="#555"/>`).join('')}
    <rect x="-300" y="-40" width="26" height="70" rx="10" fill="${p.pop}"/>
  </g>`;
};

const heel: Draw = ({ p, v }) => {
  const col = pick([p.base, '#1b1b1d', '#d9b48f', p.dark], v);
  return `<g transform="translate(400 430) scale(${v === 2 ? -1 : 1} 1)">
    <path d="M200 -60 L230 150 L250 150 L245 -40 Z" fill="${col}"/>
    <path d="M-290 120 Q-300 150 -260 150 L-40 150 Q60 140 120 40 Q170 -50 240 -60 L250 -40 Q190 -30 140 70 Q90 170 -20 170 L-260 170 Q-320 165 -290 120 Z" fill="#2a1a14"/>
    <path d="M-290 120 C -300 60, -240 20, -150 10 Q-60 0 0 -40 L60 -30 Q120 -70 170 -110 Q230 -130 250 -70 Q180 -60 140 30 Q80 150 -40 150 L-260 150 Q-300 150 -290 120 Z" fill="url(#m)"/>
    <path d="M-290 120 C -300 60, -240 20, -150 10 Q-60 0 0 -40 L60 -30 Q120 -70 170 -110 Q230 -130 250 -70 Q180 -60 140 30 Q80 150 -40 150 L-260 150 Q-300 150 -290 120 Z" fill="url(#shine)" opacity="0.5"/>
    <path d="M0 -40 Q60 -10 170 -110" fill="none" stroke="${p.darker}" stroke-width="8"/>
    <path d="M230 150 L250 150 L252 165 L228 165 Z" fill="#111"/>
  </g>`;
};

const sandal: Draw = ({ p, v }) => {
  const strap = pick([p.base, '#1f1f22', '#8a5a33', p.dark], v);
  const one = (x: number, r: number): string => `<g transform="translate(${x} 410) rotate(${r})">
      <path d="M0 -230 C 90 -230, 110 -120, 95 -20 C 85 70, 110 170, 60 220 Q0 250 -60 220 C -110 170 -85 70 -95 -20 C -110 -120 -90 -230 0 -230 Z" fill="#3a2a20"/>
      <path d="M0 -218 C 80 -218, 98 -120, 84 -20 C 74 70, 98 165, 54 208 Q0 236 -54 208 C -98 165 -74 70 -84 -20 C -98 -120 -80 -218 0 -218 Z" fill="#e8d2b6"/>
      <path d="M-105 -120 Q0 -170 105 -120 L100 0 Q0 -40 -100 0 Z" fill="${strap}"/>
      <path d="M-105 -120 Q0 -170 105 -120 L100 0 Q0 -40 -100 0 Z" fill="url(#shine)" opacity="0.4"/>
      <path d="M-90 -110 Q0 -150 90 -110" fill="none" stroke="${p.lighter}" stroke-width="4" stroke-dasharray="8 6"/>
    </g>`;
  return `${one(300, -8)}${one(500, 8)}`;
};

const lipstick: Draw = ({ p, v }) => {
  const bullet = pick([p.base, '#b3122e', '#9c5a47', '#c2185b'], v);
  const tube = v % 2 ? 'url(#gold)' : '#17171a';
  return `<g transform="translate(360 420) rotate(${pick([-10, 6, -18, 2], v)})">
    <rect x="-70" y="0" width="140" height="200" rx="10" fill="${tube}"/>
    <rect x="-70" y="0" width="140" height="200" rx="10" fill="url(#shine)" opacity="0.35"/>
    <rect x="-62" y="-70" width="124" height="74" rx="6" fill="url(#gold)"/>
    <path d="M-50 -70 L-50 -200 Q-40 -250 50 -290 L50 -70 Z" fill="${bullet}"/>
    <path d="M-40 -90 L-40 -200 Q-30 -235 0 -255" fill="none" stroke="#fff" stroke-opacity="0.35" stroke-width="10"/>
  </g>
  <g transform="translate(560 480) rotate(${pick([70, 80, 64, 86], v)})">
    <rect x="-72" y="-120" width="144" height="240" rx="12" fill="${tube}"/>
    <rect x="-72" y="-120" width="144" height="240" rx="12" fill="url(#shine)" opacity="0.35"/>
    <rect x="-72" y="90" width="144" height="14" fill="${p.light}" opacity="0.8"/>
  </g>`;
};

const creamJar: Draw = ({ p, v }) => {
  const open = v % 2 === 1;
  const cream = pick(['#f6efe4', '#f3e1c8', '#3a2a22', '#fbe9ef'], v);
  return `<g transform="translate(400 440)">
    <path d="M-200 -60 L-200 140 Q-200 190 0 190 Q200 190 200 140 L200 -60 Z" fill="url(#m)"/>
    <path d="M-200 -60 L-200 140 Q-200 190 0 190 Q200 190 200 140 L200 -60 Z" fill="url(#shine)" opacity="0.45"/>
    <rect x="-200" y="10" width="400" height="100" fill="${p.tint}" opacity="0.95"/>
    <text x="0" y="72" text-anchor="middle" font-family="${FONT}" font-weight="700" font-size="38" fill="${p.darker}" letter-spacing="3">NATURAL</text>
    ${
      open
        ? `<ellipse cx="0" cy="-60" rx="200" ry="52" fill="${p.dark}"/><ellipse cx="0" cy="-58" rx="184" ry="44" fill="${cream}"/>
           <path d="M-60 -70 q60 -50 120 -10 q-40 -10 -60 10 q-30 -20 -60 0" fill="#fff" opacity="0.6"/>
           <g transform="translate(230 120) rotate(-14)"><ellipse cx="0" cy="0" rx="150" ry="40" fill="${p.darker}"/><rect x="-150" y="-50" width="300" height="50" fill="url(#m)"/><ellipse cx="0" cy="-50" rx="150" ry="40" fill="${p.light}"/></g>`
        : `<rect x="-210" y="-130" width="420" height="80" fill="url(#dark)"/><ellipse cx="0" cy="-50" rx="210" ry="50" fill="${p.darker}"/><ellipse cx="0" cy="-130" rx="210" ry="50" fill="${p.dark}"/><ellipse cx="-40" cy="-140" rx="120" ry="22" fill="#fff" opacity="0.18"/>`
    }
  </g>`;
};

const perfume: Draw = ({ p, v }) => {
  const liquid = pick([p.light, '#f2b84b', '#c85a7a', '#9ad0c2'], v);
  return `<g transform="translate(400 420) rotate(${pick([0, -5, 5, -2], v)})">
    <rect x="-60" y="-270" width="120" height="90" rx="14" fill="${v % 2 ? '#1b1b1d' : 'url(#gold)'}"/>
    <rect x="-34" y="-190" width="68" height="50" fill="url(#metal)"/>
    <rect x="-190" y="-150" width="380" height="340" rx="60" fill="#ffffff" opacity="0.35"/>
    <rect x="-172" y="-60" width="344" height="232" rx="48" fill="${liquid}" opacity="0.85"/>
    <rect x="-190" y="-150" width="380" height="340" rx="60" fill="url(#glass)"/>
    <rect x="-190" y="-150" width="380" height="340" rx="60" fill="none" stroke="#fff" stroke-opacity="0.8" stroke-width="6"/>
    <rect x="-150" y="-125" width="30" height="260" rx="15" fill="#fff" opacity="0.45"/>
    <rect x="-100" y="0" width="200" height="90" rx="8" fill="#fff" opacity="0.9"/>
    <text x="0" y="45" text-anchor="middle" font-family="${FONT}" font-size="30" font-weight="700" fill="${p.darker}" letter-spacing="4">EAU</text>
    <text x="0" y="76" text-anchor="middle" font-family="${FONT}" font-size="18" fill="${p.dark}" letter-spacing="3">DE PARFUM</text>
  </g>`;
};

const lotionBottle: Draw = ({ p, v }) => `<g transform="translate(400 410) rotate(${pick([0, -4, 4, -8], v)})">
    <path d="M-40 -260 L40 -260 L40 -230 L120 -230 L120 -210 L40 -210 L40 -180 L-40 -180 Z" fill="${v % 2 ? '#f3f3f3' : '#1b1b1d'}"/>
    <rect x="-22" y="-190" width="44" height="40" fill="url(#metal)"/>
    <rect x="-70" y="-160" width="140" height="50" rx="12" fill="${v % 2 ? '#f3f3f3' : '#1b1b1d'}"/>
    <path d="M-140 -110 Q-140 -140 -100 -140 L100 -140 Q140 -140 140 -110 L150 230 Q150 260 120 260 L-120 260 Q-150 260 -150 230 Z" fill="url(#mv)"/>
    <path d="M-140 -110 Q-140 -140 -100 -140 L100 -140 Q140 -140 140 -110 L150 230 Q150 260 120 260 L-120 260 Q-150 260 -150 230 Z" fill="url(#shine)" opacity="0.5"/>
    <rect x="-110" y="-20" width="220" height="170" rx="14" fill="#fff" opacity="0.92"/>
    <circle cx="0" cy="30" r="30" fill="${p.pop}" opacity="0.8"/>
    <text x="0" y="105" text-anchor="middle" font-family="${FONT}" font-size="30" font-weight="700" fill="${p.darker}" letter-spacing="2">GLOW</text>
    <text x="0" y="134" text-anchor="middle" font-family="${FONT}" font-size="16" fill="${p.dark}">body lotion</text>
  </g>`;

/** A 3/4 view plate with rice, meat and sides; shared by jollof and fried rice. */
function ricePlate(c: DrawCtx, rice: string[], extras: string): string {
  const { rand } = c;
  return `<g transform="translate(400 430)">
    <ellipse cx="0" cy="14" rx="330" ry="190" fill="#000" opacity="0.08"/>
    <ellipse cx="0" cy="0" rx="320" ry="180" fill="#fbfbf9"/>
    <ellipse cx="0" cy="0" rx="320" ry="180" fill="none" stroke="#e3e3de" stroke-width="4"/>
    <ellipse cx="0" cy="6" rx="245" ry="130" fill="#f0efea"/>
    <ellipse cx="-50" cy="-10" rx="170" ry="100" fill="${rice[0]}"/>
    ${grains(520, rand, -50, -10, 170, 100, rice)}
    ${extras}
  </g>`;
}

function plantain(x: number, y: number, r: number): string {
  return `<g transform="translate(${x} ${y}) rotate(${r})"><ellipse rx="44" ry="26" fill="#b8541a"/><ellipse rx="38" ry="21" fill="#f0a32e"/><ellipse cx="-8" cy="-5" rx="18" ry="8" fill="#ffd27a" opacity="0.8"/></g>`;
}

function drumstick(x: number, y: number, r: number): string {
  return `<g transform="translate(${x} ${y}) rotate(${r})">
    <rect x="60" y="-12" width="80" height="24" rx="10" fill="#f3e6cc"/>
    <circle cx="140" cy="-12" r="16" fill="#f3e6cc"/><circle cx="140" cy="12" r="16" fill="#f3e6cc"/>
    <ellipse cx="0" cy="0" rx="95" ry="62" fill="#8a3b12"/>
    <ellipse cx="-10" cy="-10" rx="80" ry="48" fill="#b3541c"/>
    <ellipse cx="-30" cy="-25" rx="36" ry="14" fill="#e08a3c" opacity="0.8"/>
  </g>`;
}

const jollofPlate: Draw = (c) =>
  ricePlate(
    c,
    ['#d9531e', '#e8672a', '#c9441a', '#f07c35', '#b83a14'],
    `${drumstick(150, -40, -25)}
     ${plantain(80, 90, 10)}${plantain(170, 70, -20)}${plantain(20, 118, 25)}
     <ellipse cx="-200" cy="80" rx="70" ry="40" fill="#f5f2e6"/>
     ${circles(26, c.rand, [-250, 55, -150, 105], [4, 8], ['#6fae3c', '#f28b2e', '#8c3f9e'])}`,
  );

const friedRice: Draw = (c) =>
  ricePlate(
    c,
    ['#e9c46a', '#f1d48a', '#d9b25a', '#f6df9e', '#e0bb62'],
    `${circles(60, c.rand, [-200, -90, 90, 70], [5, 8], ['#4caf50', '#ff8a3d', '#3b8d3b', '#e25b2c'])}
     ${drumstick(160, -30, -35)}
     ${plantain(110, 100, 15)}${plantain(200, 70, -10)}`,
  );

const shawarma: Draw = ({ p, v, rand }) => `<g transform="translate(400 420) rotate(${pick([-18, 14, -8, 22], v)})">
    <path d="M-120 -170 Q0 -210 120 -170 L60 260 Q0 290 -60 260 Z" fill="#e8c48e"/>
    <path d="M-140 -150 Q0 -190 140 -150 L70 280 Q0 310 -70 280 Z" fill="url(#foil)"/>
    <path d="M-140 -150 Q0 -190 140 -150 L120 -20 Q0 10 -120 -20 Z" fill="#e9c590"/>
    <ellipse cx="0" cy="-160" rx="130" ry="46" fill="#8a4a22"/>
    ${circles(28, rand, [-110, -200, 110, -130], [10, 22], ['#8a4a22', '#a65a2a', '#6b3416', '#7fc15a', '#e46b2d', '#f7f1e3'])}
    <path d="M-100 -175 q40 -30 80 -6 q40 -30 90 0" fill="none" stroke="#fbf6ea" stroke-width="10" stroke-linecap="round"/>
    <path d="M-140 -20 L140 -20" stroke="${p.base}" stroke-width="22"/>
    <text x="0" y="-12" text-anchor="middle" font-family="${FONT}" font-weight="700" font-size="18" fill="#fff" letter-spacing="2">SHAWARMA</text>
  </g>`;

const burger: Draw = ({ v, rand }) => `<g transform="translate(400 430) rotate(${pick([0, -4, 4, -2], v)})">
    <path d="M-230 120 Q-230 200 0 200 Q230 200 230 120 Z" fill="#c9772c"/>
    <rect x="-240" y="90" width="480" height="40" rx="18" fill="#d98a3a"/>
    <path d="M-250 70 Q0 110 250 70 L250 100 Q0 140 -250 100 Z" fill="#4a2614"/>
    <rect x="-250" y="20" width="500" height="70" rx="30" fill="#5a2e17"/>
    <path d="M-240 20 L240 20 L200 60 L150 30 L100 70 L40 30 L-20 70 L-80 30 L-140 65 L-200 30 Z" fill="#f6c531"/>
    <path d="M-260 0 Q-200 -30 -150 0 Q-100 -30 -50 0 Q0 -30 50 0 Q100 -30 150 0 Q200 -30 260 0 L250 30 L-250 30 Z" fill="#5cb85c"/>
    <rect x="-200" y="-30" width="160" height="26" rx="12" fill="#e03b2f"/><rect x="30" y="-30" width="170" height="26" rx="12" fill="#e03b2f"/>
    <path d="M-240 -30 Q-240 -210 0 -210 Q240 -210 240 -30 Z" fill="#d4842f"/>
    <path d="M-240 -30 Q-240 -210 0 -210 Q240 -210 240 -30 Z" fill="url(#shine)" opacity="0.35"/>
    ${grains(40, rand, 0, -120, 170, 60, ['#fff6dc', '#f6e6bb'])}
  </g>`;

const drinkBottle: Draw = ({ p, v }) => {
  const liquid = pick(['#7b1030', '#efe3c2', '#f29b38', p.base], v);
  return `<g transform="translate(400 400) rotate(${pick([0, -4, 5, -7], v)})">
    <rect x="-56" y="-300" width="112" height="60" rx="10" fill="${p.dark}"/>
    ${Array.from({ length: 8 }, (_, i) => `<rect x="${-50 + i * 14}" y="-296" width="5" height="52" fill="#000" opacity="0.15"/>`).join('')}
    <path d="M-50 -240 L50 -240 L60 -200 Q140 -160 140 -60 L140 240 Q140 280 100 280 L-100 280 Q-140 280 -140 240 L-140 -60 Q-140 -160 -60 -200 Z" fill="#fff" opacity="0.35"/>
    <path d="M-130 -80 L130 -80 L130 240 Q130 270 100 270 L-100 270 Q-130 270 -130 240 Z" fill="${liquid}" opacity="0.92"/>
    <path d="M-50 -240 L50 -240 L60 -200 Q140 -160 140 -60 L140 240 Q140 280 100 280 L-100 280 Q-140 280 -140 240 L-140 -60 Q-140 -160 -60 -200 Z" fill="url(#glass)"/>
    <rect x="-142" y="20" width="284" height="130" fill="#fff" opacity="0.93"/>
    <rect x="-142" y="20" width="284" height="18" fill="${p.base}"/>
    <text x="0" y="100" text-anchor="middle" font-family="${FONT}" font-size="34" font-weight="700" fill="${p.darker}">${pick(['ZOBO', 'KUNU', 'SMOOTHIE', 'CHILL'], v)}</text>
    <text x="0" y="134" text-anchor="middle" font-family="${FONT}" font-size="18" fill="${p.dark}">chilled • 50cl</text>
    <rect x="-110" y="-150" width="24" height="380" rx="12" fill="#fff" opacity="0.4"/>
    ${[
      [-60, -40],
      [80, 180],
      [60, -20],
      [-90, 200],
      [100, 220],
    ]
      .map(([x, y]) => `<circle cx="${x}" cy="${y}" r="6" fill="#fff" opacity="0.6"/>`)
      .join('')}
  </g>`;
};

const smallChops: Draw = ({ p, v, rand }) => {
  const puff = (x: number, y: number): string =>
    `<g transform="translate(${x} ${y})"><circle r="46" fill="#a8571c"/><circle r="40" fill="#c9772c"/><circle cx="-12" cy="-12" r="16" fill="#e8a456" opacity="0.8"/></g>`;
  const samosa = (x: number, y: number, r: number): string =>
    `<g transform="translate(${x} ${y}) rotate(${r})"><path d="M-70 40 L0 -70 L70 40 Z" fill="#d9923b" stroke="#a8611f" stroke-width="6" stroke-linejoin="round"/><path d="M-40 30 L0 -30 L40 30" fill="none" stroke="#f2c27a" stroke-width="5"/></g>`;
  const roll = (x: number, y: number, r: number): string =>
    `<g transform="translate(${x} ${y}) rotate(${r})"><rect x="-90" y="-26" width="180" height="52" rx="26" fill="#e0a04a"/><path d="M-60 -26 L-40 26 M-10 -26 L10 26 M40 -26 L60 26" stroke="#b8742a" stroke-width="5"/><ellipse cx="-90" cy="0" rx="12" ry="26" fill="#c58638"/></g>`;
  return `<g transform="translate(400 430)">
    <ellipse cx="0" cy="10" rx="320" ry="190" fill="#000" opacity="0.08"/>
    <path d="M-300 -150 L300 -150 L260 170 L-260 170 Z" fill="${v % 2 ? '#f9f5ec' : '#e6cfa6'}"/>
    <path d="M-280 -135 L280 -135 L244 155 L-244 155 Z" fill="${v % 2 ? '#fffdf8' : '#f1e0c0'}"/>
    <path d="M-300 -150 L300 -150 L260 170 L-260 170 Z" fill="none" stroke="${v % 2 ? p.light : '#c9a874'}" stroke-width="6"/>
    <path d="M-300 -150 L-340 -250 L340 -250 L300 -150 Z" fill="${v % 2 ? '#ece6da' : '#d8bd8c'}"/>
    ${roll(-140, -60, -15)}${roll(-110, 10, -10)}
    ${samosa(120, -60, 10)}${samosa(190, 40, -20)}
    ${puff(-50, 90)}${puff(40, 100)}${puff(-10, 20)}${puff(-170, 110)}
    <g transform="translate(110 100)"><ellipse rx="56" ry="36" fill="#b02a1a"/>${circles(10, rand, [-40, -24, 40, 24], [6, 12], ['#6b2010', '#d24a2a'])}</g>
    <rect x="-20" y="-140" width="6" height="150" fill="#e7cf9c" transform="rotate(20)"/>
  </g>`;
};

const suya: Draw = ({ v, rand }) => {
  const skewer = (y: number, r: number): string => `<g transform="translate(400 ${y}) rotate(${r})">
      <rect x="-300" y="-4" width="600" height="8" rx="4" fill="#e3c48e"/>
      ${Array.from({ length: 7 }, (_, i) => `<path d="M${-230 + i * 70} -34 q30 -8 56 4 q8 30 -4 60 q-30 8 -56 -4 q-8 -30 4 -60 z" fill="${i % 2 ? '#7a2e0e' : '#8f3a12'}"/>`).join('')}
      ${circles(60, rand, [-240, -30, 240, 30], [2, 4], ['#c0392b', '#e67e22', '#5b1a05'])}
    </g>`;
  return `<path d="M140 240 L660 200 L700 600 L120 620 Z" fill="#e9e2cf"/>
    <path d="M140 240 L660 200 L700 600 L120 620 Z" fill="none" stroke="#d4cab0" stroke-width="4"/>
    ${[
      [180, 300],
      [200, 360],
      [220, 420],
    ]
      .map(([x, y]) => `<path d="M${x} ${y} l${300} -20" stroke="#b9b09a" stroke-width="3" opacity="0.6"/>`)
      .join('')}
    ${skewer(330, pick([-6, -3, -9, -5], v))}${skewer(420, pick([-2, 2, -4, 1], v))}${skewer(510, pick([3, 6, 1, 4], v))}
    ${[
      [220, 560],
      [560, 560],
      [620, 300],
    ]
      .map(
        ([x, y]) =>
          `<g transform="translate(${x} ${y})"><ellipse rx="42" ry="28" fill="none" stroke="#d9a2c8" stroke-width="8"/><ellipse rx="26" ry="16" fill="none" stroke="#efd2e6" stroke-width="6"/></g>`,
      )
      .join('')}
    <g transform="translate(470 590)"><circle r="36" fill="#e53935"/><circle r="28" fill="#ff7961"/><path d="M0 -28 L0 28 M-24 -14 L24 14 M-24 14 L24 -14" stroke="#e53935" stroke-width="3"/></g>`;
};

const cake: Draw = ({ p, v }) => {
  const sponge = pick(['#9e1b32', '#4a2a1a', '#f3dcae', '#c2185b'], v);
  const frost = pick(['#fbf7f2', '#5b3020', '#fff4e0', '#fde4ec'], v);
  return `<g transform="translate(400 440)">
    <ellipse cx="0" cy="170" rx="300" ry="70" fill="#eef0f2"/>
    <ellipse cx="0" cy="160" rx="300" ry="70" fill="#ffffff"/>
    <rect x="-230" y="-60" width="460" height="210" fill="${sponge}"/>
    <rect x="-230" y="20" width="460" height="22" fill="${frost}"/>
    <rect x="-230" y="90" width="460" height="22" fill="${frost}"/>
    <ellipse cx="0" cy="150" rx="230" ry="56" fill="${sponge}"/>
    <ellipse cx="0" cy="-60" rx="230" ry="60" fill="${frost}"/>
    <path d="M-230 -60 ${Array.from({ length: 10 }, (_, i) => `Q${-207 + i * 46} ${i % 2 ? 10 : 40} ${-184 + i * 46} -40`).join(' ')} L230 -60 Z" fill="${frost}"/>
    ${[-150, -75, 0, 75, 150].map((x) => `<g transform="translate(${x} ${-80 + Math.abs(x) / 8})"><circle r="22" fill="#c62828"/><circle cx="-7" cy="-7" r="6" fill="#ff8a80"/><path d="M0 -22 q8 -30 20 -36" stroke="#3e5c2a" stroke-width="4" fill="none"/></g>`).join('')}
    <rect x="-230" y="-60" width="460" height="210" fill="url(#shine)" opacity="0.2"/>
    <path d="M-300 168 Q0 250 300 168" fill="none" stroke="${p.light}" stroke-width="6" opacity="0.7"/>
  </g>`;
};

const DRAWINGS: Record<string, Draw> = {
  'phone-case': phoneCase,
  charger,
  earbuds,
  'power-bank': powerBank,
  cable,
  headphones,
  wig,
  'hair-clip': hairClip,
  comb,
  dress,
  't-shirt': tshirt,
  bag,
  cap,
  watch,
  sunglasses,
  sneaker,
  heel,
  sandal,
  lipstick,
  'cream-jar': creamJar,
  perfume,
  'lotion-bottle': lotionBottle,
  'jollof-plate': jollofPlate,
  'fried-rice': friedRice,
  shawarma,
  burger,
  'drink-bottle': drinkBottle,
  'small-chops': smallChops,
  suya,
  cake,
};

function productDefs(p: Palette): string {
  return `<defs>
    <linearGradient id="m" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${p.light}"/><stop offset="0.55" stop-color="${p.base}"/><stop offset="1" stop-color="${p.dark}"/></linearGradient>
    <linearGradient id="mv" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.light}"/><stop offset="1" stop-color="${p.dark}"/></linearGradient>
    <linearGradient id="metal" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#f4f6f8"/><stop offset="0.45" stop-color="#b7bdc5"/><stop offset="0.7" stop-color="#e6e9ed"/><stop offset="1" stop-color="#8d949d"/></linearGradient>
    <linearGradient id="gold" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#fbe7a1"/><stop offset="0.45" stop-color="#d4a53c"/><stop offset="0.7" stop-color="#f3d27a"/><stop offset="1" stop-color="#a8781f"/></linearGradient>
    <linearGradient id="dark" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#3a3d44"/><stop offset="1" stop-color="#121316"/></linearGradient>
    <linearGradient id="foil" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#b9bec4"/><stop offset="0.3" stop-color="#f1f3f5"/><stop offset="0.6" stop-color="#c9ced4"/><stop offset="1" stop-color="#8f959c"/></linearGradient>
    <linearGradient id="lens" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#2b2f3a"/><stop offset="1" stop-color="${p.darker}"/></linearGradient>
    <linearGradient id="shine" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#fff" stop-opacity="0.7"/><stop offset="0.35" stop-color="#fff" stop-opacity="0.1"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></linearGradient>
    <linearGradient id="glass" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#fff" stop-opacity="0.35"/><stop offset="0.3" stop-color="#fff" stop-opacity="0.05"/><stop offset="0.8" stop-color="#fff" stop-opacity="0"/><stop offset="1" stop-color="#fff" stop-opacity="0.25"/></linearGradient>
    <radialGradient id="bg" cx="0.5" cy="0.38" r="0.75"><stop offset="0" stop-color="#ffffff"/><stop offset="0.55" stop-color="${p.tint}"/><stop offset="1" stop-color="${p.tintDeep}"/></radialGradient>
    <radialGradient id="floor" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="#000" stop-opacity="0.28"/><stop offset="0.6" stop-color="#000" stop-opacity="0.1"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient>
  </defs>`;
}

function productSvg(motif: string, variant: number, accent: string, label: string, size = 800): string {
  const draw = DRAWINGS[motif];
  if (!draw) throw new Error(`Unknown motif '${motif}'`);
  const v = Math.abs(Math.trunc(variant)) % 4;
  const p = palette(accent, pick([0, 28, -32, 150], v), pick([0, 0.06, -0.06, 0.02], v));
  const bgP = palette(accent, pick([0, 20, -20, 40], v));
  const rand = rng(`${motif}:${v}`);
  const scale = pick([1, 0.92, 0.96, 0.88], v);
  const tag = label.trim()
    ? `<g transform="translate(40 ${size - 78})"><rect width="${Math.min(720, 24 + label.length * 13)}" height="40" rx="20" fill="#ffffff" opacity="0.72"/>
       <text x="18" y="27" font-family="${FONT}" font-size="20" font-weight="700" fill="${bgP.darker}">${esc(label.length > 52 ? label.slice(0, 51) + '…' : label)}</text></g>`
    : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 800 800">
    ${productDefs({ ...p, tint: bgP.tint, tintDeep: bgP.tintDeep })}
    <rect width="800" height="800" fill="url(#bg)"/>
    <rect y="560" width="800" height="240" fill="${bgP.tintDeep}" opacity="0.35"/>
    <ellipse cx="400" cy="640" rx="${300 * scale}" ry="${46 * scale}" fill="url(#floor)"/>
    <g transform="translate(400 400) scale(${scale}) translate(-400 -400)">${draw({ p, v, rand })}</g>
    ${tag}
  </svg>`;
}

/** An 800x800 WebP product shot: studio backdrop, floor shadow and the motif drawn in the accent colour. */
export async function renderProductImage(
  motif: string,
  variant: number,
  accent: string,
  label: string,
): Promise<Buffer> {
  return toWebp(productSvg(motif, variant, accent, label));
}

function initials(name: string): string {
  const words = name
    .replace(/[^A-Za-z0-9 &]/g, ' ')
    .split(/\s+/)
    .filter((w) => w && w !== '&' && !/^(and|by|the|of)$/i.test(w));
  return (
    words
      .slice(0, 2)
      .map((w) => w[0]!.toUpperCase())
      .join('') || 'J'
  );
}

/** A 600x600 WebP storefront with the vendor's initials on the signboard. */
export async function renderVendorPhoto(name: string, accent: string): Promise<Buffer> {
  const p = palette(accent);
  const stripes = Array.from(
    { length: 8 },
    (_, i) =>
      `<path d="M${80 + i * 55} 250 L${135 + i * 55} 250 L${135 + i * 55} 300 Q${107 + i * 55} 330 ${80 + i * 55} 300 Z" fill="${i % 2 ? '#ffffff' : p.base}"/>`,
  ).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600" viewBox="0 0 600 600">
    <defs>
      <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.tint}"/><stop offset="1" stop-color="${p.tintDeep}"/></linearGradient>
      <linearGradient id="wall" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fdfaf4"/><stop offset="1" stop-color="#ece4d6"/></linearGradient>
      <linearGradient id="win" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#d8ecf7"/><stop offset="1" stop-color="#8fb6cc"/></linearGradient>
    </defs>
    <rect width="600" height="600" fill="url(#sky)"/>
    <circle cx="500" cy="90" r="46" fill="#ffd56b" opacity="0.9"/>
    <path d="M0 520 Q150 490 300 515 T600 505 L600 600 L0 600 Z" fill="${p.tintDeep}"/>
    <rect x="70" y="130" width="460" height="400" fill="url(#wall)"/>
    <rect x="60" y="118" width="480" height="26" rx="6" fill="${p.darker}"/>
    <rect x="110" y="150" width="380" height="96" rx="14" fill="${p.base}"/>
    <rect x="110" y="150" width="380" height="96" rx="14" fill="none" stroke="${p.lighter}" stroke-width="4"/>
    <text x="300" y="222" text-anchor="middle" font-family="${FONT}" font-weight="700" font-size="68" fill="#ffffff" letter-spacing="6">${esc(initials(name))}</text>
    ${stripes}
    <rect x="100" y="340" width="170" height="130" rx="8" fill="url(#win)" stroke="${p.dark}" stroke-width="8"/>
    <path d="M120 440 L160 380 M150 450 L200 380" stroke="#fff" stroke-width="8" opacity="0.5"/>
    <rect x="120" y="420" width="40" height="40" rx="6" fill="${p.light}"/><rect x="170" y="405" width="34" height="55" rx="6" fill="${p.pop}"/><rect x="214" y="425" width="36" height="35" rx="6" fill="${p.dark}"/>
    <rect x="320" y="340" width="160" height="190" rx="8" fill="${p.dark}"/>
    <rect x="334" y="354" width="132" height="100" rx="6" fill="url(#win)"/>
    <circle cx="450" cy="470" r="8" fill="url(#win)"/>
    <rect x="340" y="468" width="90" height="34" rx="6" fill="#fff"/>
    <text x="385" y="491" text-anchor="middle" font-family="${FONT}" font-weight="700" font-size="17" fill="#2e7d32">OPEN</text>
    <rect x="60" y="528" width="480" height="14" rx="4" fill="#b9ad98"/>
    <ellipse cx="90" cy="500" rx="34" ry="40" fill="#4f9a55"/><rect x="80" y="500" width="20" height="34" rx="4" fill="#8d5a3b"/>
  </svg>`;
  return toWebp(svg);
}

const CATEGORY_MOTIFS: Record<string, [string, string]> = {
  'phone-accessories': ['earbuds', '#2b59c3'],
  'hair-accessories': ['wig', '#8e44ad'],
  'fashion-and-accessories': ['bag', '#d9822b'],
  shoes: ['sneaker', '#1b998b'],
  cosmetics: ['lipstick', '#e75a7c'],
  food: ['jollof-plate', '#e4572e'],
};

/** A 600x600 WebP tile for a category card: the category's signature item on its pastel colour. */
export async function renderCategoryImage(path: string, bgColor: string): Promise<Buffer> {
  const [motif, accent] = CATEGORY_MOTIFS[path] ?? ['bag', '#888888'];
  const draw = DRAWINGS[motif]!;
  const p = palette(accent);
  const safeBg = /^#[0-9a-f]{6}$/i.test(bgColor) ? bgColor : '#f2f2f2';
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600" viewBox="0 0 800 800">
    ${productDefs(p)}
    <rect width="800" height="800" fill="${safeBg}"/>
    <circle cx="400" cy="390" r="300" fill="#ffffff" opacity="0.55"/>
    <ellipse cx="400" cy="640" rx="260" ry="36" fill="url(#floor)"/>
    <g transform="translate(400 400) scale(0.86) translate(-400 -400)">${draw({ p, v: 0, rand: rng(path) })}</g>
  </svg>`;
  return toWebp(svg);
}

/** An item drawing placed at (x, y) with a scale, for composite scenes (banners, slides). */
function placed(motif: string, accent: string, x: number, y: number, s: number, v = 0, idSuffix = ''): string {
  const draw = DRAWINGS[motif]!;
  const p = palette(accent);
  // Gradients are shared by id, so each placed item brings its own defs under unique ids.
  const body = draw({ p, v, rand: rng(`${motif}:${v}:${idSuffix}`) });
  const ids = ['m', 'mv', 'metal', 'gold', 'dark', 'foil', 'lens', 'shine', 'glass', 'bg', 'floor'];
  const rewrite = (text: string): string =>
    ids
      .reduce(
        (t, id) =>
          t.replaceAll(`url(#${id})`, `url(#${id}${idSuffix})`).replaceAll(`id="${id}"`, `id="${id}${idSuffix}"`),
        text,
      )
      .replaceAll('dress-clip', `dress-clip${idSuffix}`);
  return `${rewrite(productDefs(p))}
    <ellipse cx="${x}" cy="${y + 235 * s}" rx="${260 * s}" ry="${36 * s}" fill="#000" opacity="0.12"/>
    <g transform="translate(${x} ${y}) scale(${s}) translate(-400 -400)">${rewrite(body)}</g>`;
}

/** Greedy word wrap for banner copy (SVG text does not wrap by itself). */
function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

/** A delivery motorbike with a top box, used in the banners. */
function rider(x: number, y: number, s: number, color: string): string {
  return `<g transform="translate(${x} ${y}) scale(${s})">
    <circle cx="-150" cy="120" r="70" fill="#1d1f24"/><circle cx="-150" cy="120" r="32" fill="#c9ced6"/>
    <circle cx="170" cy="120" r="70" fill="#1d1f24"/><circle cx="170" cy="120" r="32" fill="#c9ced6"/>
    <path d="M-200 60 Q-150 -10 -40 20 L80 20 Q160 0 220 70 L140 80 Q60 60 -20 80 Z" fill="${color}"/>
    <path d="M150 20 L200 -100 L240 -100" fill="none" stroke="#2b2d33" stroke-width="16" stroke-linecap="round"/>
    <rect x="-260" y="-120" width="150" height="130" rx="14" fill="#fff"/>
    <rect x="-260" y="-120" width="150" height="130" rx="14" fill="none" stroke="${color}" stroke-width="8"/>
    <text x="-185" y="-42" text-anchor="middle" font-family="${FONT}" font-weight="700" font-size="40" fill="${color}">Jara</text>
    <path d="M-40 20 L-10 -130 Q0 -170 50 -160 L90 -150 L120 -60 L60 -60 L40 20 Z" fill="#2f3b52"/>
    <circle cx="40" cy="-215" r="52" fill="${color}"/><rect x="40" y="-232" width="60" height="26" rx="10" fill="#263238"/>
    <path d="M60 -140 L170 -100" stroke="#2f3b52" stroke-width="26" stroke-linecap="round"/>
  </g>`;
}

const BANNERS = [
  {
    accent: '#1b998b',
    bg: ['#e6f7f3', '#bfe9df'],
    kicker: 'UNIBEN • UGBOWO • EKOSODIN • BDPA',
    title: ['Campus delivery', 'in 30–60 minutes'],
    body: 'Jollof, gadgets and fashion from vendors around UNIBEN, brought to your hall or lodge.',
    cta: 'Order now',
    items: [
      ['jollof-plate', '#e4572e', 1170, 310, 0.5],
      ['sneaker', '#f26419', 1410, 200, 0.34],
      ['earbuds', '#2b59c3', 1430, 430, 0.32],
    ] as const,
  },
  {
    accent: '#f26419',
    bg: ['#fff3e6', '#ffd9b8'],
    kicker: 'DISPATCH • STANDARD OR EXPRESS',
    title: ['Send anything', 'across Benin City'],
    body: 'Hall to hall, Ekosodin to Uselu: a rider picks up your parcel and you track it live.',
    cta: 'Request a rider',
    items: [] as const,
  },
] as const;

/** A 1600x600 WebP hero banner for the home carousel (index 0: food and goods, 1: dispatch). */
export async function renderBanner(index: 0 | 1): Promise<Buffer> {
  const b = BANNERS[index];
  const p = palette(b.accent);
  const art =
    index === 0
      ? b.items.map(([m, a, x, y, s], i) => placed(m, a, x, y, s, 0, `b${i}`)).join('')
      : `<path d="M1000 540 Q1200 440 1540 480" fill="none" stroke="${p.base}" stroke-width="6" stroke-dasharray="18 14" opacity="0.6"/>
         <g transform="translate(1460 170)"><path d="M0 0 C -40 -60, 40 -60, 0 0 M0 -40 m-40 0 a40 40 0 1 0 80 0 a40 40 0 1 0 -80 0" fill="${p.dark}"/><path d="M-40 -40 Q0 60 40 -40 Z" fill="${p.dark}"/><circle cx="0" cy="-42" r="16" fill="#fff"/></g>
         ${rider(1290, 360, 0.8, p.base)}`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="600" viewBox="0 0 1600 600">
    <defs><linearGradient id="hero" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${b.bg[0]}"/><stop offset="1" stop-color="${b.bg[1]}"/></linearGradient></defs>
    <rect width="1600" height="600" fill="url(#hero)"/>
    <circle cx="1260" cy="300" r="300" fill="#ffffff" opacity="0.45"/>
    <circle cx="1500" cy="560" r="160" fill="${p.light}" opacity="0.25"/>
    <circle cx="80" cy="40" r="120" fill="${p.light}" opacity="0.18"/>
    <text x="110" y="150" font-family="${FONT}" font-weight="700" font-size="24" letter-spacing="4" fill="${p.dark}">${esc(b.kicker)}</text>
    <text x="104" y="250" font-family="${FONT}" font-weight="700" font-size="82" fill="#1d232b">${esc(b.title[0])}</text>
    <text x="104" y="345" font-family="${FONT}" font-weight="700" font-size="82" fill="${p.dark}">${esc(b.title[1])}</text>
    ${wrap(b.body, 46)
      .map(
        (line, i) =>
          `<text x="110" y="${400 + i * 36}" font-family="${FONT}" font-size="28" fill="#3b4450">${esc(line)}</text>`,
      )
      .join('')}
    <rect x="110" y="470" width="${b.cta.length * 19 + 70}" height="74" rx="37" fill="${p.base}"/>
    <text x="${110 + (b.cta.length * 19 + 70) / 2}" y="518" text-anchor="middle" font-family="${FONT}" font-weight="700" font-size="30" fill="#ffffff">${esc(b.cta)} →</text>
    ${art}
  </svg>`;
  return toWebp(svg);
}

const SLIDES = [
  {
    title: 'Hot jollof, any hour',
    sub: 'From Mama Osas Kitchen by the main gate',
    motif: 'jollof-plate',
    accent: '#e4572e',
    bg: '#fff1e8',
  },
  {
    title: 'Charge up for exams',
    sub: 'Power banks and fast chargers from ₦4,500',
    motif: 'power-bank',
    accent: '#2b59c3',
    bg: '#e8efff',
  },
  {
    title: 'Slay on a student budget',
    sub: 'Wigs, lipsticks and body care near campus',
    motif: 'lipstick',
    accent: '#c2185b',
    bg: '#fde8f0',
  },
  {
    title: 'Fresh kicks for faculty week',
    sub: 'Sneakers and slides delivered to your hall',
    motif: 'sneaker',
    accent: '#1b998b',
    bg: '#e4f6f1',
  },
] as const;

/** A 1200x500 WebP promotional slide for the home slideshow. */
export async function renderSlide(index: 0 | 1 | 2 | 3): Promise<Buffer> {
  const s = SLIDES[index];
  const p = palette(s.accent);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="500" viewBox="0 0 1200 500">
    <rect width="1200" height="500" fill="${s.bg}"/>
    <circle cx="960" cy="250" r="220" fill="#ffffff" opacity="0.6"/>
    <circle cx="1150" cy="60" r="90" fill="${p.light}" opacity="0.25"/>
    <rect x="70" y="110" width="8" height="150" rx="4" fill="${p.base}"/>
    <text x="100" y="180" font-family="${FONT}" font-weight="700" font-size="42" fill="#1d232b">${esc(s.title)}</text>
    <text x="100" y="240" font-family="${FONT}" font-size="26" fill="#46505c">${esc(s.sub)}</text>
    <rect x="100" y="300" width="200" height="60" rx="30" fill="${p.base}"/>
    <text x="200" y="339" text-anchor="middle" font-family="${FONT}" font-weight="700" font-size="24" fill="#fff">Shop now</text>
    ${placed(s.motif, s.accent, 960, 235, 0.46, index % 2, `s${index}`)}
  </svg>`;
  return toWebp(svg);
}
