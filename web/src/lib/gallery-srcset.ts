import { GALLERY_VARIANT_WIDTHS } from '@vitrina/contracts';

/**
 * A gallery upload's address, as the store answers it: `{base}/{uuid}.jpg` or `.png` (base `/api/gallery/files`,
 * or a bucket or CDN URL), optionally with a query or fragment. SVGs, demo photos and other sites' images do
 * not match: they have no variants.
 */
const GALLERY_RASTER = /^(.*\/)([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.(?:jpg|png)(?:[?#].*)?$/i;

/**
 * The `srcset` of a gallery upload's WebP size variants (issue 10 §3 'Images'): the store keeps
 * `{uuid}-{width}.webp` beside every raster upload for each of GALLERY_VARIANT_WIDTHS (never wider than the
 * original, so a small picture's wide names hold its own size). Undefined for any other image, which is then
 * shown as it is.
 */
export function gallerySrcSet(src: string | null | undefined): string | undefined {
  const match = src ? GALLERY_RASTER.exec(src) : null;
  if (!match) return undefined;
  const [, base, id] = match;
  return GALLERY_VARIANT_WIDTHS.map((width) => `${base}${id}-${width}.webp ${width}w`).join(', ');
}
