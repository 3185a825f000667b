import { describe, expect, it } from '@jest/globals';
import sharp from 'sharp';
import { bannerSvg, renderBanner, renderLogo, type BannerArt } from '../src/shared/shop-art.js';

// Demo banners and logos (issue 10 §3): a shop scene with headline space, drawn from code and rasterised by sharp.
describe('demo banner art', () => {
  const slide: BannerArt = {
    width: 1600,
    height: 491,
    title: 'Café de altura',
    subtitle: 'Tostado cada semana',
    cta: 'Comprar café',
    colour: '#78350f',
    motifs: ['coffeeBag', 'cup', 'press'],
  };

  it('is deterministic, and each slide is its own picture', () => {
    expect(bannerSvg(slide)).toBe(bannerSvg({ ...slide }));
    expect(bannerSvg({ ...slide, title: 'Alebrijes pintados a mano' })).not.toBe(bannerSvg(slide));
    expect(bannerSvg(slide)).toContain('Comprar café');
  });

  it('renders JPEG slides in the desktop and phone sizes and a PNG logo', async () => {
    const desktop = await sharp(await renderBanner(slide)).metadata();
    const phone = await sharp(await renderBanner({ ...slide, width: 1000, height: 450, motifs: ['coffeeBag', 'cup'] })).metadata();
    const logo = await sharp(await renderLogo({ from: '#0f766e', to: '#f59e0b', initials: 'BD' })).metadata();
    expect([desktop.format, desktop.width, desktop.height]).toEqual(['jpeg', 1600, 491]);
    expect([phone.format, phone.width, phone.height]).toEqual(['jpeg', 1000, 450]);
    expect([logo.format, logo.width, logo.height]).toEqual(['png', 400, 400]);
  }, 30_000);

  it('escapes the headline (titles are text in an SVG)', () => {
    const svg = bannerSvg({ ...slide, title: 'Tazas <b> & platos' });
    expect([svg.includes('&lt;b&gt;'), svg.includes('&amp;'), svg.includes('<b>')]).toEqual([true, true, false]);
  });
});
