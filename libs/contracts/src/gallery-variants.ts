/**
 * Size variants the gallery stores beside every raster upload (issue 10 §3 'Images'): WebP at these widths,
 * never wider than the original (a narrower original gives the same, smaller, picture under every name). The
 * largest also caps what a page ever downloads. Their names derive from the original's:
 * `{id}.{jpg|png}` -> `{id}-{width}.webp` in the same folder or bucket, so a client holding only the URL can
 * build a `srcset` (web/src/components/responsive-image.tsx). SVGs have none (vector).
 *
 * Kept apart from the zod answer schemas (api/store/gallery.ts) so the web can import it without zod.
 */
export const GALLERY_VARIANT_WIDTHS = [320, 640, 1280, 2048] as const;
export type GalleryVariantWidth = (typeof GALLERY_VARIANT_WIDTHS)[number];

/**
 * A gallery upload's address, as the store answers it: `{base}/{uuid}.jpg` or `.png` (base `/api/gallery/files`,
 * or a bucket or CDN URL), optionally with a query or fragment. SVGs, demo photos and other sites' images do
 * not match: they have no variants.
 */
const GALLERY_RASTER = /^(.*\/)([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.(?:jpg|png)(?:[?#].*)?$/i;

/**
 * The `srcset` of a gallery upload's WebP size variants: `{uuid}-{width}.webp {width}w` for each of
 * GALLERY_VARIANT_WIDTHS. Undefined for any other image, which is then shown as it is. The web's pictures and the
 * gateway's preload of the shop home's first banner build it here, so both name the same file.
 */
export function gallerySrcSet(src: string | null | undefined): string | undefined {
  const match = src ? GALLERY_RASTER.exec(src) : null;
  if (!match) return undefined;
  const [, base, id] = match;
  return GALLERY_VARIANT_WIDTHS.map((width) => `${base}${id}-${width}.webp ${width}w`).join(', ');
}

/**
 * How wide the shop home's banner is drawn (spec 1 §5: the horizontal image on wide screens, the vertical one on
 * phones): the carousel's `sizes` and `media`, and the gateway's `<link rel="preload">` for the first slide.
 */
export const BANNER_IMAGE = {
  sizes: '(max-width: 75em) 100vw, 1200px',
  phoneMedia: '(max-width: 47.99em)',
  wideMedia: '(min-width: 48em)',
  phoneSizes: '100vw',
} as const;
