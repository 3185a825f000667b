import sharp from 'sharp';

/** A stable 32-bit hash of a string (FNV-1a). */
function hash(value: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < value.length; i++) {
    h ^= value.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** Initials of a slug: `cafe-de-chiapas` -> `CC` (short words skipped). */
export function initialsOf(slug: string): string {
  const words = slug.split('-').filter((w) => w.length > 2 && !/^\d+$/.test(w));
  const letters = (words.length ? words : slug.split('-')).slice(0, 2).map((w) => w[0] ?? '');
  return letters.join('').toUpperCase() || 'V';
}

/**
 * A demo photo generated locally (no download): a diagonal gradient whose hues come from the key, with
 * the item's initials. `variant` shifts the hues for an item's second and third photo.
 */
export async function renderDemoPhoto(slug: string, variant: number, width = 800, height = 600): Promise<Buffer> {
  const h = hash(slug);
  const hue1 = (h % 360 + variant * 47) % 360;
  const hue2 = (hue1 + 40 + ((h >>> 9) % 80)) % 360;
  const text = initialsOf(slug);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="hsl(${hue1},65%,58%)"/><stop offset="1" stop-color="hsl(${hue2},60%,38%)"/>
  </linearGradient></defs>
  <rect width="100%" height="100%" fill="url(#g)"/>
  <circle cx="${width * 0.82}" cy="${height * 0.2}" r="${height * 0.35}" fill="#ffffff" fill-opacity="0.08"/>
  <text x="50%" y="50%" dy="0.35em" font-family="DejaVu Sans, Arial, sans-serif" font-size="${Math.round(height * 0.36)}"
    font-weight="700" fill="#ffffff" fill-opacity="0.92" text-anchor="middle">${text}</text>
</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 78, mozjpeg: true }).toBuffer();
}
