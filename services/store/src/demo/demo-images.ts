import sharp from 'sharp';

function escape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * A demo image generated locally (no download): a gradient with a title and an optional subtitle,
 * rendered to JPEG by sharp. Used for the demo shops' logos and banners.
 */
export async function renderBanner(opts: { width: number; height: number; from: string; to: string; title: string; subtitle?: string }): Promise<Buffer> {
  const { width: w, height: h } = opts;
  const size = Math.round(Math.min(h * 0.16, w / Math.max(8, opts.title.length) * 1.4));
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${opts.from}"/><stop offset="1" stop-color="${opts.to}"/></linearGradient></defs>
  <rect width="100%" height="100%" fill="url(#g)"/>
  <circle cx="${w * 0.85}" cy="${h * 0.25}" r="${h * 0.45}" fill="#fff" fill-opacity="0.08"/>
  <circle cx="${w * 0.1}" cy="${h * 0.95}" r="${h * 0.3}" fill="#fff" fill-opacity="0.06"/>
  <text x="50%" y="${opts.subtitle ? '45%' : '50%'}" dy="0.35em" font-family="DejaVu Sans, sans-serif" font-weight="700" font-size="${size}" fill="#fff" text-anchor="middle">${escape(opts.title)}</text>
  ${opts.subtitle ? `<text x="50%" y="62%" dy="0.35em" font-family="DejaVu Sans, sans-serif" font-size="${Math.round(size * 0.45)}" fill="#fff" fill-opacity="0.9" text-anchor="middle">${escape(opts.subtitle)}</text>` : ''}
</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 82, mozjpeg: true }).toBuffer();
}

export async function renderLogo(opts: { from: string; to: string; initials: string }): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${opts.from}"/><stop offset="1" stop-color="${opts.to}"/></linearGradient></defs>
  <rect width="400" height="400" rx="80" fill="url(#g)"/>
  <text x="50%" y="50%" dy="0.35em" font-family="DejaVu Sans, sans-serif" font-weight="700" font-size="170" fill="#fff" text-anchor="middle">${escape(opts.initials)}</text>
</svg>`;
  return sharp(Buffer.from(svg)).png({ compressionLevel: 6 }).toBuffer();
}
