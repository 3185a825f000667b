import { describe, expect, it } from '@jest/globals';
import { DEMO_ITEMS, formatMinorUnits, parseMoneyToMinor } from '@vitrina/contracts';
import { DEMO_ITEM_DETAILS } from '../src/demo/demo-fixture.js';
import { checkItem, isConcluded, type ItemDraft } from '../src/items/domain/item.rules.js';
import { EMPTY_DRAFT } from '../src/items/commands/item-input.js';
import { normaliseText, prefixTsQuery, slugify } from '../src/shared/normalise.js';

describe('search text', () => {
  it('folds accents and case and keeps only letters and digits', () => {
    expect(normaliseText('  Café de Piña—Ñandú 500g! ')).toBe('cafe de pina nandu 500g');
  });

  it('builds a prefix query that cannot carry tsquery syntax', () => {
    expect(prefixTsQuery('Caf alt')).toBe('caf:* & alt:*');
    expect(prefixTsQuery("caf' | !x:* & (y)")).toBe('caf:* & x:* & y:*');
    expect(prefixTsQuery('  ')).toBeUndefined();
    expect(prefixTsQuery('&|!')).toBeUndefined();
    expect(prefixTsQuery('a b c d e f g h i j')?.split('&')).toHaveLength(8);
  });

  it('makes slugs of letters, digits and hyphens', () => {
    expect(slugify('Café de Oaxaca Pluma 1 kg')).toBe('cafe-de-oaxaca-pluma-1-kg');
    expect(slugify('¡¡!!')).toBe('item');
  });
});

describe('money', () => {
  it('shows minor units with two decimals and parses amounts exactly', () => {
    expect(formatMinorUnits(19900)).toBe('199.00');
    expect(formatMinorUnits(5)).toBe('0.05');
    expect(formatMinorUnits(-150)).toBe('-1.50');
    expect(parseMoneyToMinor('199.5')).toBe(19950);
    expect(parseMoneyToMinor(0.1)).toBe(10);
    expect(parseMoneyToMinor(1.005)).toBeUndefined();
    expect(parseMoneyToMinor('1e3')).toBeUndefined();
    expect(parseMoneyToMinor('-1')).toBeUndefined();
  });
});

describe('item rules', () => {
  const draft = (over: Partial<ItemDraft>): ItemDraft => ({ ...EMPTY_DRAFT, type: 'product', name: 'x', ...over });

  it('refuses a margin above the price, a priced free item and a dated product', () => {
    expect(() => checkItem(draft({ listPriceMinor: 100, contributionMarginMinor: 101 }))).toThrow('contribution_margin');
    expect(() => checkItem(draft({ isFree: true, listPriceMinor: 100 }))).toThrow('list_price');
    expect(() => checkItem(draft({ experienceDate: new Date() }))).toThrow('experience_date');
    expect(() => checkItem(draft({ type: 'experience', experienceDate: new Date(), listPriceMinor: 100 }))).not.toThrow();
  });

  it('concludes an experience once its date has passed', () => {
    const now = new Date('2030-01-01T12:00:00Z');
    expect(isConcluded('experience', new Date('2030-01-01T11:59:59Z'), now)).toBe(true);
    expect(isConcluded('experience', new Date('2030-01-01T12:00:01Z'), now)).toBe(false);
    expect(isConcluded('product', new Date('2000-01-01'), now)).toBe(false);
  });
});

describe('demo fixture', () => {
  it('gives every demo item ref a detail: 60+ items of all four types, free, crossout, sold out, a past experience', () => {
    expect(DEMO_ITEM_DETAILS).toHaveLength(DEMO_ITEMS.length);
    expect(DEMO_ITEMS.length).toBeGreaterThanOrEqual(60);
    expect(new Set(DEMO_ITEMS.map((i) => i.type))).toEqual(new Set(['product', 'service', 'experience', 'digital']));
    expect(DEMO_ITEM_DETAILS.some((d) => d.free)).toBe(true);
    expect(DEMO_ITEM_DETAILS.some((d) => d.soldOut)).toBe(true);
    expect(DEMO_ITEM_DETAILS.some((d) => (d.inDays ?? 0) < 0)).toBe(true);
    DEMO_ITEMS.forEach((ref, i) => {
      if (DEMO_ITEM_DETAILS[i].inDays !== undefined) expect(ref.type).toBe('experience');
    });
  });
});
