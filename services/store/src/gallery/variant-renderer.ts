import sharp from 'sharp';
import { GALLERY_VARIANT_WIDTHS, type GalleryVariantWidth } from '@vitrina/contracts';

export interface RenderedVariant {
  nameWidth: GalleryVariantWidth;
  width: number;
  height: number;
  body: Buffer;
}

/** WebP quality of the variants: photos and banners look right at it, at about a third of a JPEG's bytes. */
const QUALITY = 80;

/**
 * Renders the WebP size variants of a raster image (issue 10 §3 'Images'), one per GALLERY_VARIANT_WIDTHS,
 * never upscaled: a 500 px wide original gives 500 px under the names 640, 1280 and 2048. The source is decoded
 * once, at most to the widest variant (JPEG shrink-on-load makes that cheap for big photos), and every variant
 * is resized from those pixels, so a 50 MP upload costs one decode. `maxPixels` refuses decompression bombs.
 */
export async function renderVariants(source: Buffer, maxPixels: number): Promise<RenderedVariant[]> {
  const widest = GALLERY_VARIANT_WIDTHS[GALLERY_VARIANT_WIDTHS.length - 1];
  const { data, info } = await sharp(source, { limitInputPixels: maxPixels, failOn: 'error' })
    .rotate()
    .resize({ width: widest, withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } } as const;
  const variants: RenderedVariant[] = [];
  // One after another: the caller already holds one of ImageWork's slots.
  for (const nameWidth of GALLERY_VARIANT_WIDTHS) {
    const out = await sharp(data, raw)
      .resize({ width: nameWidth, withoutEnlargement: true })
      .webp({ quality: QUALITY, effort: 4, smartSubsample: true })
      .toBuffer({ resolveWithObject: true });
    variants.push({ nameWidth, width: out.info.width, height: out.info.height, body: out.data });
  }
  return variants;
}
