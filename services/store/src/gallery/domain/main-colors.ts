/**
 * Main colours of an image from its raw RGBA pixels: colours are grouped in a 16-level-per-channel grid,
 * the fullest groups win (their average colour), skipping ones too close to a colour already chosen.
 * Transparent pixels are ignored. Answers `#rrggbb`, most prominent first.
 */
export function mainColors(rgba: Uint8Array, count: number): string[] {
  if (count <= 0) return [];
  const buckets = new Map<number, { n: number; r: number; g: number; b: number }>();
  for (let i = 0; i + 3 < rgba.length; i += 4) {
    if (rgba[i + 3] < 128) continue;
    const r = rgba[i];
    const g = rgba[i + 1];
    const b = rgba[i + 2];
    const key = ((r >> 4) << 8) | ((g >> 4) << 4) | (b >> 4);
    const bucket = buckets.get(key);
    if (bucket) {
      bucket.n++;
      bucket.r += r;
      bucket.g += g;
      bucket.b += b;
    } else {
      buckets.set(key, { n: 1, r, g, b });
    }
  }
  const ranked = [...buckets.values()]
    .sort((a, b) => b.n - a.n)
    .map((x) => [Math.round(x.r / x.n), Math.round(x.g / x.n), Math.round(x.b / x.n)] as const);
  const chosen: Array<readonly [number, number, number]> = [];
  for (const minDistance of [40, 16, 0]) {
    for (const c of ranked) {
      if (chosen.length >= count) break;
      if (chosen.includes(c)) continue;
      if (chosen.every((p) => Math.hypot(p[0] - c[0], p[1] - c[1], p[2] - c[2]) > minDistance)) chosen.push(c);
    }
    if (chosen.length >= count) break;
  }
  return chosen.map(([r, g, b]) => `#${[r, g, b].map((v) => v.toString(16).padStart(2, '0')).join('')}`);
}
