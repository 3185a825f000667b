import sharp from 'sharp';
import { describe, expect, it } from '@jest/globals';
import { DEMO_ITEMS } from '@vitrina/contracts';
import { DEMO_CATALOGUES, DEMO_ITEM_DETAILS } from '../src/demo/demo-fixture.js';
import { demoPhotoSvg, motifFor, renderDemoPhoto, subjectOf } from '../src/demo/photo-renderer.js';
import { slugify } from '../src/shared/normalise.js';

// Demo imagery (issue 10 §3): illustrated art of what each demo item and catalogue is, drawn from code.
describe('demo photo art', () => {
  const itemSlugs = DEMO_ITEM_DETAILS.map((d) => slugify(d.name));

  it('is deterministic: the same key draws the same picture, another photo of the item a different one', () => {
    for (const slug of itemSlugs) expect(demoPhotoSvg(slug, 0)).toBe(demoPhotoSvg(slug, 0));
    expect(demoPhotoSvg(itemSlugs[0], 0)).not.toBe(demoPhotoSvg(itemSlugs[0], 1));
  });

  it('no two demo items look alike', () => {
    expect(new Set(itemSlugs.map((s) => demoPhotoSvg(s, 0))).size).toBe(itemSlugs.length);
  });

  it('draws what the item is: its fixture type, and a motif from its name', () => {
    DEMO_ITEMS.forEach((ref, i) => expect(subjectOf(itemSlugs[i]).kind).toBe(ref.type));
    expect(motifFor('alebrije-jaguar-pintado-a-mano')).toBe('alebrije');
    expect(motifFor('taza-de-talavera-azul')).toBe('cup');
    expect(motifFor('plato-decorativo-de-talavera')).toBe('plate');
    expect(motifFor('catalogo-de-disenos-de-talavera')).toBe('plate');
    expect(motifFor('cata-de-cafes-de-especialidad')).toBe('cup');
    expect(motifFor('rebozo-de-seda-tejido')).toBe('rebozo');
    expect(motifFor('cafe-de-chiapas-tostado-500-g')).toBe('coffeeBag');
    expect(motifFor('collar-de-chaquira-huichol')).toBe('necklace');
    expect(motifFor('aretes-de-filigrana-de-plata')).toBe('earrings');
  });

  it('every demo catalogue gets a cover of its own items (a place for a catalogue of experiences)', () => {
    for (const c of DEMO_CATALOGUES) {
      const subject = subjectOf(slugify(c.name, 60));
      if (c.name === 'Experiencias únicas') expect(subject.kind).toBe('experience');
      else expect(subject.kind).toBe('catalogue');
      if (subject.kind === 'catalogue') expect(subject.motifs.length).toBeGreaterThan(0);
    }
  });

  it('renders valid JPEGs of the asked size for every item, photo and catalogue', async () => {
    const keys = [
      ...itemSlugs.map((s) => [s, 0] as const),
      [itemSlugs[1], 3] as const,
      ...DEMO_CATALOGUES.map((c) => [slugify(c.name, 60), 0] as const),
      ['bench-7', 0] as const,
    ];
    for (const [slug, variant] of keys) {
      const meta = await sharp(await renderDemoPhoto(slug, variant, 400, 300)).metadata();
      expect([slug, meta.format, meta.width, meta.height]).toEqual([slug, 'jpeg', 400, 300]);
    }
    const full = await sharp(await renderDemoPhoto(itemSlugs[0], 0)).metadata();
    expect([full.width, full.height]).toEqual([800, 600]);
  }, 60_000);
});
