import { describe, expect, it } from 'vitest';
import en from './en.json';
import esAR from './es-AR.json';
import es from './es.json';

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keys(child, prefix ? `${prefix}.${key}` : key));
}

describe('shop admin texts', () => {
  it('English has exactly the Spanish keys', () => {
    expect(keys(en).sort()).toEqual(keys(es).sort());
  });

  it('es-AR only overrides keys that exist in Spanish', () => {
    const spanish = new Set(keys(es));
    expect(keys(esAR).filter((key) => !spanish.has(key))).toEqual([]);
  });

  it("keeps the spec's messages (spec 1 §8)", () => {
    expect(es.settings.errors.slugTaken).toBe('Este dominio no está disponible');
    expect(es.common.genericError).toBe('Ocurrió un error');
    expect(es.catalogues.addedToCatalogue).toBe('Los productos han sido agregado al catálogo');
    expect(es.catalogues.addError).toBe('Ocurrio un error al agregar al catálogo');
    expect(es.catalogueProducts.removeError).toBe('Ocurrio un error al borrar el producto del catálogo');
  });
});
