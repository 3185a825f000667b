import sharp from 'sharp';
import { DEMO_ITEMS, type ItemType } from '@vitrina/contracts';
import { slugify } from '../shared/normalise.js';
import { FolkArt } from '@vitrina/platform';
import { catalogueScene, digitalScene, experienceScene, productScene, serviceScene, type Shot } from './art/scenes.js';
import { DEMO_CATALOGUES, DEMO_ITEM_DETAILS } from './demo-fixture.js';

const { hash, rng } = FolkArt;
type MotifName = FolkArt.MotifName;

/** What a slug's words say the thing is (first match wins; the item's type decides the kind of scene). */
const MOTIF_WORDS: Array<[RegExp, MotifName]> = [
  [/alebrije/, 'alebrije'],
  [/barro-negro/, 'blackJar'],
  [/taza|espresso|(^|-)cata(-|$)|latte|recetario|bebidas/, 'cup'],
  [/plato|talavera/, 'plate'],
  [/jarron|barro|jarra|mezcal/, 'jar'],
  [/rebozo|seda/, 'rebozo'],
  [/tapete|lana|telar/, 'tapete'],
  [/cojin/, 'cushion'],
  [/huipil|bordad|otomi|patrones/, 'huipil'],
  [/sarape|textil/, 'sarape'],
  [/molino/, 'grinder'],
  [/cafetera|termo|kit|barismo|barista|extraccion/, 'press'],
  [/cafe|cold-brew|capsulas|finca/, 'coffeeBag'],
  [/aretes|filigrana|plata/, 'earrings'],
  [/collar|chaquira|pulsera|joy/, 'necklace'],
  [/sombrero/, 'hat'],
  [/cesta|palma|canasta/, 'basket'],
  [/mascara|catrina|muneca/, 'face'],
  [/vela|copal|lampara|papel-picado/, 'candle'],
  [/chocolate|miel|granola|jarabe|vainilla|muestra/, 'pantryJar'],
  [/olinala|caja|espejo|hojalata|decoracion/, 'box'],
  [/vidrio|vasos/, 'glasses'],
  [/molcajete|cocina/, 'molcajete'],
  [/bolsa|piel/, 'bag'],
  [/oaxaca|talleres|artesan/, 'blackJar'],
];

const FALLBACK: MotifName[] = ['jar', 'plate', 'rebozo', 'alebrije', 'coffeeBag', 'basket', 'cup', 'necklace'];

export function motifFor(slug: string): MotifName {
  return MOTIF_WORDS.find(([words]) => words.test(slug))?.[1] ?? FALLBACK[hash(slug) % FALLBACK.length];
}

/** The demo fixture by slug: a photo key names only the slug, the item's type comes from here. */
const ITEM_TYPES = new Map<string, ItemType>(DEMO_ITEM_DETAILS.map((d, i) => [slugify(d.name), DEMO_ITEMS[i].type]));
const CATALOGUE_ITEMS = new Map<string, string[]>(
  DEMO_CATALOGUES.map((c) => [
    slugify(c.name, 60),
    c.items.map((id) => slugify(DEMO_ITEM_DETAILS[DEMO_ITEMS.findIndex((ref) => ref.id === id)].name)),
  ]),
);
const BENCH_TYPES: ItemType[] = ['product', 'product', 'product', 'service', 'experience', 'digital'];

export type DemoSubject = { kind: 'catalogue'; motifs: MotifName[] } | { kind: ItemType; motif: MotifName };

/** What a key shows: a demo catalogue, a demo item (its fixture type), a bench item, or a guess from its words. */
export function subjectOf(slug: string): DemoSubject {
  const catalogue = CATALOGUE_ITEMS.get(slug);
  if (catalogue) {
    // a catalogue of experiences shows a place; any other three different things from it, so it reads as a collection
    const experiences = catalogue.filter((item) => ITEM_TYPES.get(item) === 'experience').length;
    if (experiences * 2 >= catalogue.length) return { kind: 'experience', motif: motifFor(catalogue[0]) };
    const motifs = [...new Set(catalogue.map(motifFor))].slice(0, 3);
    return { kind: 'catalogue', motifs };
  }
  const bench = /^bench-(\d+)$/.exec(slug);
  const kind = ITEM_TYPES.get(slug) ?? (bench ? BENCH_TYPES[Number(bench[1]) % BENCH_TYPES.length] : 'product');
  return { kind, motif: motifFor(slug) };
}

/** The SVG of a demo photo: `variant` 0 is the main photo, 1..3 the same thing closer or from another spot. */
export function demoPhotoSvg(slug: string, variant: number, width = 800, height = 600): string {
  const r = rng(hash(`${slug}#${variant}`));
  const shot: Shot = variant === 0 ? { zoom: 1, dx: 0 } : { zoom: 1 + (variant % 2) * 0.12, dx: [0, 0.05, -0.12, 0.1][variant % 4] };
  const subject = subjectOf(slug);
  switch (subject.kind) {
    case 'catalogue':
      return catalogueScene(r, subject.motifs, width, height);
    case 'experience': {
      const place = /barismo|barista/.test(slug)
        ? 'coffeeWorkshop'
        : /taller|clase|curso|telar/.test(slug)
          ? 'workshop'
          : /cata|noche|velas/.test(slug)
            ? 'tasting'
            : /cafe|finca|chiapas/.test(slug)
              ? 'coffeeFarm'
              : 'tour';
      return experienceScene(r, place, subject.motif, width, height, shot);
    }
    case 'digital':
      return digitalScene(r, /curso|video|latte/.test(slug), subject.motif, width, height, shot);
    case 'service':
      return serviceScene(r, subject.motif, width, height, shot);
    case 'product':
      return productScene(r, subject.motif, width, height, shot);
  }
}

/**
 * A demo photo generated locally (no download, issue 10 §3): illustrated art of what the key names (pottery,
 * textiles, coffee, alebrijes, jewellery; a place for experiences, a tablet for digital items, a collection
 * for catalogues), in folk-art colours varied by a seed from the key, rasterised by sharp to JPEG.
 */
export async function renderDemoPhoto(slug: string, variant: number, width = 800, height = 600): Promise<Buffer> {
  return sharp(Buffer.from(demoPhotoSvg(slug, variant, width, height)))
    .jpeg({ quality: 80, mozjpeg: true })
    .toBuffer();
}
