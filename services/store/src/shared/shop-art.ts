import sharp from 'sharp';
import { FolkArt } from '@vitrina/platform';

const { FOLK, MOTIFS, flower, hash, palette, papelPicado, rng, wallPattern } = FolkArt;
type MotifName = FolkArt.MotifName;

function escape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

export interface BannerArt {
  width: number;
  height: number;
  /** The headline panel's colour (the shop's brand colour). */
  colour: string;
  title: string;
  subtitle?: string;
  /** Button text drawn in the picture, as shops' own banners do. */
  cta?: string;
  /** What stands on the shelf: the things the slide sells. */
  motifs: MotifName[];
}

/** Splits a headline into at most `max` lines of about `width` characters. */
function lines(text: string, width: number, max: number): string[] {
  const out: string[] = [];
  for (const word of text.split(' ')) {
    const last = out[out.length - 1];
    if (last !== undefined && (last + ' ' + word).length <= width) out[out.length - 1] = `${last} ${word}`;
    else out.push(word);
  }
  return out.length > max ? [...out.slice(0, max - 1), out.slice(max - 1).join(' ')] : out;
}

/**
 * The SVG of a banner picture (issue 10 §3; a new shop's starter slides, issue 16): a shop scene — its products on a shelf under papel picado — on
 * the right, and a headline panel in the shop's colour on the left with title, subtitle and a
 * call to action, like a real shop's slide. The seed comes from the title, so each slide is its own.
 */
export function bannerSvg(b: BannerArt): string {
  const { width: w, height: h } = b;
  const r = rng(hash(`${b.title}|${w}x${h}`));
  const p = palette(r);
  // phone slides are drawn ~390 px wide: a wider panel and larger type so the headline stays readable there
  const phone = w / h < 2.5;
  const panel = w * (phone ? 0.56 : 0.44);
  const tableY = h * 0.8;
  const step = (w - panel) / (b.motifs.length + 0.3);
  // as large as the shelf allows, below the papel picado and without touching each other (a motif is ~250 wide)
  const s = Math.min(h / 400, step / 260);
  const sceneX = panel + (w - panel) / 2;
  const objects = b.motifs
    .map((m, i) => {
      const x = sceneX + (i - (b.motifs.length - 1) / 2) * step;
      const k = s * (i === Math.floor(b.motifs.length / 2) ? 1.08 : 0.95);
      return `<g transform="translate(${Math.round(x)} ${Math.round(tableY + h * 0.08 - 100 * k)}) scale(${k.toFixed(3)})">${MOTIFS[m](r, p)}</g>`;
    })
    .join('');
  const scene = `<defs>${wallPattern(r, p, 'wall')}</defs><rect width="${w}" height="${h}" fill="${p.wall}"/><rect width="${w}" height="${tableY}" fill="url(#wall)"/>
       <rect y="${tableY}" width="${w}" height="${h - tableY}" fill="${p.table}"/><rect y="${tableY}" width="${w}" height="${h * 0.025}" fill="#000" opacity="0.1"/>${objects}`;
  const titleSize = Math.round(phone ? Math.min(h * 0.125, (panel * 0.86) / 7.5) : Math.min(h * 0.15, (panel * 0.86) / 9.5));
  const title = lines(b.title, Math.max(10, Math.floor((panel * 0.86) / (titleSize * 0.6))), 3);
  const x = Math.round(panel * 0.1);
  // the text block (title lines, subtitle, button) centred in the panel below the row of flowers; on phones at
  // the top, clear of the carousel's controls drawn over the slide's lower left
  const lineHeight = Math.round(titleSize * 1.1);
  const ctaSize = Math.round(titleSize * (phone ? 0.42 : 0.36));
  const block =
    titleSize + (title.length - 1) * lineHeight + (b.subtitle ? titleSize * 0.85 : 0) + (b.cta ? titleSize * 0.5 + ctaSize * 2.3 : 0);
  let y = Math.round((phone ? h * 0.16 : Math.max(h * 0.2, (h - block) / 2 + h * 0.05)) + titleSize * 0.8);
  const text: string[] = title.map(
    (line, i) =>
      `<text x="${x}" y="${y + i * lineHeight}" font-family="DejaVu Serif, serif" font-weight="700" font-size="${titleSize}" fill="#fff">${escape(line)}</text>`,
  );
  y += (title.length - 1) * lineHeight;
  if (b.subtitle) {
    y += Math.round(titleSize * 0.85);
    text.push(
      `<text x="${x}" y="${y}" font-family="DejaVu Sans, sans-serif" font-size="${Math.round(titleSize * (phone ? 0.5 : 0.42))}" fill="#fff" fill-opacity="0.92">${escape(b.subtitle)}</text>`,
    );
  }
  if (b.cta) {
    const size = ctaSize;
    const bw = Math.round(size * (b.cta.length * 0.62 + 2.4));
    y += Math.round(titleSize * 0.5);
    text.push(
      `<rect x="${x}" y="${y}" width="${bw}" height="${Math.round(size * 2.3)}" rx="${Math.round(size * 1.15)}" fill="#fff"/><text x="${x + bw / 2}" y="${y + Math.round(size * 1.5)}" font-family="DejaVu Sans, sans-serif" font-weight="700" font-size="${size}" fill="${b.colour}" text-anchor="middle">${escape(b.cta)}</text>`,
    );
  }
  // the panel ends in a scalloped edge with a band of flowers, like a painted sign
  const scallops = Array.from({ length: 9 }, (_, i) => `<circle cx="${panel}" cy="${(h / 8) * i}" r="${h / 16}" fill="${b.colour}"/>`).join(
    '',
  );
  const flowers = Array.from({ length: 5 }, (_, i) =>
    flower(panel * 0.1 + i * h * 0.075, h * 0.12, h * 0.035, p.accents[i % 4], FOLK.amarillo),
  ).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">${scene}${papelPicado(r, w, 0, p.accents)}
    <rect width="${panel}" height="${h}" fill="${b.colour}"/>${scallops}<rect width="${panel}" height="${h}" fill="url(#wall)" opacity="0.08"/>${flowers}${text.join('')}</svg>`;
}

/** A banner picture (the demo shops', a new shop's starter slides) rendered to JPEG (the gallery stores PNG or JPEG). */
export async function renderBanner(b: BannerArt): Promise<Buffer> {
  return sharp(Buffer.from(bannerSvg(b)))
    .jpeg({ quality: 82, mozjpeg: true })
    .toBuffer();
}

/** A shop logo: initials on the brand colour inside a ring of folk flowers. */
export function logoSvg(opts: { from: string; to: string; initials: string }): string {
  const r = rng(hash(opts.initials));
  const p = palette(r);
  const ring = Array.from({ length: 10 }, (_, i) => {
    const a = (i / 10) * Math.PI * 2;
    return flower(200 + Math.cos(a) * 158, 200 + Math.sin(a) * 158, 30, p.accents[i % 4], '#fff');
  }).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${opts.from}"/><stop offset="1" stop-color="${opts.to}"/></linearGradient></defs>
  <rect width="400" height="400" rx="80" fill="#fbf8f1"/><circle cx="200" cy="200" r="190" fill="url(#g)"/>${ring}<circle cx="200" cy="200" r="118" fill="#fbf8f1" opacity="0.15"/>
  <text x="50%" y="50%" dy="0.35em" font-family="DejaVu Serif, serif" font-weight="700" font-size="140" fill="#fff" text-anchor="middle">${escape(opts.initials)}</text>
</svg>`;
}

export async function renderLogo(opts: { from: string; to: string; initials: string }): Promise<Buffer> {
  return sharp(Buffer.from(logoSvg(opts)))
    .png({ compressionLevel: 6 })
    .toBuffer();
}
