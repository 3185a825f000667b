import { GALLERY_VARIANT_WIDTHS, type GalleryVariantWidth } from '@vitrina/contracts';

/**
 * Names of gallery files (issue 10 §3 'Images'): an original `{uuid}.{jpg|png|svg}` and, beside a raster one,
 * its WebP size variants `{uuid}-{width}.webp` for every width of GALLERY_VARIANT_WIDTHS. Names are always
 * generated, never taken from a client; these patterns are also what the public file route accepts.
 */
export const ORIGINAL_NAME = /^([0-9a-f-]{36})\.(jpg|png|svg)$/;
export const VARIANT_NAME = new RegExp(`^([0-9a-f-]{36})-(${GALLERY_VARIANT_WIDTHS.join('|')})\\.webp$`);

export const FILE_CONTENT_TYPES: Record<string, string> = { jpg: 'image/jpeg', png: 'image/png', svg: 'image/svg+xml', webp: 'image/webp' };

export function isGalleryFileName(name: string): boolean {
  return ORIGINAL_NAME.test(name) || VARIANT_NAME.test(name);
}

/** `{id}-{width}.webp`. */
export function variantFileName(id: string, width: GalleryVariantWidth): string {
  return `${id}-${width}.webp`;
}

/** The id and width a variant's name stands for, or undefined when it is not a variant's name. */
export function parseVariantName(name: string): { id: string; width: GalleryVariantWidth } | undefined {
  const m = VARIANT_NAME.exec(name);
  return m ? { id: m[1], width: Number(m[2]) as GalleryVariantWidth } : undefined;
}

/** Whether an original of this file name gets variants (rasters do; an SVG scales by itself). */
export function hasVariants(fileName: string): boolean {
  return /\.(jpg|png)$/.test(fileName);
}
