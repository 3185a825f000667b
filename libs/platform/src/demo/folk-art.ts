/**
 * Drawing kit for the demo imagery (issue 10 §3): a seeded random source, Mexican folk-art palettes,
 * wall patterns and the objects the demo sells, each as an SVG fragment. Pure strings, no I/O, so the same
 * seed always draws the same picture. Motifs are drawn in a 200x200 box centred on the origin, resting on
 * y = 100, so a scene places them with one transform.
 *
 * Shared by the catalogue's item photos (services/catalogue/src/demo/) and the store's banners and logos
 * (services/store/src/demo/), as `FolkArt` from @vitrina/platform.
 */

export type Rng = () => number;

/** A stable 32-bit hash of a string (FNV-1a). */
export function hash(value: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < value.length; i++) {
    h ^= value.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** mulberry32: small, fast and good enough to vary shapes; deterministic for a seed. */
export function rng(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const pick = <T>(r: Rng, list: readonly T[]): T => list[Math.floor(r() * list.length)];
const n = (v: number) => Math.round(v * 10) / 10;

/** Colours of Mexican folk art: rosa mexicano, turquesa, cempasúchil, cobalto de talavera, terracota... */
export const FOLK = {
  rosa: '#e4007c',
  turquesa: '#00a19a',
  amarillo: '#f6b40e',
  naranja: '#f26522',
  cobalto: '#1b4f9c',
  verde: '#3a9d23',
  morado: '#6a2c91',
  rojo: '#c8102e',
  terracota: '#c0562f',
  crema: '#f7ecd9',
  cacao: '#4a2c1a',
  negro: '#22201e',
} as const;

export interface Palette {
  /** Wall behind the object. */
  wall: string;
  /** Table top the object stands on. */
  table: string;
  /** Pattern ink on the wall. */
  ink: string;
  /** Accent colours for the object's decoration. */
  accents: string[];
}

const WALLS: Array<[string, string, string]> = [
  // wall, table, pattern ink
  ['#f7ecd9', '#d9b38c', '#e9d6b8'],
  ['#fbe3d3', '#b86b4b', '#f3cdb6'],
  ['#dff1ee', '#c7a27c', '#c6e6e1'],
  ['#fdf1c7', '#a8643c', '#f6e2a0'],
  ['#f9dbe8', '#c99a6e', '#f1c2d6'],
  ['#e4e8f5', '#b08a66', '#cfd6ee'],
  ['#eef3e2', '#9c6b45', '#dce7c6'],
];

export function palette(r: Rng): Palette {
  const [wall, table, ink] = pick(r, WALLS);
  const all = [FOLK.rosa, FOLK.turquesa, FOLK.amarillo, FOLK.naranja, FOLK.cobalto, FOLK.verde, FOLK.morado, FOLK.rojo];
  const start = Math.floor(r() * all.length);
  const accents = all.map((_, i) => all[(start + i * 3) % all.length]);
  return { wall, table, ink, accents };
}

/** A repeating wall pattern (as `<pattern>` defs plus the fill id). */
export function wallPattern(r: Rng, p: Palette, id: string): string {
  const kind = Math.floor(r() * 4);
  const s = 40 + Math.floor(r() * 3) * 10;
  const body =
    kind === 0
      ? // talavera tile: a four-petal flower in a square
        `<rect width="${s}" height="${s}" fill="none" stroke="${p.ink}" stroke-width="2"/><circle cx="${s / 2}" cy="${s / 2}" r="${s / 8}" fill="${p.ink}"/>` +
        [0, 90, 180, 270]
          .map(
            (a) =>
              `<ellipse cx="${s / 2}" cy="${s / 4}" rx="${s / 10}" ry="${s / 6}" fill="${p.ink}" transform="rotate(${a} ${s / 2} ${s / 2})"/>`,
          )
          .join('')
      : kind === 1
        ? // zigzag like a woven band
          `<path d="M0 ${s * 0.7} L${s / 4} ${s * 0.4} L${s / 2} ${s * 0.7} L${(s * 3) / 4} ${s * 0.4} L${s} ${s * 0.7}" fill="none" stroke="${p.ink}" stroke-width="4"/>`
        : kind === 2
          ? // dots in a diamond grid
            `<circle cx="${s / 2}" cy="${s / 2}" r="${s / 9}" fill="${p.ink}"/><circle cx="0" cy="0" r="${s / 12}" fill="${p.ink}"/><circle cx="${s}" cy="${s}" r="${s / 12}" fill="${p.ink}"/>`
          : // stepped greca (Mitla fret)
            `<path d="M0 ${s} V${s / 2} H${s / 2} V${s / 4} H${(s * 3) / 4} V${(s * 3) / 4} H${s / 4}" fill="none" stroke="${p.ink}" stroke-width="4"/>`;
  return `<pattern id="${id}" width="${s}" height="${s}" patternUnits="userSpaceOnUse">${body}</pattern>`;
}

/** Papel picado: a string of cut-paper flags across the top of a scene. */
export function papelPicado(r: Rng, width: number, y: number, colours: string[]): string {
  const count = Math.max(5, Math.round(width / 110));
  const w = width / count;
  let out = `<path d="M0 ${y} Q${width / 2} ${y + 24} ${width} ${y}" stroke="#6b4b2a" stroke-width="2" fill="none"/>`;
  for (let i = 0; i < count; i++) {
    const x = i * w + w * 0.08;
    const sag = 24 * (1 - ((2 * (i + 0.5)) / count - 1) ** 2);
    const top = y + sag - 2;
    const c = colours[(i + Math.floor(r() * 2)) % colours.length];
    const fw = w * 0.84;
    const fh = fw * 1.1;
    out += `<g transform="translate(${n(x)} ${n(top)})"><path d="M0 0 H${n(fw)} V${n(fh)} L${n(fw * 0.75)} ${n(fh * 0.9)} L${n(fw / 2)} ${n(fh)} L${n(fw * 0.25)} ${n(fh * 0.9)} L0 ${n(fh)} Z" fill="${c}" opacity="0.9"/>`;
    out += `<circle cx="${n(fw / 2)}" cy="${n(fh * 0.42)}" r="${n(fw * 0.16)}" fill="#fff" opacity="0.55"/>`;
    out += [0.2, 0.8]
      .map(
        (fx) =>
          `<path d="M${n(fw * fx)} ${n(fh * 0.2)} l${n(fw * 0.06)} ${n(fh * 0.08)} l-${n(fw * 0.06)} ${n(fh * 0.08)} l-${n(fw * 0.06)} -${n(fh * 0.08)} Z" fill="#fff" opacity="0.55"/>`,
      )
      .join('');
    out += '</g>';
  }
  return out;
}

/** A five-petal folk flower (used on pottery, textiles and backgrounds). */
export function flower(x: number, y: number, size: number, petal: string, centre: string): string {
  const petals = [0, 72, 144, 216, 288]
    .map(
      (a) =>
        `<ellipse cx="${n(x)}" cy="${n(y - size * 0.5)}" rx="${n(size * 0.28)}" ry="${n(size * 0.5)}" fill="${petal}" transform="rotate(${a} ${n(x)} ${n(y)})"/>`,
    )
    .join('');
  return `${petals}<circle cx="${n(x)}" cy="${n(y)}" r="${n(size * 0.25)}" fill="${centre}"/>`;
}

const shadow = (w = 80) => `<ellipse cx="0" cy="100" rx="${w}" ry="${w * 0.12}" fill="#000" opacity="0.16"/>`;

// ---- motifs ------------------------------------------------------------------------------------------

export type Motif = (r: Rng, p: Palette) => string;

/** Talavera plate: white glaze, cobalt rings, a flower in the centre, petals around the rim. */
const plate: Motif = (r, p) => {
  const a = p.accents;
  const blue = r() < 0.6 ? FOLK.cobalto : a[0];
  const rim = Array.from(
    { length: 12 },
    (_, i) => `<ellipse cx="0" cy="-78" rx="7" ry="12" fill="${i % 2 ? a[1] : blue}" transform="rotate(${i * 30})"/>`,
  ).join('');
  return `${shadow(90)}<g transform="translate(0 2)"><circle r="96" fill="#fbf8f1" stroke="#d8d2c4" stroke-width="3"/><circle r="88" fill="none" stroke="${blue}" stroke-width="5"/>${rim}<circle r="60" fill="none" stroke="${blue}" stroke-width="3"/>${flower(0, 0, 44, blue, a[2])}${[45, 135, 225, 315].map((d) => `<circle cx="0" cy="-42" r="5" fill="${a[3]}" transform="rotate(${d})"/>`).join('')}</g>`;
};

/** Jar or vase: a thrown body with painted bands; black clay when `dark`. */
function jar(dark: boolean): Motif {
  return (r, p) => {
    const body = dark ? '#2a2624' : pick(r, ['#fbf8f1', '#d9794f', '#e9b27c']);
    const ink = dark ? '#8a8580' : p.accents[0];
    const neck = 22 + r() * 14;
    const belly = 70 + r() * 18;
    const d = `M-${neck} -95 C-${neck} -70 -${belly} -60 -${belly} 5 C-${belly} 60 -50 100 -30 100 H30 C50 100 ${belly} 60 ${belly} 5 C${belly} -60 ${neck} -70 ${neck} -95 Z`;
    const dots = Array.from(
      { length: 7 },
      (_, i) => `<circle cx="${-54 + i * 18}" cy="0" r="5" fill="${dark ? '#b5afa8' : p.accents[1]}"/>`,
    ).join('');
    return `${shadow(70)}<path d="${d}" fill="${body}"/><ellipse cx="0" cy="-95" rx="${neck + 4}" ry="7" fill="${dark ? '#111' : '#7a4a2c'}"/>
      <path d="M-${belly - 6} -28 H${belly - 6}" stroke="${ink}" stroke-width="6"/><path d="M-${belly - 4} 30 H${belly - 4}" stroke="${ink}" stroke-width="6"/>${dots}
      ${dark ? '' : flower(0, -55, 22, p.accents[2], p.accents[3])}<path d="M-${belly - 14} -40 C-${belly - 10} 0 -${belly - 20} 40 -40 70" stroke="#fff" stroke-width="6" fill="none" opacity="0.25"/>`;
  };
}

/** Mug on a saucer with steam; `espresso` draws a small cup. */
const cup: Motif = (r, p) => {
  const glaze = pick(r, [FOLK.cobalto, FOLK.terracota, '#fbf8f1', FOLK.turquesa]);
  const band = glaze === '#fbf8f1' ? FOLK.cobalto : '#fbf8f1';
  return `${shadow(95)}<ellipse cx="0" cy="92" rx="95" ry="16" fill="#fbf8f1" stroke="#ddd5c5" stroke-width="3"/>
    <path d="M55 -10 C105 -10 105 55 48 55" stroke="${glaze}" stroke-width="14" fill="none"/>
    <path d="M-62 -40 H62 L52 70 C48 88 -48 88 -52 70 Z" fill="${glaze}"/><ellipse cx="0" cy="-40" rx="62" ry="12" fill="#3b2417"/>
    <path d="M-58 0 H58" stroke="${band}" stroke-width="7"/>${[-36, -12, 12, 36].map((x) => `<circle cx="${x}" cy="24" r="5" fill="${band}"/>`).join('')}
    ${[-24, 0, 24].map((x, i) => `<path d="M${x} -60 c-12 -14 12 -24 0 -40 c-10 -12 6 -20 2 -30" stroke="#fff" stroke-width="5" fill="none" opacity="${0.55 - i * 0.1}"/>`).join('')}
    <path d="M-50 -28 L-44 50" stroke="#fff" stroke-width="5" opacity="0.2"/><circle cx="0" cy="0" r="0" fill="${p.wall}"/>`;
};

/** Alebrije: a fantastic quadruped (jaguar, dog, lizard...) covered in dots, stripes and flames. */
const alebrije: Motif = (r, p) => {
  const [c1, c2, c3, c4] = p.accents;
  const long = 80 + r() * 20;
  const tail =
    r() < 0.5
      ? `M${long - 10} -20 C${long + 50} -40 ${long + 40} -110 ${long + 5} -95 C${long - 15} -85 ${long + 10} -70 ${long + 20} -75`
      : `M${long - 10} -10 C${long + 60} 0 ${long + 70} -80 ${long + 30} -90`;
  const legs = [-55, -25, 25, 55]
    .map(
      (x) =>
        `<path d="M${x} 20 L${x - 6} 92 H${x + 18} L${x + 12} 20 Z" fill="${c2}"/><path d="M${x - 6} 70 H${x + 16}" stroke="${c3}" stroke-width="5"/>`,
    )
    .join('');
  const spots = Array.from(
    { length: 14 },
    () => `<circle cx="${n(-60 + r() * 120)}" cy="${n(-35 + r() * 50)}" r="${n(4 + r() * 6)}" fill="${pick(r, [c3, c4, '#fff'])}"/>`,
  ).join('');
  const stripes = [-40, -10, 20, 50].map((x) => `<path d="M${x} -48 q8 20 0 40" stroke="${c4}" stroke-width="6" fill="none"/>`).join('');
  const ears = `<path d="M-${long + 18} -92 L-${long + 8} -128 L-${long - 4} -90 Z" fill="${c3}"/><path d="M-${long - 12} -88 L-${long - 4} -124 L-${long + 10} -86 Z" fill="${c4}"/>`;
  const head = `<ellipse cx="-${long}" cy="-70" rx="36" ry="30" fill="${c1}"/><circle cx="-${long + 12}" cy="-76" r="9" fill="#fff"/><circle cx="-${long + 13}" cy="-76" r="4.5" fill="#111"/><path d="M-${long + 34} -62 q12 8 0 16" stroke="${c3}" stroke-width="5" fill="none"/>${[0, 1, 2].map((i) => `<path d="M-${long - 20 + i * 8} -98 l6 -16 l6 16" fill="${pick(r, [c2, c3, c4])}"/>`).join('')}`;
  return `${shadow(110)}<path d="${tail}" stroke="${c3}" stroke-width="16" fill="none" stroke-linecap="round"/>${legs}
    <path d="M-${long - 10} -30 C-${long - 10} -70 ${long - 10} -70 ${long} -20 C${long + 5} 30 -${long - 5} 40 -${long - 10} -30 Z" fill="${c1}"/>${stripes}${spots}
    <path d="M-${long - 14} -55 C-${long - 30} -60 -${long - 30} -40 -${long - 20} -35" fill="${c2}"/>${ears}${head}`;
};

/** Folded textile: a rebozo, sarape or tapete stacked in folds, striped, with fringe. */
function textile(kind: 'rebozo' | 'sarape' | 'tapete' | 'bordado'): Motif {
  return (r, p) => {
    const a = p.accents;
    const base =
      kind === 'rebozo'
        ? pick(r, [FOLK.rojo, FOLK.morado, FOLK.turquesa, FOLK.rosa])
        : kind === 'bordado'
          ? '#fbf8f1'
          : pick(r, [FOLK.cacao, '#263a5e', FOLK.rojo]);
    const layers = kind === 'tapete' ? 1 : 3;
    let out = shadow(120);
    for (let l = 0; l < layers; l++) {
      const y = 100 - (l + 1) * (kind === 'tapete' ? 90 : 42);
      const h = kind === 'tapete' ? 90 : 40;
      const x0 = -115 + l * 6;
      const w = 230 - l * 12;
      out += `<rect x="${x0}" y="${y}" width="${w}" height="${h}" rx="6" fill="${base}"/>`;
      if (kind === 'sarape' || kind === 'tapete') {
        const stripes = kind === 'tapete' ? 5 : 6;
        for (let s = 0; s < stripes; s++)
          out += `<rect x="${x0 + (w / stripes) * s + 6}" y="${y}" width="${n(w / stripes / 3)}" height="${h}" fill="${a[s % a.length]}"/>`;
        if (kind === 'tapete')
          out += `<path d="M${x0 + w / 2} ${y + 12} l30 33 l-30 33 l-30 -33 Z" fill="none" stroke="${a[2]}" stroke-width="7"/><path d="M${x0 + w / 2} ${y + 30} l14 15 l-14 15 l-14 -15 Z" fill="${a[4]}"/>`;
      } else if (kind === 'rebozo') {
        out += `<path d="M${x0} ${y + h / 2} ${Array.from({ length: 23 }, (_, i) => `L${x0 + (i + 1) * (w / 23)} ${y + h / 2 + (i % 2 ? -6 : 6)}`).join(' ')}" stroke="${a[2]}" stroke-width="3" fill="none" opacity="0.8"/>`;
        out += `<rect x="${x0}" y="${y + 5}" width="${w}" height="4" fill="#fff" opacity="0.35"/>`;
      } else {
        for (let f = 0; f < 5; f++) out += flower(x0 + 24 + f * ((w - 48) / 4), y + h / 2, 14, a[f % a.length], a[(f + 2) % a.length]);
      }
    }
    // fringe hanging over the front edge
    const fy = 100 - (kind === 'tapete' ? 90 : 42);
    const fringe = Array.from(
      { length: 22 },
      (_, i) =>
        `<path d="M${-110 + i * 10.4} ${fy + 2} v${kind === 'tapete' ? 0 : 0} l-2 ${kind === 'rebozo' ? 26 : 16}" stroke="${kind === 'bordado' ? a[0] : base}" stroke-width="3"/>`,
    ).join('');
    return out + (kind === 'bordado' ? '' : `<g transform="translate(-6 ${kind === 'tapete' ? 90 : 42})">${fringe}</g>`);
  };
}

/** A kraft coffee bag with a label and beans spilled in front. */
const coffeeBag: Motif = (r, p) => {
  const kraft = pick(r, ['#c9a27a', '#b98b5e', '#2f2a26', '#d7b98e']);
  const label = p.accents[0];
  const beans = Array.from({ length: 9 }, (_, i) => {
    const x = -110 + i * 28 + r() * 10;
    const y = 88 + r() * 8;
    const rot = Math.floor(r() * 180);
    return `<g transform="translate(${n(x)} ${n(y)}) rotate(${rot})"><ellipse rx="10" ry="7" fill="#4a2c1a"/><path d="M-8 0 q8 -3 16 0" stroke="#2a170c" stroke-width="2" fill="none"/></g>`;
  }).join('');
  return `${shadow(110)}<path d="M-70 -110 H70 L78 -86 L84 95 H-84 L-78 -86 Z" fill="${kraft}"/><path d="M-70 -110 H70 L78 -86 H-78 Z" fill="#000" opacity="0.12"/>
    <rect x="-56" y="-50" width="112" height="100" rx="8" fill="#fbf8f1"/><rect x="-56" y="-50" width="112" height="22" rx="8" fill="${label}"/>
    <g transform="translate(0 12)"><ellipse rx="20" ry="28" fill="#6b3f22" transform="rotate(25)"/><path d="M-6 -24 q14 24 0 48" stroke="#3b2212" stroke-width="4" fill="none" transform="rotate(25)"/></g>
    ${[-40, -20, 0, 20, 40].map((x, i) => `<rect x="${x - 6}" y="40" width="12" height="4" fill="${p.accents[(i % 3) + 1]}"/>`).join('')}
    <path d="M-60 -86 V80" stroke="#fff" stroke-width="6" opacity="0.15"/>${beans}`;
};

/** French press (`press`) or a hand grinder: a coffee gadget. */
const coffeeTool =
  (press: boolean): Motif =>
  (r, p) => {
    if (press) {
      return `${shadow(70)}<rect x="-50" y="-70" width="100" height="165" rx="8" fill="#5a3820" opacity="0.85"/><rect x="-50" y="-70" width="100" height="40" fill="#d9b38c" opacity="0.7"/>
      <rect x="-58" y="-80" width="116" height="180" rx="10" fill="#cfe6ec" opacity="0.35" stroke="#9bb3ba" stroke-width="4"/>
      <rect x="-62" y="-100" width="124" height="22" rx="6" fill="${FOLK.negro}"/><rect x="-5" y="-140" width="10" height="44" fill="#8a8580"/><circle cx="0" cy="-145" r="11" fill="${FOLK.negro}"/>
      <path d="M58 -60 C100 -60 100 40 58 40" stroke="${FOLK.negro}" stroke-width="12" fill="none"/><rect x="-62" y="92" width="124" height="10" rx="4" fill="${p.accents[0]}"/>`;
    }
    return `${shadow(70)}<path d="M-55 -20 H55 L50 95 H-50 Z" fill="#8a5a36"/><path d="M-55 10 H55" stroke="#6b4226" stroke-width="5"/><rect x="-20" y="30" width="40" height="30" rx="4" fill="#6b4226"/>
    <path d="M-40 -20 C-40 -80 40 -80 40 -20 Z" fill="#b9b4ad"/><rect x="-4" y="-96" width="8" height="30" fill="#8a8580"/><path d="M0 -96 H70" stroke="#8a8580" stroke-width="8"/><circle cx="74" cy="-96" r="12" fill="${p.accents[0]}"/>`;
  };

/** Huipil: a square-cut blouse with an embroidered yoke and hem; `cushion` draws an embroidered pillow instead. */
const huipil =
  (cushion: boolean): Motif =>
  (r, p) => {
    const a = p.accents;
    const cloth = pick(r, ['#fbf8f1', '#f3e7c9', FOLK.negro]);
    const flowers = (y: number, count: number, span: number, size: number) =>
      Array.from({ length: count }, (_, i) => flower(-span / 2 + (i * span) / (count - 1), y, size, a[i % 4], a[(i + 2) % 4])).join('');
    if (cushion) {
      return `${shadow(115)}<path d="M-110 -70 Q0 -86 110 -70 Q122 10 110 92 Q0 104 -110 92 Q-122 10 -110 -70 Z" fill="${cloth}"/>${flowers(-30, 5, 170, 20)}${flowers(40, 4, 130, 26)}
      <path d="M-100 -50 Q0 -60 100 -50" stroke="${a[1]}" stroke-width="5" fill="none"/><path d="M-100 78 Q0 88 100 78" stroke="${a[1]}" stroke-width="5" fill="none"/>`;
    }
    return `${shadow(110)}<path d="M-70 -110 H70 L130 -70 L112 -20 L78 -40 V98 H-78 V-40 L-112 -20 L-130 -70 Z" fill="${cloth}"/><path d="M-16 -110 L0 -80 L16 -110" fill="${p.wall}" stroke="${a[0]}" stroke-width="4"/>
    <path d="M-78 -90 H78 V-10 H-78 Z" fill="${a[0]}" opacity="0.15"/>${flowers(-60, 5, 130, 16)}${flowers(-28, 4, 100, 12)}<path d="M-78 -4 H78" stroke="${a[1]}" stroke-width="5"/>
    ${flowers(78, 6, 140, 11)}<path d="M-128 -66 L-114 -24" stroke="${a[2]}" stroke-width="8"/><path d="M128 -66 L114 -24" stroke="${a[2]}" stroke-width="8"/>`;
  };

/** Beaded necklace (or bracelet) on a bust, or filigree earrings (`earrings`). */
const jewellery =
  (earrings: boolean): Motif =>
  (r, p) => {
    const a = p.accents;
    const cloth = `<path d="M-120 100 C-110 40 -40 20 0 24 C60 20 110 40 120 100 Z" fill="${pick(r, ['#3a2b4d', '#1f3b4d', '#4d1f2e'])}"/>`;
    if (!earrings) {
      const beads = Array.from({ length: 29 }, (_, i) => {
        const t = (i / 28) * Math.PI;
        return `<circle cx="${n(-90 * Math.cos(t))}" cy="${n(-40 + 90 * Math.sin(t) * 0.9)}" r="${i === 14 ? 16 : 8}" fill="${a[i % 4]}" stroke="#fff" stroke-width="1.5"/>`;
      }).join('');
      return `${shadow(120)}${cloth}${beads}${flower(0, 56, 20, a[1], a[3])}`;
    }
    const earring = (x: number) =>
      `<g transform="translate(${x} -30)"><path d="M0 -60 q10 -10 0 -20" stroke="#d9d9d9" stroke-width="3" fill="none"/><circle cy="-50" r="8" fill="none" stroke="#e5e4e2" stroke-width="4"/>
      <path d="M0 -42 C-40 -20 -40 40 0 70 C40 40 40 -20 0 -42 Z" fill="none" stroke="#e5e4e2" stroke-width="5"/>
      ${[0, 1, 2, 3].map((k) => `<circle cx="0" cy="${-20 + k * 20}" r="${9 - k}" fill="none" stroke="#cfcfcf" stroke-width="3"/>`).join('')}<circle cy="62" r="7" fill="${a[0]}"/></g>`;
    return `${shadow(120)}${cloth}${earring(-45)}${earring(45)}`;
  };

/** Woven palm: a basket, or a hat when `hat`. */
function palm(hat: boolean): Motif {
  return (r, p) => {
    const straw = pick(r, ['#e2c48b', '#d8b277', '#ead39f']);
    const weave = Array.from(
      { length: 9 },
      (_, i) => `<path d="M${-80 + i * 20} -20 L${-70 + i * 18} 95" stroke="#b89457" stroke-width="3"/>`,
    ).join('');
    const rows = Array.from({ length: 6 }, (_, i) => `<path d="M-84 ${-10 + i * 18} H84" stroke="#c6a066" stroke-width="4"/>`).join('');
    if (hat) {
      return `${shadow(125)}<ellipse cx="0" cy="60" rx="125" ry="36" fill="${straw}"/><ellipse cx="0" cy="56" rx="110" ry="28" fill="none" stroke="#b89457" stroke-width="3"/>
        <path d="M-55 55 C-55 -40 55 -40 55 55 Z" fill="${straw}"/><path d="M-54 30 C-30 40 30 40 54 30 L55 44 C30 54 -30 54 -55 44 Z" fill="${p.accents[0]}"/>${[-30, 0, 30].map((x) => `<path d="M${x} -15 L${x * 1.2} 30" stroke="#b89457" stroke-width="3"/>`).join('')}`;
    }
    return `${shadow(100)}<path d="M-90 -20 H90 L74 95 H-74 Z" fill="${straw}"/>${weave}${rows}<path d="M-90 -20 H90" stroke="${p.accents[0]}" stroke-width="10"/><path d="M-92 4 H92" stroke="${p.accents[1]}" stroke-width="6"/>
      <path d="M-70 -22 C-70 -110 70 -110 70 -22" stroke="#c6a066" stroke-width="10" fill="none"/>`;
  };
}

/** Carved mask, catrina or cloth doll: a face with folk decoration. */
const face: Motif = (r, p) => {
  const a = p.accents;
  const skull = r() < 0.5;
  const skin = skull ? '#fbf8f1' : pick(r, [FOLK.rojo, FOLK.verde, FOLK.amarillo]);
  const eyes = skull
    ? `<circle cx="-30" cy="-20" r="20" fill="${a[0]}"/><circle cx="30" cy="-20" r="20" fill="${a[1]}"/>${flower(-30, -20, 12, '#fff', FOLK.negro)}${flower(30, -20, 12, '#fff', FOLK.negro)}<path d="M-6 10 L0 -2 L6 10 Z" fill="${FOLK.negro}"/>
       <path d="M-36 40 H36" stroke="${FOLK.negro}" stroke-width="3"/>${[-28, -14, 0, 14, 28].map((x) => `<path d="M${x} 32 V48" stroke="${FOLK.negro}" stroke-width="3"/>`).join('')}`
    : `<ellipse cx="-30" cy="-18" rx="16" ry="10" fill="#fff"/><ellipse cx="30" cy="-18" rx="16" ry="10" fill="#fff"/><circle cx="-30" cy="-18" r="6" fill="#111"/><circle cx="30" cy="-18" r="6" fill="#111"/>
       <path d="M-40 30 Q0 60 40 30" stroke="#fff" stroke-width="6" fill="none"/><path d="M-60 -45 q30 -20 50 0 M10 -45 q30 -20 50 0" stroke="${a[2]}" stroke-width="6" fill="none"/>`;
  const crown = skull
    ? [-50, -18, 18, 50].map((x, i) => flower(x, -78 + Math.abs(x) * 0.3, 18, a[i % 4], a[(i + 2) % 4])).join('')
    : `<path d="M-70 -60 L-50 -110 L-25 -70 L0 -120 L25 -70 L50 -110 L70 -60 Z" fill="${a[3]}"/>`;
  return `${shadow(80)}<path d="M-70 -50 C-70 -100 70 -100 70 -50 C72 30 40 95 0 95 C-40 95 -72 30 -70 -50 Z" fill="${skin}"/>${eyes}${crown}`;
};

/** Candle in a clay holder (or a paper lantern glow). */
const candle: Motif = (r, p) =>
  `${shadow(70)}<circle cx="0" cy="-120" r="70" fill="${FOLK.amarillo}" opacity="0.18"/><rect x="-38" y="-60" width="76" height="140" rx="6" fill="${pick(r, ['#f3e7c9', '#f7d9b0', '#f2c9d5'])}"/>
   <path d="M-38 -20 H38" stroke="${p.accents[0]}" stroke-width="6"/><path d="M-38 0 H38" stroke="${p.accents[1]}" stroke-width="4"/><path d="M0 -60 v-14" stroke="#333" stroke-width="3"/>
   <path d="M0 -110 C16 -90 12 -74 0 -72 C-12 -74 -16 -90 0 -110 Z" fill="${FOLK.naranja}"/><path d="M0 -96 C6 -86 5 -78 0 -76 C-5 -78 -6 -86 0 -96 Z" fill="${FOLK.amarillo}"/>
   <path d="M-62 70 H62 L54 100 H-54 Z" fill="${FOLK.terracota}"/>`;

/** Glass jar of honey, chocolate, granola or syrup, with a cloth lid. */
const pantryJar: Motif = (r, p) => {
  const fill = pick(r, ['#e0a31f', '#5a3820', '#c98b3c', '#b5651d']);
  return `${shadow(75)}<rect x="-62" y="-60" width="124" height="158" rx="18" fill="#dfeef0" opacity="0.6" stroke="#a9c3c7" stroke-width="4"/><rect x="-56" y="-30" width="112" height="122" rx="14" fill="${fill}"/>
    <path d="M-70 -90 C-40 -70 40 -70 70 -90 L62 -58 H-62 Z" fill="${p.accents[0]}"/><path d="M-62 -58 H62" stroke="${p.accents[1]}" stroke-width="5"/>
    <rect x="-42" y="0" width="84" height="54" rx="6" fill="#fbf8f1"/>${flower(0, 27, 16, p.accents[2], p.accents[3])}<path d="M-48 -20 V70" stroke="#fff" stroke-width="6" opacity="0.35"/>`;
};

/** Lacquered box (Olinalá) or tin mirror: a decorated object. */
const box: Motif = (r, p) => {
  const a = p.accents;
  const base = pick(r, [FOLK.negro, FOLK.rojo, FOLK.turquesa]);
  return `${shadow(110)}<path d="M-105 -10 H105 V95 H-105 Z" fill="${base}"/><path d="M-112 -40 H112 V-5 H-112 Z" fill="${base}" stroke="#000" stroke-opacity="0.15" stroke-width="3"/>
    ${[-70, -20, 30, 80].map((x, i) => flower(x - 5, 45, 20, a[i % 4], a[(i + 1) % 4])).join('')}${[-80, -40, 0, 40, 80].map((x, i) => `<path d="M${x - 14} -22 q14 -14 28 0" stroke="${a[(i + 2) % 4]}" stroke-width="5" fill="none"/>`).join('')}`;
};

/** Glass tumblers (vidrio soplado) with the blue rim of Guadalajara glass. */
const glasses: Motif = () =>
  `${shadow(120)}${[-70, 0, 70]
    .map(
      (x, i) =>
        `<g transform="translate(${x} ${i === 1 ? -10 : 0})"><path d="M-32 -60 H32 L26 98 H-26 Z" fill="#bfe3e6" opacity="0.55" stroke="#7fb3b9" stroke-width="3"/><path d="M-32 -60 H32" stroke="${FOLK.cobalto}" stroke-width="8"/><path d="M-20 -40 V80" stroke="#fff" stroke-width="5" opacity="0.5"/>${[0, 1, 2].map((k) => `<circle cx="${-8 + k * 9}" cy="${20 + k * 16}" r="3" fill="#fff" opacity="0.7"/>`).join('')}</g>`,
    )
    .join('')}`;

/** Stone molcajete on three legs, with a chile beside it. */
const molcajete: Motif = () =>
  `${shadow(100)}<path d="M-60 60 L-70 98 H-44 Z M60 60 L70 98 H44 Z M-12 70 L-8 100 H12 L12 70 Z" fill="#3f3c3a"/><path d="M-100 -20 C-100 80 100 80 100 -20 Z" fill="#4d4946"/>
   <ellipse cx="0" cy="-20" rx="100" ry="22" fill="#35312f"/><ellipse cx="0" cy="-18" rx="80" ry="14" fill="#8a2b1a"/>${Array.from({ length: 18 }, (_, i) => `<circle cx="${-80 + ((i * 37) % 160)}" cy="${5 + ((i * 23) % 45)}" r="2.5" fill="#6d6864"/>`).join('')}
   <path d="M60 -60 L20 -10" stroke="#5c5854" stroke-width="18" stroke-linecap="round"/><path d="M110 90 C140 70 150 40 132 30 C120 40 112 70 96 86 Z" fill="${FOLK.rojo}"/><path d="M132 30 l6 -10" stroke="${FOLK.verde}" stroke-width="5"/>`;

/** Leather bag with tooled flowers. */
const bag: Motif = (r, p) =>
  `${shadow(100)}<path d="M-50 -40 C-50 -110 50 -110 50 -40" stroke="#6b3f22" stroke-width="10" fill="none"/><path d="M-100 -40 H100 L90 98 H-90 Z" fill="${pick(r, ['#8a5a36', '#a0522d', '#6b3f22'])}"/>
   <path d="M-100 -40 H100 L96 10 H-96 Z" fill="#000" opacity="0.12"/>${flower(0, 45, 26, '#5a3820', p.accents[0])}${flower(-55, 50, 14, '#5a3820', '#5a3820')}${flower(55, 50, 14, '#5a3820', '#5a3820')}
   <path d="M-86 90 H86" stroke="#f0d9b5" stroke-width="2" stroke-dasharray="6 5"/>`;

export const MOTIFS = {
  plate,
  jar: jar(false),
  blackJar: jar(true),
  cup,
  alebrije,
  rebozo: textile('rebozo'),
  sarape: textile('sarape'),
  tapete: textile('tapete'),
  bordado: textile('bordado'),
  coffeeBag,
  press: coffeeTool(true),
  grinder: coffeeTool(false),
  huipil: huipil(false),
  cushion: huipil(true),
  necklace: jewellery(false),
  earrings: jewellery(true),
  basket: palm(false),
  hat: palm(true),
  face,
  candle,
  pantryJar,
  box,
  glasses,
  molcajete,
  bag,
} satisfies Record<string, Motif>;

export type MotifName = keyof typeof MOTIFS;
