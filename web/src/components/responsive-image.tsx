import { useState, type ImgHTMLAttributes } from 'react';
import { gallerySrcSet } from '@/lib/gallery-srcset';

export interface ResponsiveImageProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet' | 'sizes' | 'loading' | 'alt'> {
  src: string;
  alt: string;
  /**
   * How wide the image is drawn, as the `sizes` attribute says it (`(max-width: 48em) 50vw, 25vw`): the browser
   * picks the smallest variant that covers it at the screen's density. Give the drawn size, not the file's.
   */
  sizes: string;
  /** Above the fold (the first banner, an item's main photo): loaded at once and first, not lazily. */
  priority?: boolean;
  /** Another picture below a media query (a banner's portrait image on phones): a `<picture>` with its `<source>`. */
  art?: { media: string; src: string; sizes?: string };
}

/**
 * An image that downloads no more than it shows (issue 10 §3 'Images'): a gallery upload gets the `srcset` of
 * its WebP size variants with the caller's `sizes`; anything else is drawn as it is. Lazy and decoded off the
 * main thread unless `priority`. If a variant cannot be loaded (an upload older than variants on a bucket
 * nobody backfilled), it falls back to the original file.
 */
export function ResponsiveImage({ src, alt, sizes, priority = false, art, onError, ...rest }: ResponsiveImageProps) {
  const [failed, setFailed] = useState<string | null>(null);
  const useVariants = failed !== `${src} ${art?.src ?? ''}`;
  const srcSet = useVariants ? gallerySrcSet(src) : undefined;
  const img = (
    <img
      {...rest}
      alt={alt}
      // loading and srcset/sizes before src: a browser that sees src first may start fetching the original.
      loading={priority ? 'eager' : 'lazy'}
      decoding="async"
      {...(priority ? { fetchPriority: 'high' as const } : {})}
      sizes={srcSet ? sizes : undefined}
      srcSet={srcSet}
      src={src}
      onError={(event) => {
        if (useVariants && (srcSet || gallerySrcSet(art?.src))) setFailed(`${src} ${art?.src ?? ''}`);
        onError?.(event);
      }}
    />
  );
  if (!art) return img;
  const artSet = useVariants ? gallerySrcSet(art.src) : undefined;
  return (
    <picture>
      <source media={art.media} sizes={artSet ? (art.sizes ?? sizes) : undefined} srcSet={artSet ?? art.src} />
      {img}
    </picture>
  );
}
