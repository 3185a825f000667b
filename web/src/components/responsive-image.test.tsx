import { fireEvent, render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { gallerySrcSet } from '@/lib/gallery-srcset';
import { ResponsiveImage } from './responsive-image';

const ID = '0193a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b';
const img = (container: HTMLElement) => container.querySelector('img')!;

describe('gallerySrcSet', () => {
  it('lists the WebP variants of a gallery upload, wherever its files are served from', () => {
    expect(gallerySrcSet(`/api/gallery/files/${ID}.jpg`)).toBe(
      `/api/gallery/files/${ID}-320.webp 320w, /api/gallery/files/${ID}-640.webp 640w, /api/gallery/files/${ID}-1280.webp 1280w, /api/gallery/files/${ID}-2048.webp 2048w`,
    );
    expect(gallerySrcSet(`https://cdn.example.com/media/${ID}.png?v=2`)?.split(', ')[0]).toBe(
      `https://cdn.example.com/media/${ID}-320.webp 320w`,
    );
  });

  it('leaves other images alone: SVG uploads, demo photos, other sites, nothing', () => {
    for (const src of [
      `/api/gallery/files/${ID}.svg`,
      '/api/catalogue/demo-photos/alebrije.jpg',
      'https://example.com/photo.jpg',
      `/api/gallery/files/${ID}-640.webp`,
      '',
      null,
      undefined,
    ]) {
      expect(gallerySrcSet(src)).toBeUndefined();
    }
  });
});

describe('ResponsiveImage', () => {
  it('gives a gallery upload its srcset and sizes, lazy and async by default', () => {
    const { container } = render(
      <ResponsiveImage src={`/api/gallery/files/${ID}.jpg`} alt="Alebrije" width={400} height={300} sizes="(max-width: 48em) 50vw, 25vw" />,
    );
    const el = img(container);
    expect(el.getAttribute('srcset')).toBe(gallerySrcSet(`/api/gallery/files/${ID}.jpg`));
    expect(el.getAttribute('sizes')).toBe('(max-width: 48em) 50vw, 25vw');
    expect(el.getAttribute('src')).toBe(`/api/gallery/files/${ID}.jpg`);
    expect(el.getAttribute('loading')).toBe('lazy');
    expect(el.getAttribute('decoding')).toBe('async');
    expect(el.getAttribute('fetchpriority')).toBeNull();
    expect([el.getAttribute('alt'), el.getAttribute('width'), el.getAttribute('height')]).toEqual(['Alebrije', '400', '300']);
  });

  it('loads a priority image at once and first', () => {
    const { container } = render(<ResponsiveImage src={`/api/gallery/files/${ID}.png`} alt="" sizes="100vw" priority />);
    expect(img(container).getAttribute('loading')).toBe('eager');
    expect(img(container).getAttribute('fetchpriority')).toBe('high');
  });

  it('draws an image without variants as it is', () => {
    const { container } = render(<ResponsiveImage src="/api/catalogue/demo-photos/cafe.jpg" alt="" sizes="50vw" className="photo" />);
    const el = img(container);
    expect(el.getAttribute('src')).toBe('/api/catalogue/demo-photos/cafe.jpg');
    expect(el.hasAttribute('srcset')).toBe(false);
    expect(el.hasAttribute('sizes')).toBe(false);
    expect(el.getAttribute('class')).toBe('photo');
  });

  it('falls back to the original file when a variant cannot be loaded', () => {
    const { container } = render(<ResponsiveImage src={`/api/gallery/files/${ID}.jpg`} alt="" sizes="50vw" />);
    fireEvent.error(img(container));
    expect(img(container).hasAttribute('srcset')).toBe(false);
    expect(img(container).getAttribute('src')).toBe(`/api/gallery/files/${ID}.jpg`);
  });

  it('puts an art-directed picture in a <source> with its own variants', () => {
    const vrt = '0193a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5c';
    const { container } = render(
      <ResponsiveImage
        src={`/api/gallery/files/${ID}.png`}
        alt="Banner"
        sizes="100vw"
        art={{ media: '(max-width: 47.99em)', src: `/api/gallery/files/${vrt}.png` }}
      />,
    );
    const source = container.querySelector('picture > source')!;
    expect(source.getAttribute('media')).toBe('(max-width: 47.99em)');
    expect(source.getAttribute('srcset')).toBe(gallerySrcSet(`/api/gallery/files/${vrt}.png`));
    expect(source.getAttribute('sizes')).toBe('100vw');
    expect(container.querySelector('picture > img')!.getAttribute('srcset')).toBe(gallerySrcSet(`/api/gallery/files/${ID}.png`));
    fireEvent.error(img(container));
    expect(container.querySelector('picture > source')!.getAttribute('srcset')).toBe(`/api/gallery/files/${vrt}.png`);
  });
});
