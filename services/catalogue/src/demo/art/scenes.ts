import { FolkArt } from '@vitrina/platform';

const { FOLK, MOTIFS, flower, palette, papelPicado, pick, wallPattern } = FolkArt;
type MotifName = FolkArt.MotifName;
type Palette = FolkArt.Palette;
type Rng = FolkArt.Rng;

/**
 * Whole pictures for the demo (issue 10 §3), each an SVG document of `w` x `h`: a product standing on a
 * table against a patterned wall, an experience as a place (coffee farm, workshop, tasting, road), a
 * service as the craft in hand, a digital item as a book or a video on a tablet, a catalogue as a shelf of
 * its items. `r` is seeded by the caller, so a key always gives the same picture.
 */

/** How close the camera is: the item's photos 2..4 show it closer or from a different spot. */
export interface Shot {
  zoom: number;
  dx: number;
}

const svg = (w: number, h: number, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">${body}</svg>`;

function backdrop(r: Rng, p: Palette, w: number, h: number, tableY: number): string {
  const id = `wp${Math.floor(r() * 1e6)}`;
  return `<defs>${wallPattern(r, p, id)}<linearGradient id="lt" x1="0" y1="0" x2="1" y2="0.3"><stop offset="0" stop-color="#fff" stop-opacity="0.35"/><stop offset="0.6" stop-color="#fff" stop-opacity="0"/></linearGradient>
    <linearGradient id="tb" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.table}"/><stop offset="1" stop-color="#000" stop-opacity="0.25"/></linearGradient></defs>
    <rect width="${w}" height="${h}" fill="${p.wall}"/><rect width="${w}" height="${tableY}" fill="url(#${id})"/><rect width="${w}" height="${h}" fill="url(#lt)"/>
    <rect y="${tableY}" width="${w}" height="${h - tableY}" fill="${p.table}"/><rect y="${tableY}" width="${w}" height="${h - tableY}" fill="url(#tb)" opacity="0.5"/><rect y="${tableY}" width="${w}" height="4" fill="#000" opacity="0.08"/>`;
}

/** One object on a table: the product photo. */
export function productScene(r: Rng, motif: MotifName, w: number, h: number, shot: Shot): string {
  const p = palette(r);
  const tableY = h * (0.62 + r() * 0.06);
  const scale = (h / 270) * shot.zoom;
  const x = w / 2 + shot.dx * w;
  // zoomed shots keep the object's middle in frame rather than its foot on the table
  const y = Math.min(tableY + h * 0.17 - 100 * scale, h * 0.5 + 40 * scale);
  // a sprig of flowers or a second small piece at the side, so it reads as a styled shop photo
  const prop =
    shot.zoom < 1.2 && r() < 0.6
      ? `<g transform="translate(${w * (shot.dx > 0 ? 0.1 : 0.9)} ${tableY + h * 0.06})">${[0, 1, 2].map((i) => flower(i * 26 - 26, -i * 14, 22 * (h / 600), p.accents[i], FOLK.amarillo)).join('')}</g>`
      : '';
  return svg(w, h, `${backdrop(r, p, w, h, tableY)}${prop}<g transform="translate(${x} ${y}) scale(${scale})">${MOTIFS[motif](r, p)}</g>`);
}

/**
 * Experiences: the place itself. `tour` = hills and a road, `workshop` = a craft table with `craft` (what is
 * made there) in the middle, `tasting` = cups in a row.
 */
export function experienceScene(
  r: Rng,
  kind: 'tour' | 'coffeeFarm' | 'workshop' | 'coffeeWorkshop' | 'tasting',
  craft: MotifName,
  w: number,
  h: number,
  shot: Shot,
): string {
  const p = palette(r);
  const evening = r() < 0.3;
  const sky = evening ? ['#f6b40e', '#e4572e'] : ['#9ed8eb', '#fdf1c7'];
  if (kind === 'workshop' || kind === 'coffeeWorkshop' || kind === 'tasting') {
    const tableY = h * 0.58;
    const items: MotifName[] =
      kind === 'tasting'
        ? ['cup', 'coffeeBag', 'cup']
        : kind === 'coffeeWorkshop'
          ? ['press', 'cup', 'grinder']
          : [pick(r, ['jar', 'basket', 'plate'] as MotifName[]), craft, pick(r, ['candle', 'plate', 'jar'] as MotifName[])];
    const s = (h / 420) * shot.zoom;
    const objects = items
      .map(
        (m, i) =>
          `<g transform="translate(${w * (0.22 + i * 0.28) + shot.dx * w} ${tableY + h * 0.2 - 100 * s}) scale(${s})">${MOTIFS[m](r, p)}</g>`,
      )
      .join('');
    return svg(w, h, `${backdrop(r, p, w, h, tableY)}${papelPicado(r, w, 0, p.accents)}${objects}`);
  }
  const hills = (y: number, amp: number, colour: string) => {
    let d = `M0 ${h} V${y}`;
    for (let x = 0; x <= w; x += w / 6) d += ` Q${x + w / 12} ${y - amp * (0.5 + r())} ${x + w / 6} ${y}`;
    return `<path d="${d} V${h} Z" fill="${colour}"/>`;
  };
  const sun = `<circle cx="${w * (0.2 + r() * 0.6)}" cy="${h * 0.25}" r="${h * 0.09}" fill="${evening ? '#fff3c4' : FOLK.amarillo}"/>`;
  const rows =
    kind === 'coffeeFarm'
      ? Array.from(
          { length: 7 },
          (_, i) =>
            `<path d="M${-w * 0.1} ${h * (0.62 + i * 0.06)} Q${w / 2} ${h * (0.56 + i * 0.06)} ${w * 1.1} ${h * (0.64 + i * 0.06)}" stroke="#2f6b1f" stroke-width="${h * 0.025}" stroke-dasharray="${h * 0.03} ${h * 0.015}" fill="none"/>`,
        ).join('') +
        Array.from(
          { length: 14 },
          () => `<circle cx="${n2(r() * w)}" cy="${n2(h * (0.64 + r() * 0.34))}" r="${h * 0.008}" fill="${FOLK.rojo}"/>`,
        ).join('')
      : `<path d="M${w * 0.46} ${h} C${w * 0.5} ${h * 0.8} ${w * 0.56} ${h * 0.7} ${w * 0.52} ${h * 0.58}" stroke="#d9b38c" stroke-width="${h * 0.06}" fill="none"/>` +
        Array.from({ length: 5 }, (_, i) =>
          agave(w * (0.08 + i * 0.2 + r() * 0.05), h * (0.8 + r() * 0.1), h * 0.09 * (0.8 + r() * 0.4)),
        ).join('');
  const church =
    kind === 'tour'
      ? `<g transform="translate(${w * 0.72} ${h * 0.5})" fill="#f7ecd9"><rect x="-30" y="-40" width="60" height="50"/><rect x="-16" y="-80" width="32" height="42"/><path d="M-16 -80 Q0 -104 16 -80 Z"/><rect x="-8" y="-12" width="16" height="22" fill="#7a4a2c"/></g>`
      : '';
  return svg(
    w,
    h,
    `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${sky[0]}"/><stop offset="1" stop-color="${sky[1]}"/></linearGradient></defs>
     <rect width="${w}" height="${h}" fill="url(#sky)"/>${sun}${hills(h * 0.5, h * 0.12, '#7fa38a')}${church}${hills(h * 0.6, h * 0.08, kind === 'coffeeFarm' ? '#4f8a3a' : '#c98b3c')}${rows}
     ${papelPicado(r, w, 0, p.accents)}`,
  );
}

function agave(x: number, y: number, s: number): string {
  return `<g transform="translate(${n2(x)} ${n2(y)}) scale(${n2(s / 50)})" fill="#4e7d5b">${[-60, -35, -12, 12, 35, 60].map((a) => `<path d="M-6 0 Q0 -60 0 -70 Q0 -60 6 0 Z" transform="rotate(${a})"/>`).join('')}</g>`;
}

const n2 = (v: number) => Math.round(v * 10) / 10;

/** Digital items: an ebook cover or a video lesson on a tablet, on a desk. */
export function digitalScene(r: Rng, video: boolean, cover: MotifName, w: number, h: number, shot: Shot): string {
  const p = palette(r);
  const tableY = h * 0.55;
  const tw = w * 0.7 * shot.zoom;
  const th = tw * 0.72;
  const x = w / 2 - tw / 2 + shot.dx * w;
  const y = h * 0.5 - th / 2;
  // drawn in a nested viewport, so the art is clipped to the screen
  const art = `<svg x="${x + 14}" y="${y + 14}" width="${tw - 28}" height="${th - 28}" overflow="hidden"><g transform="translate(${(tw - 28) / 2} ${th * 0.5}) scale(${th / 300})">${MOTIFS[cover](r, p)}</g></svg>`;
  const screen = video
    ? `<rect x="${x + 14}" y="${y + 14}" width="${tw - 28}" height="${th - 28}" fill="${p.wall}"/>${art}<circle cx="${x + tw / 2}" cy="${y + th / 2}" r="${th * 0.14}" fill="#000" opacity="0.55"/><path d="M${x + tw / 2 - th * 0.05} ${y + th / 2 - th * 0.07} l${th * 0.12} ${th * 0.07} l-${th * 0.12} ${th * 0.07} Z" fill="#fff"/>
       <rect x="${x + 24}" y="${y + th - 34}" width="${tw - 48}" height="6" rx="3" fill="#fff" opacity="0.6"/><rect x="${x + 24}" y="${y + th - 34}" width="${(tw - 48) * (0.2 + r() * 0.5)}" height="6" rx="3" fill="${FOLK.rosa}"/>`
    : `<rect x="${x + 14}" y="${y + 14}" width="${tw - 28}" height="${th - 28}" fill="${p.accents[0]}"/><rect x="${x + 14}" y="${y + 14}" width="${tw - 28}" height="${th * 0.2}" fill="#fbf8f1"/>
       ${Array.from({ length: 4 }, (_, i) => `<rect x="${x + 40}" y="${y + 30 + i * th * 0.03}" width="${(tw - 80) * (i === 0 ? 0.7 : 0.5)}" height="${th * 0.018}" fill="${i === 0 ? FOLK.negro : '#999'}"/>`).join('')}${art}`;
  return svg(
    w,
    h,
    `${backdrop(r, p, w, h, tableY)}<rect x="${x}" y="${y}" width="${tw}" height="${th}" rx="18" fill="#1d1d1f"/>${screen}
     <g transform="translate(${w * 0.86} ${h * 0.86})"><circle r="${h * 0.07}" fill="${FOLK.verde}"/><path d="M0 -${h * 0.035} V${h * 0.02} M-${h * 0.025} 0 L0 ${h * 0.025} L${h * 0.025} 0" stroke="#fff" stroke-width="${h * 0.012}" fill="none"/></g>`,
  );
}

/** Services: the craft being done — the object on a work mat with the tools of the trade around it. */
export function serviceScene(r: Rng, motif: MotifName, w: number, h: number, shot: Shot): string {
  const p = palette(r);
  const mat = pick(r, ['#2f4858', '#3d3d3d', '#40513b']);
  const s = (h / 340) * shot.zoom;
  const tool = (x: number, y: number, rot: number, colour: string) =>
    `<g transform="translate(${x} ${y}) rotate(${rot})"><rect x="-6" y="-90" width="12" height="110" rx="5" fill="#c9a27a"/><rect x="-8" y="18" width="16" height="16" fill="#9aa0a6"/><path d="M-8 34 Q0 64 8 34 Z" fill="${colour}"/></g>`;
  const grid = Array.from({ length: 12 }, (_, i) => `<path d="M${(w / 12) * i} 0 V${h}" stroke="#fff" stroke-opacity="0.06"/>`).join('');
  return svg(
    w,
    h,
    `<rect width="${w}" height="${h}" fill="${mat}"/>${grid}<circle cx="${w / 2}" cy="${h / 2}" r="${h * 0.42}" fill="${p.wall}" opacity="0.9"/>
     <g transform="translate(${w / 2 + shot.dx * w} ${h * 0.52}) scale(${s})">${MOTIFS[motif](r, p)}</g>
     ${tool(w * 0.12, h * 0.7, -20, p.accents[0])}${tool(w * 0.88, h * 0.35, 25, p.accents[1])}${tool(w * 0.84, h * 0.78, 60, p.accents[2])}
     ${[0, 1, 2, 3].map((i) => `<circle cx="${w * 0.1 + i * h * 0.06}" cy="${h * 0.15}" r="${h * 0.022}" fill="${p.accents[i]}"/>`).join('')}`,
  );
}

/** A catalogue cover: up to three of its items on a shelf under papel picado, with a colour band for the title. */
export function catalogueScene(r: Rng, motifs: MotifName[], w: number, h: number): string {
  const p = palette(r);
  const tableY = h * 0.7;
  const list = motifs.length ? motifs.slice(0, 3) : (['jar', 'rebozo', 'plate'] as MotifName[]);
  const s = (h / 430) * (list.length === 1 ? 1.5 : 1);
  const objects = list
    .map((m, i) => {
      const x = list.length === 1 ? w / 2 : w * (0.2 + (i * 0.6) / (list.length - 1));
      return `<g transform="translate(${x} ${tableY + h * 0.12 - 100 * s}) scale(${s})">${MOTIFS[m](r, p)}</g>`;
    })
    .join('');
  return svg(
    w,
    h,
    `${backdrop(r, p, w, h, tableY)}${papelPicado(r, w, 0, p.accents)}${objects}<rect y="${h - 14}" width="${w}" height="14" fill="${p.accents[0]}"/>`,
  );
}
