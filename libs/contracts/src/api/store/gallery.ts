import { z } from 'zod';

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
  })
  .meta({ id: 'GalleryUpload' });
export type GalleryUpload = z.infer<typeof GalleryUploadSchema>;

/**
 * `GET /gallery/files/{name}`: the image's bytes (image/jpeg, image/png or image/svg+xml), not JSON. The handler
 * answers a Buffer (a Uint8Array); the OpenAPI describes it as a binary string.
 */
export const GalleryFileSchema = z.instanceof(Uint8Array).meta({ type: 'string', format: 'binary', description: 'The image file' });
