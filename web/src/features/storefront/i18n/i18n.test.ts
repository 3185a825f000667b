import { describe, expect, it } from 'vitest';
import en from './en.json';
import esAR from './es-AR.json';
import es from './es.json';

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keys(child, prefix ? `${prefix}.${key}` : key));
}

describe('storefront texts', () => {
  it('English has exactly the Spanish keys', () => {
    expect(keys(en).sort()).toEqual(keys(es).sort());
  });

  it('es-AR only overrides keys that exist in Spanish', () => {
    const spanish = new Set(keys(es));
    expect(keys(esAR).filter((key) => !spanish.has(key))).toEqual([]);
  });

  it('has the spec’s header button labels', () => {
    expect(es.headerButton).toEqual({
      signup: 'Regístrate',
      signupnow: 'Regístrate ahora',
      signupfree: 'Regístrate gratis',
      startnow: 'Comienza Ahora',
      buynow: 'Comprar ahora',
      more: 'Ver más',
    });
    expect(es.listing.sort).toEqual({ queue_position: 'Más relevantes', '-list_price': 'Mayor precio', list_price: 'Menor precio' });
  });
});
