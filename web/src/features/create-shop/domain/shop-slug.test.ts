import { describe, expect, it } from 'vitest';
import { nameProblem, shopAddress, slugProblem, suggestSlug } from './shop-slug';

describe('the slug a shop name suggests', () => {
  it('is lowercase, without accents, with hyphens for spaces', () => {
    expect(suggestSlug('Café La Niña')).toBe('cafe-la-nina');
    expect(suggestSlug('ÁRBOL  Ñandú   Übung')).toBe('arbol-nandu-ubung');
  });

  it('drops any other character and keeps digits, hyphens and underscores', () => {
    expect(suggestSlug('Tacos & Más #1!')).toBe('tacos-mas-1');
    expect(suggestSlug("Doña_Pepa's 24/7")).toBe('dona_pepas-247');
    expect(suggestSlug('Mi -- tienda')).toBe('mi-tienda');
  });

  it('has no hyphen at either end and at most 60 characters', () => {
    expect(suggestSlug('  ¡Hola!  ')).toBe('hola');
    expect(suggestSlug('- tienda -')).toBe('tienda');
    const long = suggestSlug(`${'a'.repeat(59)} b`);
    expect(long).toBe('a'.repeat(59));
    expect(suggestSlug('x'.repeat(80))).toHaveLength(60);
  });

  it('is empty for a name with nothing usable', () => {
    expect(suggestSlug('')).toBe('');
    expect(suggestSlug('¿¡!?')).toBe('');
  });
});

describe('slug rules before any request (spec 1 §5: letters, digits, underscore, hyphen; 3 to 60)', () => {
  it('accepts a well-formed slug in any case', () => {
    expect(slugProblem('mi-tienda_2')).toBeNull();
    expect(slugProblem('MiTienda')).toBeNull();
    expect(slugProblem('abc')).toBeNull();
    expect(slugProblem('a'.repeat(60))).toBeNull();
  });

  it('explains what is wrong', () => {
    expect(slugProblem('')).toBe('required');
    expect(slugProblem('mi tienda')).toBe('chars');
    expect(slugProblem('café')).toBe('chars');
    expect(slugProblem('ab')).toBe('tooShort');
    expect(slugProblem('a'.repeat(61))).toBe('tooLong');
  });
});

describe('the shop name', () => {
  it('is required and at most 100 characters', () => {
    expect(nameProblem('  ')).toBe('required');
    expect(nameProblem('x'.repeat(101))).toBe('tooLong');
    expect(nameProblem(' Café ')).toBeNull();
  });
});

describe("the shop's future address", () => {
  it('is {origin}/tienda/{slug}', () => {
    expect(shopAddress('https://vitrina.mx', 'cafe')).toBe('https://vitrina.mx/tienda/cafe');
    expect(shopAddress('https://vitrina.mx/', 'cafe')).toBe('https://vitrina.mx/tienda/cafe');
  });
});
