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
