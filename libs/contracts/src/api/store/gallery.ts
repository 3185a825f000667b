import { z } from 'zod';

export { GALLERY_VARIANT_WIDTHS, type GalleryVariantWidth } from '../../gallery-variants.js';

/** One stored size variant of an upload. */
export const GalleryVariantSchema = z
  .strictObject({
    /** The width this variant is named after (320, 640, 1280 or 2048). */
    name_width: z.number().int(),
    /** Its real size: at most `name_width` wide, never wider than the original. */
    width: z.number().int(),
    height: z.number().int(),
    url: z.string(),
    content_type: z.literal('image/webp'),
  })
  .meta({ id: 'GalleryVariant' });
export type GalleryVariant = z.infer<typeof GalleryVariantSchema>;

/** The answer of `POST /gallery/{owner}:{mashupID}/` (spec 1 §7 'Image upload'). */
export const GalleryUploadSchema = z
  .strictObject({
    id: z.string(),
    url: z.string(),
    /** Main colours of the image, most prominent first, as `#rrggbb`. */
    main_colors: z.array(z.string()),
    name: z.string().nullable(),
    content_type: z.enum(['image/jpeg', 'image/png', 'image/svg+xml']),
    width: z.number().int().nullable(),
    height: z.number().int().nullable(),
    size: z.number().int(),
    /** WebP size variants, narrowest first (issue 10 §3); empty for an SVG. */
    variants: z.array(GalleryVariantSchema),
  })
  .meta({ id: 'GalleryUpload' });
export type GalleryUpload = z.infer<typeof GalleryUploadSchema>;

/**
 * `GET /gallery/files/{name}`: the image's bytes (image/jpeg, image/png, image/svg+xml or, for a size variant
 * `{id}-{width}.webp`, image/webp), not JSON. The handler answers a Buffer (a Uint8Array); the OpenAPI
 * describes it as a binary string.
 */
export const GalleryFileSchema = z.instanceof(Uint8Array).meta({ type: 'string', format: 'binary', description: 'The image file' });
